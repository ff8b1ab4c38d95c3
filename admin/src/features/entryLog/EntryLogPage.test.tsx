import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { axeViolations } from '../../test/axe.ts';
import { HQ, fakeEntryLog, visitFixture } from './testing/fakeEntryLog.ts';
import { renderEntryLog } from './testing/renderEntryLog.tsx';

const anne = visitFixture('Anne', 'Leroy', { status: 'TODAY', companyName: 'Globex', flagged: true });
const bob = visitFixture('Bob', 'Stone', {
  visitorType: 'CONTRACTOR',
  status: 'IN',
  checkedInAt: '2026-03-02T08:15:00.000Z',
});
const carla = visitFixture('Carla', 'Diaz', {
  status: 'OUT',
  checkedInAt: '2026-03-02T08:00:00.000Z',
  checkedOutAt: '2026-03-02T09:00:00.000Z',
});
const dan = visitFixture('Dan', 'Refused', { status: 'REFUSED', allowed: false, refusal: 'ALERT_ANSWER' });

const row = (visit: { id: string }) => screen.findByTestId(`visit-row-${visit.id}`);

describe('entry log', () => {
  it("shows the building's counters and each visit with its status in words and an icon", async () => {
    const { calls } = fakeEntryLog([anne, bob, carla, dan]);
    await renderEntryLog('ROLE_ADMIN');
    const anneRow = await row(anne);
    expect(within(anneRow).getByRole('button', { name: 'Details of the visit of Anne Leroy' })).toHaveTextContent(
      'Anne Leroy',
    );
    expect(within(anneRow).getByText('Visitor')).toBeInTheDocument();
    expect(within(anneRow).getByText('Globex')).toBeInTheDocument();
    expect(within(anneRow).getByText('Today')).toBeInTheDocument();
    expect(within(anneRow).getByText('Attention')).toBeInTheDocument();
    expect(within(await row(bob)).getByText('In')).toBeInTheDocument();
    expect(within(await row(bob)).getByText('Contractor')).toBeInTheDocument();
    expect(within(await row(carla)).getByText('Out')).toBeInTheDocument();
    expect(within(await row(dan)).getByText('Refused')).toBeInTheDocument();
    // Each badge carries an icon beside its word.
    const badge = within(anneRow).getByText('Today').closest('[data-state]');
    expect(badge).toHaveAttribute('data-state', 'TODAY');
    expect(badge!.querySelector('svg')).not.toBeNull();

    const counters = screen.getByRole('region', { name: 'Today at HQ' });
    await waitFor(() => expect(within(counters).getByTestId('counter-inBuilding')).toHaveTextContent('1'));
    expect(within(counters).getByTestId('counter-inBuilding')).toHaveTextContent('In the building');
    expect(within(counters).getByTestId('counter-expectedToday')).toHaveTextContent('Expected today1');
    expect(within(counters).getByTestId('counter-checkedOutToday')).toHaveTextContent('Checked out today1');
    expect(within(counters).getByTestId('counter-leavingWithinHour')).toHaveTextContent('Leaving within an hour');
    expect(calls.last('GET /meetingStats/:buildingId').params).toEqual({ buildingId: HQ.id });
    expect(calls.last('GET /meeting').query).toEqual({
      buildingId: HQ.id,
      sort: 'createdAt',
      order: '-1',
      page: '1',
      limit: '10',
    });
    expect(screen.getByText('1–4 of 4')).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  it('shows a ready, a cancelled and a refused visit by their own status, and filters by each', async () => {
    const ready = visitFixture('Rita', 'Ready', { status: 'OK', scheduledAt: null });
    const cancelled = visitFixture('Cole', 'Called', { status: 'CANCELLED', cancelledAt: '2026-03-02T07:00:00.000Z' });
    const refused = visitFixture('Rex', 'Away', { status: 'REFUSED', allowed: false, refusal: 'TEMPERATURE' });
    const { calls } = fakeEntryLog([ready, cancelled, refused]);
    const { user } = await renderEntryLog('ROLE_USER');
    const stateOf = async (visit: { id: string }, word: string) => {
      const badge = within(await row(visit))
        .getByText(word)
        .closest('[data-state]');
      if (!badge) throw new Error(`no badge ${word}`);
      expect(badge.querySelector('svg')).not.toBeNull();
      return badge.getAttribute('data-state');
    };
    expect(await stateOf(ready, 'Ready')).toBe('OK');
    expect(
      within(await row(ready))
        .getByText('Ready')
        .closest('[data-state]'),
    ).toHaveAttribute('title', 'Answered the questionnaires ahead: awaited at the door.');
    expect(await stateOf(cancelled, 'Cancelled')).toBe('CANCELLED');
    expect(await stateOf(refused, 'Refused')).toBe('REFUSED');

    for (const [option, status] of [
      ['Ready (answered ahead)', 'ok'],
      ['Cancelled', 'cancelled'],
      ['Refused at the door', 'refused'],
    ] as const) {
      await user.click(screen.getByRole('textbox', { name: 'Status' }));
      await user.click(await screen.findByRole('option', { name: option }));
      await waitFor(() => expect(calls.last('GET /meeting').query).toEqual(expect.objectContaining({ status })));
    }
  });

  it('filters by type, status, company, search and a range of days of up to 30, and sorts', async () => {
    const { calls } = fakeEntryLog([anne, bob]);
    const { user } = await renderEntryLog('ROLE_SUPERVISOR');
    await row(anne);
    const last = () => calls.last('GET /meeting').query;

    await user.click(screen.getByRole('textbox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Contractor' }));
    await user.click(screen.getByRole('textbox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Expected today' }));
    await user.type(screen.getByRole('textbox', { name: "Visitor's company" }), 'Glob');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'leroy');
    await waitFor(() =>
      expect(last()).toEqual(
        expect.objectContaining({ visitorType: 'CONTRACTOR', status: 'today', companyName: 'Glob', search: 'leroy' }),
      ),
    );

    await user.click(screen.getByRole('textbox', { name: 'Dates of' }));
    await user.click(await screen.findByRole('option', { name: 'Scheduled time' }));
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    await user.type(from, '2026-03-01');
    await user.type(to, '2026-04-15');
    expect(await screen.findByText('Choose dates at most 30 days apart.')).toBeInTheDocument();
    expect(last().to).toBeUndefined();
    await user.clear(to);
    await user.type(to, '2026-03-30');
    await waitFor(() =>
      expect(last()).toEqual(
        expect.objectContaining({
          dateFilter: 'scheduledAt',
          from: new Date(2026, 2, 1).toISOString(),
          to: new Date(2026, 2, 31).toISOString(),
          page: '1',
        }),
      ),
    );
    expect(screen.queryByText('Choose dates at most 30 days apart.')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sort by Host' }));
    await waitFor(() => expect(last()).toEqual(expect.objectContaining({ sort: 'host', order: '1' })));
    await user.click(screen.getByRole('button', { name: 'Sort by Host' }));
    await waitFor(() => expect(last()).toEqual(expect.objectContaining({ sort: 'host', order: '-1' })));
    expect(await axeViolations()).toEqual([]);
  });

  it('follows a check-in and a check-out made elsewhere, without a reload', async () => {
    const entryLog = fakeEntryLog([anne, bob]);
    await renderEntryLog('ROLE_USER');
    await row(anne);
    await waitFor(() => expect(entryLog.live.open()).toHaveLength(1));
    // One stream of every building the user sees: the banner of who waits at the door follows them all.
    expect(entryLog.calls.last('POST /live/ticket').body).toEqual({});
    expect(entryLog.live.opened()[0]).toMatch(/^\/service\/live\/visits\?ticket=ticket-/);
    const counter = screen.getByTestId('counter-inBuilding');
    await waitFor(() => expect(counter).toHaveTextContent('In the building1'));

    // Anne checks in at the kiosk.
    entryLog.changedElsewhere({ ...anne, status: 'IN', checkedInAt: new Date().toISOString() }, 'checkedIn');
    await waitFor(() => expect(within(screen.getByTestId(`visit-row-${anne.id}`)).getByText('In')).toBeInTheDocument());
    await waitFor(() => expect(counter).toHaveTextContent('In the building2'));

    // Bob checks out with his phone.
    entryLog.changedElsewhere({ ...bob, status: 'OUT', checkedOutAt: new Date().toISOString() }, 'checkedOut');
    await waitFor(() => expect(within(screen.getByTestId(`visit-row-${bob.id}`)).getByText('Out')).toBeInTheDocument());
    await waitFor(() => expect(counter).toHaveTextContent('In the building1'));
  });

  it('filters the list by a tile, whose number is the rows it shows; the same tile again shows every visit', async () => {
    const { calls } = fakeEntryLog([anne, bob, carla, dan]);
    const { user } = await renderEntryLog('ROLE_USER');
    await row(anne);
    const rows = () => within(screen.getByTestId('entry-log-table')).queryAllByTestId(/^visit-row-/);
    // A filter set before: the tile clears it, so the list is what the tile counts.
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'leroy');
    await waitFor(() => expect(calls.last('GET /meeting').query.search).toBe('leroy'));
    const tile = screen.getByRole('button', { name: /^Expected today/ });
    await waitFor(() => expect(tile).toHaveTextContent('Expected today1'));
    expect(tile).toHaveAttribute('aria-pressed', 'false');

    await user.click(tile);
    await waitFor(() =>
      expect(calls.last('GET /meeting').query).toEqual({
        buildingId: HQ.id,
        counter: 'expectedToday',
        sort: 'createdAt',
        order: '-1',
        page: '1',
        limit: '10',
      }),
    );
    expect(tile).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toBe(await row(anne));

    // Another tile: its own visits, as many as it says.
    const inside = screen.getByRole('button', { name: /^In the building/ });
    await user.click(inside);
    await waitFor(() => expect(rows().map((element) => element.dataset.testid)).toEqual([`visit-row-${bob.id}`]));
    expect(inside).toHaveTextContent('In the building1');
    expect(tile).toHaveAttribute('aria-pressed', 'false');

    await user.click(inside);
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(calls.last('GET /meeting').query.counter).toBeUndefined();
    expect(inside).toHaveAttribute('aria-pressed', 'false');
  });

  it("leaves the building column out for one building and shows today's times as times", async () => {
    const today = new Date();
    today.setHours(9, 5, 0, 0);
    const early = visitFixture('Eva', 'Early', { status: 'IN', checkedInAt: today.toISOString(), scheduledAt: null });
    fakeEntryLog([early, carla]);
    await renderEntryLog('ROLE_USER');
    const earlyRow = await row(early);
    expect(screen.queryByRole('columnheader', { name: 'Building' })).not.toBeInTheDocument();
    expect(within(earlyRow).queryByText(HQ.name)).not.toBeInTheDocument();
    const time = within(earlyRow).getByText('09:05');
    expect(time.tagName).toBe('TIME');
    // The whole moment on hover.
    expect(time).toHaveAttribute('title', expect.stringMatching(/^\d{4}-\d{2}-\d{2} 09:05$/));
    // Another day: a short date before the time, never the full date in the cell.
    const carlaIn = within(await row(carla)).getByText(/08:00$/);
    expect(carlaIn.textContent).not.toMatch(/^\d{4}-/);
    expect(carlaIn.textContent).toMatch(/[A-Za-z]/);
  });

  it('downloads meetings.csv with the same filters and sort', async () => {
    const { calls } = fakeEntryLog([anne]);
    const { user } = await renderEntryLog('ROLE_USER');
    await row(anne);
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:meetings'), revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);

    await user.click(screen.getByRole('textbox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'In' }));
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(calls.last('GET /meetings/meetings.csv').query).toEqual({
      buildingId: HQ.id,
      status: 'in',
      sort: 'createdAt',
      order: '-1',
    });
    click.mockRestore();
  });
});
