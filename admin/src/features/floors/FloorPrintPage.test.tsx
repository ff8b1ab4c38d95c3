import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { axeViolations } from '../../test/axe.ts';
import { HQ } from '../../test/fixtures.ts';
import { renderApp } from '../../test/renderApp.tsx';
import { fakeFloors, floorFixture, planImage, rect, spaceFixture } from './testing/fakeFloors.ts';

describe('the printed plan', () => {
  it('draws the plan with its placed spaces and their names, titled with the building and floor', async () => {
    const floor = floorFixture({ name: 'Level 3', image: planImage });
    fakeFloors({
      floors: [floor],
      spaces: [
        spaceFixture(floor, 'Board room', { kind: 'ROOM', shape: rect(0.1, 0.1, 0.3, 0.4) }),
        spaceFixture(floor, 'Desk 7', { shape: rect(0.5, 0.5), available: false }),
        spaceFixture(floor, 'Not drawn'),
      ],
    });
    const { user } = renderApp(`/admin/floor/print/${floor.id}`, { as: { username: 'admin', role: 'ROLE_ADMIN' } });
    expect(await screen.findByRole('heading', { level: 1, name: `${HQ.name} – Level 3` })).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    const plan = screen.getByRole('img', { name: 'Plan of Level 3 with 2 spaces' });
    expect(plan).toHaveAttribute('viewBox', '0 0 1000 500');
    expect(plan.querySelector('image')).toHaveAttribute('href', planImage.url);
    const shapes = within(plan).getAllByTestId('printed-space');
    expect(shapes.map((shape) => shape.textContent)).toEqual(['RBoard room', 'DDesk 7']);
    expect(shapes[0]!.querySelector('rect')).toHaveAttribute('x', '100');
    expect(shapes[0]!.querySelector('rect')).toHaveAttribute('width', '300');
    expect(shapes[0]!.querySelector('rect')).toHaveAttribute('height', '200');
    expect(screen.getByText(/^Printed on /)).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Legend' })).toHaveTextContent('R: Meeting room');
    expect(screen.getByRole('list', { name: 'Legend' })).toHaveTextContent('Hatched: not available');
    expect(await axeViolations()).toEqual([]);

    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
  });
});
