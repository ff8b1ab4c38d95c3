import { act, screen, waitFor, within } from '@testing-library/react';
import { type Floor, type Space, spaceShapeSchema } from '@vestibule/shared';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { axeViolations } from '../../test/axe.ts';
import { HQ, acme } from '../../test/fixtures.ts';
import { mediaQueryList } from '../../test/mediaQuery.ts';
import { createTestSession, renderScreen, storeSignIn } from '../../test/renderApp.tsx';
import {
  approverFixtures,
  fakeFloors,
  floorFixture,
  planImage,
  rect,
  spaceFixture,
} from '../floors/testing/fakeFloors.ts';
import { SpacesPage } from './SpacesPage.tsx';

async function renderSpaces(floor: Floor, spaces: Space[], view: 'list' | 'map') {
  const fake = fakeFloors({ floors: [floor], spaces });
  storeSignIn({ username: 'supervisor', role: 'ROLE_SUPERVISOR' });
  const session = createTestSession();
  await session.getState().selectTenant(acme.id);
  const rendered = renderScreen(
    <MemoryRouter initialEntries={[`/admin/spaces?building=${HQ.id}&floor=${floor.id}&view=${view}`]}>
      <SpacesPage />
    </MemoryRouter>,
    session,
  );
  return { ...rendered, fake };
}

/** The rectangle a PATCH or POST sent, its numbers rounded to the plan's thousandths. */
function sentRect(sent: unknown) {
  const shape = spaceShapeSchema.parse(sent);
  if (shape.kind !== 'rect') throw new Error('no rectangle sent');
  const round = (value: number) => Math.round(value * 1000) / 1000;
  return { x: round(shape.x), y: round(shape.y), width: round(shape.width), height: round(shape.height) };
}

const floor = () => floorFixture({ name: 'Level 1', image: planImage });

describe('the spaces list', () => {
  it("lists a floor's spaces with their kind, capacity, approvers and place on the plan", async () => {
    const level = floor();
    await renderSpaces(
      level,
      [
        spaceFixture(level, 'Desk 2', { shape: rect(0.1, 0.1) }),
        spaceFixture(level, 'Board room', {
          kind: 'ROOM',
          capacity: 12,
          public: false,
          available: false,
          approver1: approverFixtures[0]!,
          approver2: approverFixtures[1]!,
        }),
      ],
      'list',
    );
    const table = await screen.findByRole('table', { name: 'Spaces of Level 1' });
    const cells = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(0, 7)
          .map((cell) => cell.textContent),
      );
    expect(cells).toEqual([
      ['Board room', 'Meeting room', '12', 'No', 'No', 'Ada Lovelace, Grace Hopper', 'Not placed'],
      ['Desk 2', 'Desk', '–', 'Yes', 'Yes', '–', 'Placed'],
    ]);
    expect(await axeViolations()).toEqual([]);
  });

  it('adds a space in a dialog and asks again before deleting one with bookings to come', async () => {
    const level = floor();
    const { user, fake } = await renderSpaces(level, [spaceFixture(level, 'Desk 1', { futureBookings: 2 })], 'list');
    await user.click(await screen.findByRole('button', { name: 'Add a space' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a space' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Focus room');
    await user.type(within(dialog).getByRole('textbox', { name: /^Capacity/ }), '4');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fake.calls.last('POST /space').body).toMatchObject({
      floorId: level.id,
      name: 'Focus room',
      kind: 'ROOM',
      capacity: 4,
      public: true,
      available: true,
    });
    expect(await screen.findByRole('cell', { name: 'Focus room' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete Desk 1' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete the space' })).getByRole('button', { name: 'Delete' }),
    );
    const again = await screen.findByRole('dialog', { name: 'Bookings to come' });
    expect(again).toHaveTextContent('Desk 1 has 2 bookings to come. Delete the space and cancel them?');
    await user.click(within(again).getByRole('button', { name: 'Delete and cancel the bookings' }));
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Desk 1' })).not.toBeInTheDocument());
    expect(fake.calls.last('DELETE /space/:id').query).toEqual({ cancelBookings: 'true' });
  });
});

describe('the map', () => {
  it('adds a space with the keyboard in the middle of the view, and arrows move it, each move saved', async () => {
    const level = floor();
    const { user, fake } = await renderSpaces(level, [], 'map');
    expect(await screen.findByRole('application', { name: 'Map of Level 1' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add a space' }));
    const shape = await screen.findByRole('button', { name: 'Desk 1, desk, available' });
    await waitFor(() => expect(shape).toHaveFocus());
    const created = fake.calls.last('POST /space').body;
    expect(created).toMatchObject({ floorId: level.id, name: 'Desk 1', kind: 'DESK' });
    // The plan (1000 × 500) fills the 800 × 560 view: its middle is the plan's, on the 1% grid.
    expect(sentRect(created.shape)).toEqual({ x: 0.48, y: 0.46, width: 0.04, height: 0.08 });

    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(fake.calls.of('PATCH /space/:id')).toHaveLength(1));
    expect(sentRect(fake.calls.last('PATCH /space/:id').body.shape)).toEqual({
      x: 0.49,
      y: 0.46,
      width: 0.04,
      height: 0.08,
    });
    // Shift: ten grid steps (a step down is 1% of the width: 2% of this plan's height).
    await user.keyboard('{Shift>}{ArrowDown}{/Shift}');
    await waitFor(() => expect(fake.calls.of('PATCH /space/:id')).toHaveLength(2));
    expect(sentRect(fake.calls.last('PATCH /space/:id').body.shape)).toEqual({
      x: 0.49,
      y: 0.66,
      width: 0.04,
      height: 0.08,
    });
    // Shift+Alt: resized by a step.
    await user.keyboard('{Shift>}{Alt>}{ArrowRight}{/Alt}{/Shift}');
    await waitFor(() => expect(fake.calls.of('PATCH /space/:id')).toHaveLength(3));
    expect(sentRect(fake.calls.last('PATCH /space/:id').body.shape)).toEqual({
      x: 0.49,
      y: 0.66,
      width: 0.05,
      height: 0.08,
    });
    expect(await axeViolations()).toEqual([]);
  });

  it('undoes and redoes the moves, with the buttons and the keys, saving each', async () => {
    const level = floor();
    const desk = spaceFixture(level, 'Desk 12', { shape: rect(0.1, 0.2) });
    const { user, fake } = await renderSpaces(level, [desk], 'map');
    const shape = await screen.findByRole('button', { name: 'Desk 12, desk, available' });
    act(() => shape.focus());
    expect(shape).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Undo' })).toBeDisabled();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    await waitFor(() => expect(fake.calls.of('PATCH /space/:id')).toHaveLength(2));
    expect(sentRect(fake.calls.last('PATCH /space/:id').body.shape).x).toBe(0.08);

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(fake.calls.of('PATCH /space/:id')).toHaveLength(3));
    expect(sentRect(fake.calls.last('PATCH /space/:id').body.shape).x).toBe(0.09);
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(fake.calls.of('PATCH /space/:id')).toHaveLength(4));
    expect(sentRect(fake.calls.last('PATCH /space/:id').body.shape)).toEqual({
      x: 0.1,
      y: 0.2,
      width: 0.04,
      height: 0.08,
    });
    expect(screen.getByRole('button', { name: 'Undo' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Redo' }));
    await waitFor(() => expect(fake.calls.of('PATCH /space/:id')).toHaveLength(5));
    expect(sentRect(fake.calls.last('PATCH /space/:id').body.shape).x).toBe(0.09);

    act(() => screen.getByRole('button', { name: 'Desk 12, desk, available' }).focus());
    await user.keyboard('{Control>}z{/Control}');
    await waitFor(() => expect(fake.calls.of('PATCH /space/:id')).toHaveLength(6));
    expect(sentRect(fake.calls.last('PATCH /space/:id').body.shape).x).toBe(0.1);
    await user.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
    await waitFor(() => expect(fake.calls.of('PATCH /space/:id')).toHaveLength(7));
    expect(sentRect(fake.calls.last('PATCH /space/:id').body.shape).x).toBe(0.09);
    expect(fake.store.spaces[0]!.shape).toEqual(fake.calls.last('PATCH /space/:id').body.shape);
  });

  it('duplicates the selected space next to it with the next free name, by button and Ctrl+D', async () => {
    const level = floor();
    const desk = spaceFixture(level, 'Desk 12', { shape: rect(0.1, 0.2), capacity: 1, color: '#123456' });
    const { user, fake } = await renderSpaces(level, [desk, spaceFixture(level, 'Desk 13')], 'map');
    const shape = await screen.findByRole('button', { name: 'Desk 12, desk, available' });
    act(() => shape.focus());
    await user.keyboard('{Control>}d{/Control}');
    const copy = await screen.findByRole('button', { name: 'Desk 14, desk, available' });
    expect(fake.calls.last('POST /space').body).toMatchObject({
      name: 'Desk 14',
      kind: 'DESK',
      capacity: 1,
      color: '#123456',
    });
    expect(sentRect(fake.calls.last('POST /space').body.shape)).toEqual({ x: 0.14, y: 0.2, width: 0.04, height: 0.08 });
    await waitFor(() => expect(copy).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Duplicate' }));
    expect(await screen.findByRole('button', { name: 'Desk 15, desk, available' })).toBeInTheDocument();
    expect(sentRect(fake.calls.last('POST /space').body.shape).x).toBe(0.18);
  });

  it('edits the selected space in the side panel and asks before deleting it with the Delete key', async () => {
    const level = floor();
    const desk = spaceFixture(level, 'Desk 12', { shape: rect(0.1, 0.2), available: false });
    const { user, fake } = await renderSpaces(level, [desk], 'map');
    const shape = await screen.findByRole('button', { name: 'Desk 12, desk, not available' });
    act(() => shape.focus());
    const panel = screen.getByRole('region', { name: 'The selected space' });
    const name = within(panel).getByRole('textbox', { name: /^Name/ });
    await user.clear(name);
    await user.type(name, 'Desk 20');
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('button', { name: 'Desk 20, desk, not available' })).toBeInTheDocument();
    expect(fake.calls.last('PATCH /space/:id').body).toMatchObject({ name: 'Desk 20', available: false });
    expect(screen.getByRole('list', { name: 'Legend' })).toHaveTextContent('Hatched: not available');

    act(() => screen.getByRole('button', { name: 'Desk 20, desk, not available' }).focus());
    await user.keyboard('{Delete}');
    const question = await screen.findByRole('dialog', { name: 'Delete the space' });
    await user.click(within(question).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Desk 20,/ })).not.toBeInTheDocument());
    expect(fake.store.spaces).toEqual([]);
  });

  it('saves the snapping and grid settings of the floor', async () => {
    const level = floor();
    const { user, fake } = await renderSpaces(level, [], 'map');
    await user.click(await screen.findByRole('switch', { name: 'Snap to the grid' }));
    await waitFor(() =>
      expect(fake.calls.last('PATCH /floor/:id/layoutConfig').body).toEqual({
        gridStep: 0.01,
        snap: false,
        showNames: true,
      }),
    );
    expect(screen.getByRole('switch', { name: 'Snap to the grid' })).not.toBeChecked();
  });
});

describe('the map on a phone', () => {
  it('names the selected space in a bar over the map, whose Edit opens its form in a drawer; saving sends it', async () => {
    // A phone's width: the side panel would wrap under the map.
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
      mediaQueryList(query, query === '(max-width: 47.99em)'),
    );
    const level = floor();
    const { user, fake } = await renderSpaces(
      level,
      [spaceFixture(level, 'Desk 12', { shape: rect(0.1, 0.2) })],
      'map',
    );
    const shape = await screen.findByRole('button', { name: 'Desk 12, desk, available' });
    expect(screen.queryByRole('region', { name: 'The selected space' })).not.toBeInTheDocument();
    act(() => shape.focus());
    const bar = screen.getByRole('region', { name: 'The selected space' });
    expect(within(bar).getByRole('heading', { name: 'Desk 12' })).toBeInTheDocument();
    expect(within(bar).getByText('Desk')).toBeInTheDocument();
    // The form is not drawn under the map: the drawer holds it.
    expect(screen.queryByRole('textbox', { name: /^Name/ })).not.toBeInTheDocument();

    const edit = within(bar).getByRole('button', { name: 'Edit Desk 12' });
    await user.click(edit);
    const drawer = await screen.findByRole('dialog', { name: 'Desk 12' });
    const name = within(drawer).getByRole('textbox', { name: /^Name/ });
    await user.clear(name);
    await user.type(name, 'Desk 20');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fake.calls.last('PATCH /space/:id').body).toMatchObject({ name: 'Desk 20' });
    expect(within(bar).getByRole('heading', { name: 'Desk 20' })).toBeInTheDocument();
    await waitFor(() => expect(within(bar).getByRole('button', { name: 'Edit Desk 20' })).toHaveFocus());
    expect(await axeViolations()).toEqual([]);

    // Escape answers the question before a deletion, asked over the drawer, and leaves the drawer
    // open; an Escape in the drawer closes it.
    await user.click(within(bar).getByRole('button', { name: 'Edit Desk 20' }));
    const again = await screen.findByRole('dialog', { name: 'Desk 20' });
    await user.click(within(again).getByRole('button', { name: 'Delete Desk 20' }));
    await screen.findByRole('dialog', { name: 'Delete the space' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete the space' })).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'Desk 20' })).toBeInTheDocument();
    await waitFor(() => expect(within(again).getByRole('button', { name: 'Delete Desk 20' })).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fake.store.spaces).toHaveLength(1);

    await user.click(within(bar).getByRole('button', { name: 'Deselect Desk 20' }));
    expect(screen.queryByRole('region', { name: 'The selected space' })).not.toBeInTheDocument();
    expect(screen.getByRole('application', { name: 'Map of Level 1' })).toHaveFocus();
  });
});
