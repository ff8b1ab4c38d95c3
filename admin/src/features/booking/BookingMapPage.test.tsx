import { screen, waitFor, within } from '@testing-library/react';
import {
  type BookingFloor,
  type BookingSeries,
  type Whereabouts,
  bookingFloorSchema,
  bookingOccurrenceSchema,
} from '@vestibule/shared';
import { describe, expect, it } from 'vitest';
import { answerCalls, refusal } from '../../test/answerCalls.ts';
import { axeViolations } from '../../test/axe.ts';
import { renderApp } from '../../test/renderApp.tsx';

// The booking map (docs/space-booking.md, "Screens"), answered like the server's contract.

const FLOOR = '0190a8f2-0000-7000-8000-000000000501';
const BUILDING = '0190a8f2-0000-7000-8000-000000000502';
const space = (n: number) => `0190a8f2-0000-7000-8000-00000000060${n}`;
const rect = (x: number) => ({ kind: 'rect' as const, x, y: 0.1, width: 0.1, height: 0.1 });

function floorFixture(): BookingFloor {
  return bookingFloorSchema.parse({
    floor: {
      id: FLOOR,
      name: 'Ground floor',
      buildingId: BUILDING,
      buildingName: 'Demo HQ',
      timeZone: 'UTC',
      image: {
        url: '/service/public/floor/plan/abcdefghijklmnop',
        width: 1000,
        height: 500,
        contentType: 'image/png',
        bytes: 1000,
        uploadedAt: '2026-03-01T09:00:00.000Z',
      },
    },
    spaces: [
      {
        id: space(1),
        name: 'Desk 1',
        kind: 'DESK',
        capacity: 1,
        color: '#2e7d32',
        available: true,
        description: null,
        shape: rect(0.1),
        needsApproval: false,
      },
      {
        id: space(2),
        name: 'Board',
        kind: 'ROOM',
        capacity: 8,
        color: '#1565c0',
        available: true,
        description: null,
        shape: rect(0.3),
        needsApproval: true,
      },
      {
        id: space(3),
        name: 'Desk 2',
        kind: 'DESK',
        capacity: 1,
        color: '#2e7d32',
        available: true,
        description: null,
        shape: rect(0.5),
        needsApproval: false,
      },
      {
        id: space(4),
        name: 'Desk 3',
        kind: 'DESK',
        capacity: 1,
        color: '#2e7d32',
        available: false,
        description: null,
        shape: rect(0.7),
        needsApproval: false,
      },
    ],
  });
}

function takenFixture() {
  return bookingOccurrenceSchema.parse({
    id: '0190a8f2-0000-7000-8000-000000000701-1',
    seriesId: '0190a8f2-0000-7000-8000-000000000701',
    occurrence: 1,
    startsAt: new Date().toISOString(),
    endsAt: new Date(Date.now() + 7_200_000).toISOString(),
    status: 'APPROVED',
    cancelledAt: null,
    checkedInAt: null,
    title: 'Taken',
    space: { id: space(3), name: 'Desk 2' },
    floor: { id: FLOOR, name: 'Ground floor' },
    building: { id: BUILDING, name: 'Demo HQ' },
    host: null,
    repeat: 'NONE',
    attendeesCount: 0,
  });
}

const asUser = { as: { username: 'user', role: 'ROLE_USER' } };

function answers(post: (body: unknown) => BookingSeries | Response, people: Whereabouts['people'] | null = null) {
  return answerCalls({
    'GET /spacebooking/whereabouts/:floorId': ({ query }) => ({
      shared: people !== null,
      date: query.date ?? '',
      people: people ?? [],
    }),
    'GET /public/floor/user': () => [
      {
        id: FLOOR,
        name: 'Ground floor',
        level: 0,
        buildingId: BUILDING,
        buildingName: 'Demo HQ',
        hasPlan: true,
        bookableSpaces: 4,
      },
    ],
    'GET /spacebooking/floor/:floorId': () => floorFixture(),
    'GET /spacebooking': () => ({ docs: [takenFixture()], totalDocs: 1 }),
    'POST /spacebooking': ({ body }) => post(body),
  });
}

describe('the booking map', () => {
  it('shows each space free, needing approval, taken or closed, and books a free one from the plan', async () => {
    const calls = answers((body) => {
      const sent = body as { title: string; startsAt: string; endsAt: string };
      return {
        id: '0190a8f2-0000-7000-8000-000000000801',
        title: sent.title,
        description: null,
        comment: null,
        space: { id: space(1), name: 'Desk 1' },
        floor: { id: FLOOR, name: 'Ground floor' },
        building: { id: BUILDING, name: 'Demo HQ' },
        host: null,
        repeat: 'NONE',
        repeatUntil: null,
        timeZone: 'UTC',
        scheduling: 'ICS',
        createInvitation: false,
        exportKey: 'k'.repeat(48),
        icsSequence: 0,
        attendees: [],
        occurrences: [
          {
            id: '0190a8f2-0000-7000-8000-000000000801-1',
            occurrence: 1,
            startsAt: sent.startsAt,
            endsAt: sent.endsAt,
            status: 'APPROVED',
            cancelledAt: null,
          },
        ],
        createdAt: sent.startsAt,
        updatedAt: sent.startsAt,
      };
    });
    const { user } = renderApp('/spacebooking/map', asUser);
    const plan = await screen.findByRole('group', { name: /^Plan of Ground floor: 2 of 4 spaces free/ });
    expect(within(plan).getByRole('button', { name: 'Desk 1, free' })).toBeInTheDocument();
    expect(within(plan).getByRole('button', { name: 'Board, free, needs approval' })).toBeInTheDocument();
    expect(within(plan).getByRole('img', { name: 'Desk 2, taken' })).toBeInTheDocument();
    expect(within(plan).getByRole('img', { name: 'Desk 3, not available' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Legend' })).toHaveTextContent('free, needs approval');
    expect(await axeViolations()).toEqual([]);

    await user.click(within(plan).getByRole('button', { name: 'Desk 1, free' }));
    const dialog = await screen.findByRole('dialog', { name: 'Book Desk 1' });
    await user.click(within(dialog).getByRole('button', { name: 'Book' }));
    expect(within(dialog).getByText('Give the booking a title')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Focus day');
    await user.click(within(dialog).getByRole('button', { name: 'Add an attendee' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'E-mail' }), 'ann@guest.example');
    await user.click(within(dialog).getByRole('button', { name: 'Book' }));
    await waitFor(() => expect(calls.of('POST /spacebooking')).toHaveLength(1));
    expect(calls.of('POST /spacebooking')[0]!.body).toMatchObject({
      spaceId: space(1),
      title: 'Focus day',
      repeat: 'NONE',
      scheduling: 'ICS',
      attendees: [{ firstName: '', lastName: '', email: 'ann@guest.example' }],
    });
    expect(await screen.findByText('Booked: Focus day.')).toBeInTheDocument();
    await waitFor(() => expect(calls.of('GET /spacebooking').length).toBeGreaterThanOrEqual(2));
  });

  it('says in the dialog why the server refused, and keeps what was typed', async () => {
    answers(() => refusal(409, 'TIME_CONFLICT'));
    const { user } = renderApp('/spacebooking/map', asUser);
    // The list under the plan books too (a phone's thumb finds it more easily).
    const list = await screen.findByRole('region', { name: 'Spaces' });
    await user.click(within(list).getByRole('button', { name: 'Board, free, needs approval' }));
    const dialog = await screen.findByRole('dialog', { name: 'Book Board' });
    expect(within(dialog).getByText(/Its bookings wait for an approver/)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Review');
    await user.click(within(dialog).getByRole('button', { name: 'Book' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This time conflicts with another booking.');
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveValue('Review');
  });

  it("shows who is where when the company shares it, and points at a colleague's space", async () => {
    const taken = takenFixture();
    answers(
      () => refusal(409, 'TIME_CONFLICT'),
      [
        {
          spaceId: space(3),
          space: 'Desk 2',
          name: 'Nadia Novak',
          startsAt: taken.startsAt,
          endsAt: taken.endsAt,
          checkedIn: true,
        },
        {
          spaceId: space(1),
          space: 'Desk 1',
          name: 'Omar Oduya',
          startsAt: taken.startsAt,
          endsAt: taken.endsAt,
          checkedIn: false,
        },
      ],
    );
    const { user } = renderApp('/spacebooking/map', asUser);
    const who = await screen.findByRole('region', { name: 'Who is where' });
    expect(
      within(who)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([
      expect.stringMatching(/^Nadia Novak: Desk 2, .* to .* · checked in$/),
      expect.stringMatching(/^Omar Oduya: Desk 1, .* to .*\d$/),
    ]);
    await user.type(within(who).getByRole('textbox', { name: 'Find a colleague' }), 'oma');
    const omar = within(who).getByRole('button', { name: /^Omar Oduya/ });
    expect(within(who).queryByRole('button', { name: /^Nadia/ })).not.toBeInTheDocument();
    await user.click(omar);
    expect(omar).toHaveAttribute('aria-pressed', 'true');
    expect(await axeViolations()).toEqual([]);
  });

  it('says nothing of who is where when the company does not share it', async () => {
    const calls = answers(() => refusal(409, 'TIME_CONFLICT'));
    renderApp('/spacebooking/map', asUser);
    await screen.findByRole('region', { name: 'Spaces' });
    await waitFor(() => expect(calls.of('GET /spacebooking/whereabouts/:floorId')).toHaveLength(1));
    // The answer (not shared) is drawn with the next taken slots: the map is whole by then.
    await screen.findByRole('img', { name: 'Desk 2, taken' });
    expect(screen.queryByRole('region', { name: 'Who is where' })).not.toBeInTheDocument();
  });
});
