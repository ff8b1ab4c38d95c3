import { screen, waitFor, within } from '@testing-library/react';
import {
  type BookingApprovalSummary,
  type BookingExport,
  type BookingOccurrence,
  bookingApprovalSummarySchema,
  bookingExportSchema,
  bookingOccurrenceSchema,
} from '@vestibule/shared';
import { describe, expect, it } from 'vitest';
import { answerCalls, refusal } from '../../test/answerCalls.ts';
import { axeViolations } from '../../test/axe.ts';
import { userFixture } from '../../test/fixtures.ts';
import { renderApp } from '../../test/renderApp.tsx';

// My bookings, the approval page and the export page (docs/space-booking.md), answered like the
// server's contract.

const SERIES = '0190a8f2-0000-7000-8000-000000000301';
const KEY = 'k'.repeat(48);
const at = (days: number, hour: number) => {
  const day = new Date(Date.now() + days * 86_400_000);
  day.setUTCHours(hour, 0, 0, 0);
  return day.toISOString();
};
const named = (id: string, name: string) => ({ id, name });

function occurrenceFixture(changes: Partial<BookingOccurrence> = {}): BookingOccurrence {
  return bookingOccurrenceSchema.parse({
    id: `${SERIES}-1`,
    seriesId: SERIES,
    occurrence: 1,
    startsAt: at(2, 9),
    endsAt: at(2, 10),
    status: 'APPROVED',
    cancelledAt: null,
    checkedInAt: null,
    title: 'Team meeting',
    space: named('0190a8f2-0000-7000-8000-000000000401', 'Boardroom'),
    floor: named('0190a8f2-0000-7000-8000-000000000402', 'Ground floor'),
    building: named('0190a8f2-0000-7000-8000-000000000403', 'Demo HQ'),
    host: named(userFixture('user', ['ROLE_USER']).id, 'Uma User'),
    repeat: 'WEEKLY',
    attendeesCount: 2,
    ...changes,
  });
}

// A real session keeps the user's id (the login's answer): my bookings ask for it.
const asUser = { as: { username: 'user', role: 'ROLE_USER', id: userFixture('user', ['ROLE_USER']).id } };

describe('my bookings', () => {
  it('lists my bookings to come with their status, and cancels one occurrence with a comment', async () => {
    const calls = answerCalls({
      'GET /spacebooking': ({ query }) =>
        query.from
          ? {
              docs: [
                occurrenceFixture(),
                occurrenceFixture({
                  id: `${SERIES}-2`,
                  occurrence: 2,
                  status: 'PENDING',
                  startsAt: at(9, 9),
                  endsAt: at(9, 10),
                }),
              ],
              totalDocs: 2,
            }
          : { docs: [], totalDocs: 0 },
      'DELETE /spacebooking/:id': ({ params }) => ({ id: params.id ?? '', changed: 1 }),
    });
    const { user } = renderApp('/booking', asUser);
    const items = await screen.findAllByRole('listitem', { name: 'Team meeting' });
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Approved')).toBeInTheDocument();
    expect(within(items[0]!).getByText('Boardroom, Ground floor, Demo HQ')).toBeInTheDocument();
    expect(within(items[0]!).getByText('Repeats · 2 attendees')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Waiting for approval')).toBeInTheDocument();
    expect(calls.of('GET /spacebooking')[0]!.query).toMatchObject({
      hostId: userFixture('user', []).id,
      sort: 'startsAt',
    });
    expect(await axeViolations()).toEqual([]);

    await user.click(within(items[0]!).getByRole('button', { name: 'Cancel Team meeting' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Comment for the attendees (optional)' }), 'Sorry');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the booking' }));
    await waitFor(() => expect(calls.of('DELETE /spacebooking/:id')).toHaveLength(1));
    expect(calls.of('DELETE /spacebooking/:id')[0]).toMatchObject({
      params: { id: `${SERIES}-1` },
      body: { comment: 'Sorry' },
    });
    expect(await screen.findByText('The booking is cancelled.')).toBeInTheDocument();
  });

  it('says when there is nothing, with a way to book', async () => {
    answerCalls({ 'GET /spacebooking': () => ({ docs: [], totalDocs: 0 }) });
    const { user } = renderApp('/booking', asUser);
    expect(await screen.findByText('You have no booking to come.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Book a space' })).toHaveAttribute('href', '/spacebooking/map');
    await user.click(screen.getByRole('radio', { name: 'Past' }));
    expect(await screen.findByText('You have no past booking.')).toBeInTheDocument();
  });
});

function summaryFixture(changes: Partial<BookingApprovalSummary> = {}): BookingApprovalSummary {
  return bookingApprovalSummarySchema.parse({
    id: SERIES,
    title: 'Board meeting',
    space: 'Executive suite',
    floor: 'First floor',
    building: 'Demo HQ',
    timeZone: 'America/Toronto',
    host: 'Uma User',
    attendeesCount: 3,
    occurrences: [{ id: `${SERIES}-1`, startsAt: at(2, 15), endsAt: at(2, 17), status: 'PENDING' }],
    ...changes,
  });
}

describe('the approval page', () => {
  it("shows the request and approves it with the approver's comment", async () => {
    const calls = answerCalls({
      'GET /public/spacebooking/approval/:id': () => summaryFixture(),
      'PATCH /spacebooking/approve/:id': ({ params }) => ({ id: params.id ?? '', changed: 1 }),
    });
    const { user } = renderApp(`/spacebooking/approval/${SERIES}`, { as: { username: 'master', role: 'ROLE_MASTER' } });
    expect(await screen.findByRole('heading', { name: 'Board meeting' })).toBeInTheDocument();
    expect(screen.getByText('Executive suite, First floor, Demo HQ')).toBeInTheDocument();
    expect(screen.getByText('Uma User asks to book this space. 3 attendees')).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
    await user.type(screen.getByRole('textbox', { name: 'Comment for the host (optional)' }), 'Fine');
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Approved: the host and the attendees are told.');
    expect(calls.of('PATCH /spacebooking/approve/:id')[0]).toMatchObject({
      params: { id: SERIES },
      body: { approved: true, comment: 'Fine' },
    });
  });

  it('says the booking is not theirs to approve when the server answers 404, and when nothing waits', async () => {
    answerCalls({
      'GET /public/spacebooking/approval/:id': () => summaryFixture(),
      'PATCH /spacebooking/approve/:id': () => refusal(404, 'NOT_FOUND'),
    });
    const { user } = renderApp(`/spacebooking/approval/${SERIES}`, asUser);
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'This booking does not wait for your approval, or no longer exists.',
    );
  });

  it('has nothing to decide once the booking is decided', async () => {
    answerCalls({
      'GET /public/spacebooking/approval/:id': () =>
        summaryFixture({
          occurrences: [{ id: `${SERIES}-1`, startsAt: at(2, 15), endsAt: at(2, 17), status: 'APPROVED' }],
        }),
    });
    renderApp(`/spacebooking/approval/${SERIES}`, asUser);
    expect(await screen.findByText('Nothing waits for approval in this booking any more.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });
});

function exportFixture(): BookingExport {
  return bookingExportSchema.parse({
    title: 'Client workshop',
    description: 'Onboarding',
    space: 'Training room',
    floor: 'Ground floor',
    building: 'Demo HQ',
    address: '1 Main Street, Toronto',
    timeZone: 'America/Toronto',
    host: 'Sam Supervisor',
    occurrences: [{ id: `${SERIES}-1`, startsAt: at(1, 18), endsAt: at(1, 21), status: 'APPROVED' }],
    googleLink: 'https://calendar.google.com/calendar/render?action=TEMPLATE&text=Client+workshop',
    icsPath: `/service/public/spacebooking/export/${KEY}/event.ics`,
    pdfPath: `/service/public/spacebooking/export/${KEY}/booking.pdf`,
  });
}

describe('the export page', () => {
  it('shows the event with its calendar file, Google link and attendees, without a sign-in, and e-mails it again', async () => {
    const calls = answerCalls({
      'GET /public/spacebooking/export/:key': () => exportFixture(),
      'GET /public/spacebooking/people/:key': () => ({
        host: 'Sam Supervisor',
        attendees: [{ firstName: 'Hannah', lastName: 'Schultz', role: 'Lumen Analytics' }],
      }),
      'POST /public/spacebooking/email': () => ({ sent: 2 }),
    });
    const { user } = renderApp(`/spacebooking/export/${KEY}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Client workshop' })).toBeInTheDocument();
    expect(screen.getByText('Address: 1 Main Street, Toronto')).toBeInTheDocument();
    expect(screen.getByText('Hannah Schultz (Lumen Analytics)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download the calendar file (.ics)' })).toHaveAttribute(
      'href',
      `/service/public/spacebooking/export/${KEY}/event.ics`,
    );
    expect(screen.getByRole('link', { name: 'Download it as a one-page PDF' })).toHaveAttribute(
      'href',
      `/service/public/spacebooking/export/${KEY}/booking.pdf?locale=en`,
    );
    const google = screen.getByRole('link', { name: /^Add to Google Calendar/ });
    expect(google).toHaveAttribute(
      'href',
      'https://calendar.google.com/calendar/render?action=TEMPLATE&text=Client+workshop',
    );
    expect(google).toHaveAttribute('target', '_blank');
    expect(google).toHaveTextContent('Add to Google Calendar (opens in a new tab)');
    expect(await axeViolations()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'E-mail it to the attendees again' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Sent: 2 e-mails.');
    expect(calls.of('POST /public/spacebooking/email')[0]!.body).toEqual({ spacebookingId: KEY });
  });

  it('says the link is not valid when the key names nothing', async () => {
    answerCalls({
      'GET /public/spacebooking/export/:key': () => refusal(404, 'NOT_FOUND'),
      'GET /public/spacebooking/people/:key': () => refusal(404, 'NOT_FOUND'),
    });
    renderApp(`/spacebooking/export/${KEY}`);
    expect(
      await screen.findByText('This booking link is not valid, or the booking no longer exists.'),
    ).toBeInTheDocument();
  });
});
