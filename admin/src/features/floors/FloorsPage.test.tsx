import { screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { refusal, sentForm } from '../../test/answerCalls.ts';
import { axeViolations } from '../../test/axe.ts';
import { HQ, acme } from '../../test/fixtures.ts';
import { createTestSession, renderScreen, storeSignIn } from '../../test/renderApp.tsx';
import { FloorsPage } from './FloorsPage.tsx';
import { fakeFloors, floorFixture, planImage, spaceFixture } from './testing/fakeFloors.ts';

async function renderFloors(fake: ReturnType<typeof fakeFloors>) {
  storeSignIn({ username: 'supervisor', role: 'ROLE_SUPERVISOR' });
  const session = createTestSession();
  await session.getState().selectTenant(acme.id);
  const view = renderScreen(
    <MemoryRouter initialEntries={[`/admin/floors?building=${HQ.id}`]}>
      <FloorsPage />
    </MemoryRouter>,
    session,
  );
  return { ...view, fake };
}

const rows = () =>
  within(screen.getByTestId('floors-table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .slice(0, 4)
        .map((cell) => cell.textContent),
    );

const png = (size: number, name = 'plan.png') => new File([new Uint8Array(size)], name, { type: 'image/png' });
const fileInput = () => {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
};

describe('floors', () => {
  it("lists a building's floors with their level, plan and spaces, and links to their map and print", async () => {
    const ground = floorFixture({ name: 'Ground floor', level: 0, image: planImage });
    const second = floorFixture({ name: 'Level 2', level: 2 });
    await renderFloors(fakeFloors({ floors: [ground, second], spaces: [spaceFixture(ground, 'Desk 1')] }));
    await waitFor(() =>
      expect(rows()).toEqual([
        ['Ground floor', '0', '', '1'],
        ['Level 2', '2', 'No plan', '0'],
      ]),
    );
    expect(screen.getByRole('img', { name: 'Plan of Ground floor' })).toHaveAttribute('src', planImage.url);
    expect(screen.getByRole('link', { name: 'Map of Level 2' })).toHaveAttribute(
      'href',
      `/admin/spaces?building=${HQ.id}&floor=${second.id}&view=map`,
    );
    expect(screen.getByRole('link', { name: 'Print the plan of Level 2' })).toHaveAttribute(
      'href',
      `/admin/floor/print/${second.id}`,
    );
    expect(await axeViolations()).toEqual([]);
  });

  it('adds a floor and renames one, a name the building has refused on the field', async () => {
    const { user, fake } = await renderFloors(fakeFloors({ floors: [floorFixture({ name: 'Level 1' })] }));
    await user.click(await screen.findByRole('button', { name: 'Add a floor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a floor' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('textbox', { name: /^Floor/ })).toHaveAccessibleDescription(
      /This field is required/,
    );
    await user.type(within(dialog).getByRole('textbox', { name: /^Floor/ }), 'Basement');
    await user.type(within(dialog).getByRole('textbox', { name: /^Level/ }), '-1');
    expect(await axeViolations()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fake.calls.last('POST /floor').body).toEqual({ buildingId: HQ.id, name: 'Basement', level: -1 });
    await waitFor(() => expect(rows().map((row) => row[0])).toEqual(['Level 1', 'Basement']));

    await user.click(screen.getByRole('button', { name: 'Edit Basement' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit the floor' });
    const name = within(edit).getByRole('textbox', { name: /^Floor/ });
    await user.clear(name);
    await user.type(name, 'Level 1{Enter}');
    await waitFor(() => expect(name).toHaveAccessibleDescription(/This building already has a floor with that name\./));
    await user.clear(name);
    await user.type(name, 'Parking{Enter}');
    await waitFor(() => expect(rows().map((row) => row[0])).toEqual(['Level 1', 'Parking']));
  });

  it('refuses a plan too big or not an image before sending it, and says the server’s refusals', async () => {
    const floor = floorFixture({ name: 'Level 1' });
    const { user, fake } = await renderFloors(fakeFloors({ floors: [floor] }));
    await user.click(await screen.findByRole('button', { name: 'Plan of Level 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Plan of Level 1' });
    expect(within(dialog).getByText('This floor has no plan yet.')).toBeInTheDocument();

    await user.upload(fileInput(), png(5_000_000, 'huge.png'));
    expect(await within(dialog).findByText('The plan is too big: it must be under 5 MB.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Upload' })).toBeDisabled();

    await user.upload(fileInput(), png(2000));
    expect(await within(dialog).findByRole('img', { name: 'Preview of the chosen plan' })).toBeInTheDocument();
    fake.calls.once('PATCH /floor/:id/layoutImage', refusal(400, 'FLOOR_PLAN_INVALID_FORMAT'));
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The plan must be a GIF, PNG, JPEG or BMP image.',
    );
    fake.calls.once('PATCH /floor/:id/layoutImage', refusal(413, 'FLOOR_PLAN_TOO_BIG'));
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent('The plan is too big: it must be under 5 MB.'),
    );

    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sentForm(fake.calls.last('PATCH /floor/:id/layoutImage')).file.name).toBe('plan.png');
    expect(await screen.findByRole('img', { name: 'Plan of Level 1' })).toHaveAttribute('src', planImage.url);
    expect(screen.getByText('The plan is uploaded.')).toBeInTheDocument();
  });

  it('removes a plan after confirmation', async () => {
    const { user, fake } = await renderFloors(
      fakeFloors({ floors: [floorFixture({ name: 'Level 1', image: planImage })] }),
    );
    await user.click(await screen.findByRole('button', { name: 'Plan of Level 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Plan of Level 1' });
    expect(within(dialog).getByText('Current plan: 1000 × 500 pixels.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Remove the plan' }));
    const question = await screen.findByRole('dialog', { name: 'Remove the plan' });
    await user.click(within(question).getByRole('button', { name: 'Remove the plan' }));
    await waitFor(() => expect(fake.calls.of('DELETE /floor/:id/layoutImage')).toHaveLength(1));
    await waitFor(() => expect(rows()).toEqual([['Level 1', '1', 'No plan', '0']]));
  });

  it('asks again before deleting a floor whose spaces have bookings to come, and cancels them then', async () => {
    const busy = floorFixture({ name: 'Level 1' });
    const quiet = floorFixture({ name: 'Level 2', level: 2 });
    const { user, fake } = await renderFloors(
      fakeFloors({
        floors: [busy, quiet],
        spaces: [spaceFixture(busy, 'Desk 1', { futureBookings: 3 }), spaceFixture(busy, 'Desk 2')],
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Delete Level 1' }));
    const first = await screen.findByRole('dialog', { name: 'Delete the floor' });
    expect(first).toHaveTextContent('Delete Level 1, its plan and its 2 spaces?');
    await user.click(within(first).getByRole('button', { name: 'Delete' }));
    const second = await screen.findByRole('dialog', { name: 'Bookings to come' });
    expect(second).toHaveTextContent("Level 1's spaces have 3 bookings to come. Delete the floor and cancel them?");
    expect(fake.calls.last('DELETE /floor/:id').query).toEqual({});
    expect(rows().map((row) => row[0])).toEqual(['Level 1', 'Level 2']);

    await user.click(within(second).getByRole('button', { name: 'Delete and cancel the bookings' }));
    await waitFor(() => expect(rows().map((row) => row[0])).toEqual(['Level 2']));
    expect(fake.calls.last('DELETE /floor/:id').query).toEqual({ cancelBookings: 'true' });

    await user.click(screen.getByRole('button', { name: 'Delete Level 2' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete the floor' })).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(screen.getByText('This building has no floors yet.')).toBeInTheDocument());
    expect(screen.queryByRole('dialog', { name: 'Bookings to come' })).not.toBeInTheDocument();
  });
});
