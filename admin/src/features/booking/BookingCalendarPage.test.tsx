import { screen, waitFor, within } from '@testing-library/react';
import {
  type BookingOccurrence,
  type BookingSeries,
  bookingFloorSchema,
  bookingOccurrenceSchema,
  bookingSeriesSchema,
} from '@vestibule/shared';
import { describe, expect, it } from 'vitest';
import { answerCalls } from '../../test/answerCalls.ts';
import { axeViolations } from '../../test/axe.ts';
import { userFixture } from '../../test/fixtures.ts';
import { renderApp } from '../../test/renderApp.tsx';

// The booking calendar (docs/space-booking.md, "Screens"), answered like the server's contract:
// the week's bookings with their status in words, the status filter, a click on one's own
// booking to change it (the series or the occurrence), on a colleague's to see it.

const SERIES = '0190a8f2-0000-7000-8000-000000000901';
const OTHER = '0190a8f2-0000-7000-8000-000000000902';
const FLOOR = '0190a8f2-0000-7000-8000-000000000903';
const BUILDING = '0190a8f2-0000-7000-8000-000000000904';
const ROOM = '0190a8f2-0000-7000-8000-000000000905';
const me = userFixture('user', ['ROLE_USER']);
const asUser = { as: { username: 'user', role: 'ROLE_USER', id: me.id } };

/** Tomorrow at hh:00 on the viewer's clock (the grid's), as an instant. */
function tomorrowAt(hour: number): string {
  const day = new Date();
  day.setDate(day.getDate() + 1);
  day.setHours(hour, 0, 0, 0);
  return day.toISOString();
}
const tomorrow = () => {
  const day = new Date(tomorrowAt(12));
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
};

function occurrence(changes: Partial<BookingOccurrence>): BookingOccurrence {
  return bookingOccurrenceSchema.parse({
    id: `${SERIES}-2`,
    seriesId: SERIES,
    occurrence: 2,
    startsAt: tomorrowAt(9),
    endsAt: tomorrowAt(10),
    status: 'APPROVED',
    cancelledAt: null,
    checkedInAt: null,
    title: 'Team meeting',
    space: { id: ROOM, name: 'Boardroom' },
    floor: { id: FLOOR, name: 'Ground floor' },
    building: { id: BUILDING, name: 'Demo HQ' },
    host: { id: me.id, name: 'Uma User' },
    repeat: 'WEEKLY',
    attendeesCount: 1,
    ...changes,
  });
}

function series(): BookingSeries {
  return bookingSeriesSchema.parse({
    id: SERIES,
    title: 'Team meeting',
    description: 'Weekly sync',
    comment: null,
    space: { id: ROOM, name: 'Boardroom' },
    floor: { id: FLOOR, name: 'Ground floor' },
    building: { id: BUILDING, name: 'Demo HQ' },
    host: { id: me.id, name: 'Uma User' },
    repeat: 'WEEKLY',
    repeatUntil: null,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    scheduling: 'ICS',
    createInvitation: false,
    exportKey: 'k'.repeat(48),
    icsSequence: 1,
    attendees: [{ firstName: 'Ann', lastName: 'Guest', email: 'ann@guest.example', role: null, verified: false }],
    occurrences: [2, 3].map((n) => ({
      id: `${SERIES}-${n}`,
      occurrence: n,
      startsAt: tomorrowAt(9),
      endsAt: tomorrowAt(10),
      status: 'APPROVED',
      cancelledAt: null,
    })),
    createdAt: tomorrowAt(1),
    updatedAt: tomorrowAt(1),
  });
}

function answers() {
  return answerCalls({
    'GET /public/floor/user': () => [
      {
        id: FLOOR,
        name: 'Ground floor',
        level: 0,
        buildingId: BUILDING,
        buildingName: 'Demo HQ',
        hasPlan: false,
        bookableSpaces: 1,
      },
    ],
    'GET /spacebooking/floor/:floorId': () =>
      bookingFloorSchema.parse({
        floor: {
          id: FLOOR,
          name: 'Ground floor',
          buildingId: BUILDING,
          buildingName: 'Demo HQ',
          timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
          image: null,
        },
        spaces: [
          {
            id: ROOM,
            name: 'Boardroom',
            kind: 'ROOM',
            capacity: 8,
            color: '#1565c0',
            available: true,
            description: null,
            shape: null,
            needsApproval: false,
          },
        ],
      }),
    'GET /spacebooking': ({ query }) =>
      query.status === 'pending'
        ? { docs: [], totalDocs: 0 }
        : {
            docs: [
              occurrence({}),
              occurrence({
                id: `${OTHER}-1`,
                seriesId: OTHER,
                occurrence: 1,
                title: 'Budget review',
                startsAt: tomorrowAt(14),
                endsAt: tomorrowAt(15),
                status: 'PENDING',
                repeat: 'NONE',
                host: { id: '0190a8f2-0000-7000-8000-000000000999', name: 'Carl Colleague' },
              }),
            ],
            totalDocs: 2,
          },
    'GET /spacebooking/:id': () => series(),
    'PATCH /spacebooking/:id': () => series(),
  });
}

describe('the booking calendar', () => {
  it("shows the week's bookings with their status in words, and filters them by status", async () => {
    const calls = answers();
    const { user } = renderApp(`/spacebooking/calendar?floor=${FLOOR}&date=${tomorrow()}`, asUser);
    expect(await screen.findByText('Team meeting')).toBeInTheDocument();
    expect(screen.getByText('Boardroom · Approved')).toBeInTheDocument();
    expect(screen.getByText('Boardroom · Waiting for approval')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Legend' })).toHaveTextContent(
      'Waiting for approvalApprovedRejectedCancelled',
    );
    expect(await axeViolations()).toEqual([]);

    await user.click(screen.getByRole('textbox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Waiting for approval' }));
    await waitFor(() => expect(screen.queryByText('Team meeting')).not.toBeInTheDocument());
    expect(calls.of('GET /spacebooking').at(-1)!.query).toMatchObject({ floorId: FLOOR, status: 'pending' });
  });

  it('changes every occurrence to come of my booking, and shows a colleague’s without letting me change it', async () => {
    const calls = answers();
    const { user } = renderApp(`/spacebooking/calendar?floor=${FLOOR}&date=${tomorrow()}`, asUser);
    await user.click(await screen.findByText('Team meeting'));
    const dialog = await screen.findByRole('dialog', { name: 'Change “Team meeting”' });
    expect(within(dialog).getByRole('textbox', { name: /^Title/ })).toHaveValue('Team meeting');
    expect(within(dialog).getByRole('textbox', { name: 'E-mail' })).toHaveValue('ann@guest.example');
    await user.click(within(dialog).getByRole('radio', { name: 'Every occurrence to come' }));
    expect(within(dialog).getByLabelText('Day')).toBeDisabled();
    const title = within(dialog).getByRole('textbox', { name: /^Title/ });
    await user.clear(title);
    await user.type(title, 'Team sync');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.of('PATCH /spacebooking/:id')).toHaveLength(1));
    const sent = calls.of('PATCH /spacebooking/:id')[0]!;
    expect(sent.params).toEqual({ id: SERIES });
    // The times did not move: they are not sent, so an occurrence under way keeps its start.
    expect(sent.body).toEqual({
      title: 'Team sync',
      description: 'Weekly sync',
      attendees: [{ firstName: 'Ann', lastName: 'Guest', email: 'ann@guest.example' }],
    });
    expect(await screen.findByText('Saved: Team meeting. The attendees are told.')).toBeInTheDocument();

    await user.click(screen.getByText('Budget review'));
    const seen = await screen.findByRole('dialog', { name: 'Budget review' });
    expect(seen).toHaveTextContent('Host: Carl Colleague');
    expect(within(seen).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(calls.of('GET /spacebooking/:id')).toHaveLength(1);
  });
});
