import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { axeViolations } from '../../test/axe.ts';
import { HQ, personFixture } from './testing/peopleAnswers.ts';
import { renderPeople } from './testing/renderPeople.tsx';

const anne = personFixture('Anne', 'Leroy', { status: 'IN', externalId: 'E-001', validTo: '2026-12-31' });
const bob = personFixture('Bob', 'Stone', {
  visitorType: 'CONTRACTOR',
  companyName: 'Fixit Ltd',
  defaultDuration: null,
  status: 'OUT',
  deactivated: true,
});
const carla = personFixture('Carla', 'Diaz', { visitorType: 'RESIDENT', defaultDuration: null });
const people = [anne, bob, carla];

describe("a person's status", () => {
  it('shows each status with its word, its icon and what it means', async () => {
    const statuses = ['IN', 'PENDING', 'CHECK_IN_BACK', 'OUT', 'EXPIRED', 'NONE'] as const;
    const directory = statuses.map((status, i) => personFixture('Stat', `Person${i}`, { status }));
    await renderPeople('ROLE_ADMIN', directory);
    const shown = await Promise.all(
      directory.map(async (person) => {
        const badge = (await screen.findByTestId(`person-row-${person.id}`)).querySelector('[data-status]');
        if (!badge) throw new Error(`no status for ${person.lastName}`);
        expect(badge.querySelector('svg')).not.toBeNull();
        return [badge.getAttribute('data-status'), badge.textContent, badge.getAttribute('title')];
      }),
    );
    expect(shown).toEqual([
      ['IN', 'In', 'In the building now.'],
      ['PENDING', 'Pending', 'Answered the questionnaires ahead: expected at the door.'],
      [
        'CHECK_IN_BACK',
        'Can check in back',
        'Checked out today; their answers still hold, so they check in again without answering.',
      ],
      ['OUT', 'Out', 'Checked out today.'],
      ['EXPIRED', 'Expired', 'Expected today; their visit lapsed before they arrived.'],
      ['NONE', 'No entry today', 'No entry today.'],
    ]);
  });
});

describe('people list', () => {
  it('shows each person with their type, building, validity and status in words; filters and sorts', async () => {
    const { calls, user } = await renderPeople('ROLE_ADMIN', people);
    const anneRow = await screen.findByTestId(`person-row-${anne.id}`);
    expect(within(anneRow).getByText('Anne Leroy')).toBeInTheDocument();
    expect(within(anneRow).getByText('Employee')).toBeInTheDocument();
    expect(within(anneRow).getByText('E-001')).toBeInTheDocument();
    expect(within(anneRow).getByText('HQ')).toBeInTheDocument();
    // The date is kept on one line (a piece of its own), the sentence reads whole.
    const until = within(anneRow).getByText('2026-12-31');
    expect(until).toHaveStyle({ whiteSpace: 'nowrap' });
    expect(until.parentElement).toHaveTextContent(/^Until 2026-12-31$/);
    expect(within(anneRow).getByText('In')).toBeInTheDocument();
    const bobRow = screen.getByTestId(`person-row-${bob.id}`);
    expect(within(bobRow).getByText('Contractor')).toBeInTheDocument();
    expect(within(bobRow).getByText('Fixit Ltd')).toBeInTheDocument();
    expect(within(bobRow).getByText('Out')).toBeInTheDocument();
    expect(within(bobRow).getByText('Deactivated')).toBeInTheDocument();
    const carlaRow = screen.getByTestId(`person-row-${carla.id}`);
    expect(within(carlaRow).getByText('No entry today')).toBeInTheDocument();
    expect(within(carlaRow).getByText('No limit')).toBeInTheDocument();
    expect(screen.getByText('1–3 of 3')).toBeInTheDocument();
    // No filter: the query names the sort and the page only.
    expect(calls.last('GET /people').query).toEqual({ sort: 'lastName', order: '1', page: '1', limit: '10' });

    await user.click(screen.getByRole('textbox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Contractor' }));
    await user.click(screen.getByRole('textbox', { name: 'Building' }));
    await user.click(await screen.findByRole('option', { name: HQ.name }));
    await user.click(screen.getByRole('textbox', { name: 'State' }));
    await user.click(await screen.findByRole('option', { name: 'Deactivated' }));
    await user.click(screen.getByRole('checkbox', { name: 'Valid today only' }));
    await waitFor(() =>
      expect(calls.last('GET /people').query).toEqual(
        expect.objectContaining({
          visitorType: 'CONTRACTOR',
          buildingId: HQ.id,
          active: 'false',
          validToday: 'true',
          page: '1',
        }),
      ),
    );

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'fix');
    await waitFor(() => expect(calls.last('GET /people').query).toEqual(expect.objectContaining({ search: 'fix' })));
    await user.click(screen.getByRole('button', { name: 'Sort by Company' }));
    await waitFor(() =>
      expect(calls.last('GET /people').query).toEqual(expect.objectContaining({ sort: 'companyName', order: '1' })),
    );
    await user.click(screen.getByRole('button', { name: 'Sort by Company' }));
    await waitFor(() =>
      expect(calls.last('GET /people').query).toEqual(expect.objectContaining({ sort: 'companyName', order: '-1' })),
    );
    expect(await axeViolations()).toEqual([]);
  });

  it('downloads the list as people.csv with the same filters', async () => {
    const { calls, user } = await renderPeople('ROLE_MASTER', people);
    await screen.findByTestId(`person-row-${anne.id}`);
    const createObjectURL = vi.fn(() => 'blob:people');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);

    await user.click(screen.getByRole('checkbox', { name: 'Valid today only' }));
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() =>
      expect(calls.of('GET /people/people.csv').map((request) => request.query)).toContainEqual(
        expect.objectContaining({ sort: 'lastName', validToday: 'true' }),
      ),
    );
    await waitFor(() => expect(click).toHaveBeenCalled());
    click.mockRestore();
  });

  it('deletes a person after a confirmation that names them', async () => {
    const { calls, user } = await renderPeople('ROLE_SUPERVISOR', people);
    await screen.findByTestId(`person-row-${anne.id}`);
    await user.click(screen.getByRole('button', { name: 'Delete Bob Stone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete person' });
    expect(within(dialog).getByText(/Delete Bob Stone\? Their pass stops working/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete Bob Stone' }));
    await waitFor(() =>
      expect(calls.of('DELETE /person/:id').map((request) => request.params)).toContainEqual({ id: bob.id }),
    );
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Deleted successfully.'));
  });

  it('lets a user read the list and show a pass, with no button to add, import, edit or delete', async () => {
    await renderPeople('ROLE_USER', people);
    await screen.findByTestId(`person-row-${anne.id}`);
    expect(screen.getByRole('button', { name: 'Access pass of Anne Leroy' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add person' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Import CSV' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Anne Leroy' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Anne Leroy' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Anne Leroy' })).not.toBeInTheDocument();
  });
});
