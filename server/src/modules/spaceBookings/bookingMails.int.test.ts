import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import PostalMime, { type Email } from 'postal-mime';
import ICAL from 'ical.js';
import type { BookingSeries } from '@vestibule/shared';
import {
  assignBuildings,
  createBuilding,
  createFloor,
  createSpace,
  createTenant,
  createUser,
} from '../../../test/helpers/factories.ts';
import { type SmtpSink, startSmtpSink } from '../../../test/helpers/smtpSink.ts';
import { type TestApp, bearer, createTestApp, jsonOf, logInAs } from '../../../test/helpers/test-app.ts';
import { createMailSender } from '../mail/mail.sender.ts';

// The booking e-mails (docs/space-booking.md, "E-mails and calendars") as mail clients receive
// them: through the outbox and a real SMTP exchange, read back with a MIME parser, their calendar
// files parsed with an iCalendar parser. On both databases.

let smtp: SmtpSink;
let t: TestApp;
let tenantId: string;
let floorId: string;
const as: Record<string, { authorization: string }> = {};
const emails: Record<string, string> = {};
const ids: Record<string, string> = {};

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp();
  const db = t.database.db;
  tenantId = await createTenant(db, { name: 'Mail Booking Corp' });
  const buildingId = await createBuilding(db, tenantId, 'Harbour House');
  floorId = await createFloor(db, tenantId, buildingId, 'Level 2');
  for (const [name, role] of [
    ['host', 'ROLE_USER'],
    ['approver', 'ROLE_SUPERVISOR'],
  ] as const) {
    const user = await createUser(db, { tenantId, role });
    await assignBuildings(db, user.id, [buildingId]);
    emails[name] = `${name}-${user.id.slice(-6)}@mail.example`;
    await db
      .updateTable('users')
      .set({ email: emails[name], first_name: name === 'host' ? 'Hana' : 'Abel', last_name: 'Tester' })
      .where('id', '=', user.id)
      .execute();
    ids[name] = user.id;
    as[name] = bearer(await logInAs(t.app, user.username));
  }
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** Sends what the outbox holds over SMTP; the messages each address received since `from`, parsed. */
async function delivered(from: number): Promise<Map<string, Email[]>> {
  const sender = createMailSender(t.database.db, smtp.url);
  try {
    await sender.sendDue();
  } finally {
    sender.close();
  }
  const byAddress = new Map<string, Email[]>();
  for (const message of smtp.received.slice(from)) {
    const parsed = await PostalMime.parse(message.raw);
    for (const to of message.to) byAddress.set(to, [...(byAddress.get(to) ?? []), parsed]);
  }
  return byAddress;
}

function onlyTo(mails: Map<string, Email[]>, address: string): Email {
  const received = mails.get(address) ?? [];
  expect(received.map((mail) => mail.subject)).toHaveLength(1);
  return received[0]!;
}

/** The calendar file of a message, parsed: its method and its events' UID, SEQUENCE, status, start. */
function calendarOf(mail: Email) {
  const file = mail.attachments.find((attachment) => attachment.filename === 'booking.ics');
  if (!file) throw new Error(`no calendar file in "${mail.subject}"`);
  const text =
    typeof file.content === 'string' ? file.content : Buffer.from(file.content as ArrayBuffer).toString('utf8');
  const calendar = new ICAL.Component(ICAL.parse(text));
  return {
    method: calendar.getFirstPropertyValue('method'),
    events: calendar.getAllSubcomponents('vevent').map((component) => {
      const event = new ICAL.Event(component);
      return {
        uid: event.uid,
        sequence: event.sequence,
        status: component.getFirstPropertyValue('status'),
        start: event.startDate.toJSDate().toISOString(),
        attendees: event.attendees.map((attendee) => String(attendee.getFirstValue()).toLowerCase()),
      };
    }),
  };
}

/** A moment `days` from now at hh:00 UTC. */
function at(days: number, hour: number): string {
  const day = new Date(Date.now() + days * 86_400_000);
  day.setUTCHours(hour, 0, 0, 0);
  return day.toISOString();
}

describe('a booking that needs approval', () => {
  it('asks its approvers with the approval link, then sends the approved event with a calendar file that updates and cancels', async () => {
    const db = t.database.db;
    const room = await createSpace(db, tenantId, floorId, 'Board room');
    await db.updateTable('spaces').set({ approver1_id: ids.approver }).where('id', '=', room).execute();
    const guest = 'grace.okoye@visitor.example';
    let seen = smtp.received.length;
    const made = await t.app.inject({
      method: 'POST',
      url: '/service/spacebooking',
      headers: as.host,
      payload: {
        title: 'Budget review',
        spaceId: room,
        startsAt: at(3, 14),
        endsAt: at(3, 15),
        scheduling: 'ICS',
        attendees: [{ firstName: 'Grace', lastName: 'Okoye', email: guest, role: 'Auditor' }],
      },
    });
    expect(made.statusCode).toBe(200);
    const series = jsonOf<BookingSeries>(made);
    let mails = await delivered(seen);
    // The approver gets the link; the host hears it waits; the guest hears nothing yet.
    const ask = onlyTo(mails, emails.approver!);
    expect(ask.subject).toMatch(/^To approve: Budget review in Board room on /);
    expect(ask.text).toContain(`/spacebooking/approval/${series.id}`);
    expect(ask.text).toContain('Hana Tester asks to book Board room (Level 2, Harbour House)');
    expect(onlyTo(mails, emails.host!).subject).toMatch(/^Waiting for approval: Budget review on /);
    expect(mails.has(guest)).toBe(false);

    seen = smtp.received.length;
    const approved = await t.app.inject({
      method: 'PATCH',
      url: `/service/spacebooking/approve/${series.id}`,
      headers: as.approver,
      payload: { approved: true, comment: 'Enjoy' },
    });
    expect(approved.statusCode).toBe(200);
    mails = await delivered(seen);
    const invitation = onlyTo(mails, guest);
    expect(invitation.subject).toMatch(/^Approved: Budget review on /);
    expect(invitation.text).toContain('Comment: Enjoy');
    const first = calendarOf(invitation);
    expect(first.method).toBe('REQUEST');
    expect(first.events).toEqual([
      {
        uid: `${series.id}-1@vestibule`,
        sequence: 1,
        status: 'CONFIRMED',
        start: at(3, 14),
        attendees: [`mailto:${guest}`],
      },
    ]);
    expect(calendarOf(onlyTo(mails, emails.host!)).events[0]!.uid).toBe(`${series.id}-1@vestibule`);

    // A new time: the same event, a higher sequence.
    seen = smtp.received.length;
    const moved = await t.app.inject({
      method: 'PATCH',
      url: `/service/spacebooking/${series.id}-1`,
      headers: as.host,
      payload: { startsAt: at(3, 16), endsAt: at(3, 17) },
    });
    expect(moved.statusCode).toBe(200);
    mails = await delivered(seen);
    const update = onlyTo(mails, guest);
    expect(update.subject).toMatch(/^Changed: Budget review on /);
    const second = calendarOf(update);
    expect(second.events[0]).toMatchObject({ uid: `${series.id}-1@vestibule`, start: at(3, 16) });
    expect(second.events[0]!.sequence).toBeGreaterThan(first.events[0]!.sequence);

    // Cancelled: the calendar file removes it.
    seen = smtp.received.length;
    const cancelled = await t.app.inject({
      method: 'DELETE',
      url: `/service/spacebooking/${series.id}`,
      headers: as.host,
      payload: { comment: 'Moved to next month' },
    });
    expect(cancelled.statusCode).toBe(200);
    mails = await delivered(seen);
    const removal = onlyTo(mails, guest);
    expect(removal.subject).toMatch(/^Cancelled: Budget review on /);
    expect(removal.text).toContain('Comment: Moved to next month');
    const third = calendarOf(removal);
    expect(third.method).toBe('CANCEL');
    expect(third.events[0]).toMatchObject({ uid: `${series.id}-1@vestibule`, status: 'CANCELLED' });
    expect(third.events[0]!.sequence).toBeGreaterThan(second.events[0]!.sequence);
  });

  it('tells the host and the attendees of a rejection, with the comment', async () => {
    const db = t.database.db;
    const room = await createSpace(db, tenantId, floorId, 'Corner office');
    await db.updateTable('spaces').set({ approver2_id: ids.approver }).where('id', '=', room).execute();
    const made = await t.app.inject({
      method: 'POST',
      url: '/service/spacebooking',
      headers: as.host,
      payload: {
        title: 'Interview',
        spaceId: room,
        startsAt: at(4, 9),
        endsAt: at(4, 10),
        attendees: [{ firstName: 'Tom', lastName: 'Herrera', email: 'tom@visitor.example' }],
      },
    });
    const series = jsonOf<BookingSeries>(made);
    // The approval request and the host's notice go first.
    await delivered(smtp.received.length);
    const seen = smtp.received.length;
    await t.app.inject({
      method: 'PATCH',
      url: `/service/spacebooking/approve/${series.id}`,
      headers: as.approver,
      payload: { approved: false, comment: 'Kept for the board' },
    });
    const mails = await delivered(seen);
    for (const address of [emails.host!, 'tom@visitor.example']) {
      const mail = onlyTo(mails, address);
      expect(mail.subject).toMatch(/^Rejected: Interview on /);
      expect(mail.text).toContain('Comment: Kept for the board');
      expect(mail.attachments.filter((attachment) => attachment.filename === 'booking.ics')).toEqual([]);
    }
  });
});

describe('a booking approved at once', () => {
  it('gives a Google Calendar link when it schedules with Google, and says a series repeats', async () => {
    const desk = await createSpace(t.database.db, tenantId, floorId, 'Desk 4');
    const seen = smtp.received.length;
    const made = await t.app.inject({
      method: 'POST',
      url: '/service/spacebooking',
      headers: as.host,
      payload: {
        title: 'Desk day',
        spaceId: desk,
        startsAt: at(2, 9),
        endsAt: at(2, 17),
        repeat: 'DAILY',
        repeatUntil: at(4, 0).slice(0, 10),
        scheduling: 'GOOGLE',
        attendees: [{ firstName: 'Ines', lastName: 'Pair', email: 'ines@visitor.example' }],
      },
    });
    expect(made.statusCode).toBe(200);
    const mails = await delivered(seen);
    const invitation = onlyTo(mails, 'ines@visitor.example');
    expect(invitation.subject).toMatch(/^Desk day: Desk 4 on /);
    expect(invitation.text).toContain('Hana Tester invites you to “Desk day” in Desk 4 (Level 2, Harbour House)');
    expect(invitation.text).toMatch(/It repeats 2 more times, the last on /);
    expect(invitation.text).toContain('https://calendar.google.com/calendar/render?action=TEMPLATE&text=Desk+day');
    expect(invitation.attachments.filter((attachment) => attachment.filename === 'booking.ics')).toEqual([]);
    expect(onlyTo(mails, emails.host!).text).toContain('Your booking “Desk day” of Desk 4 (Level 2, Harbour House)');
  });

  it('sends nothing to anyone when the booking has no attendee and its host no address', async () => {
    const db = t.database.db;
    const silent = await createUser(db, { tenantId, role: 'ROLE_ADMIN' });
    await db.updateTable('users').set({ email: null }).where('id', '=', silent.id).execute();
    const desk = await createSpace(db, tenantId, floorId, 'Desk 5');
    const before = await db.selectFrom('mail_outbox').select('id').execute();
    const made = await t.app.inject({
      method: 'POST',
      url: '/service/spacebooking',
      headers: bearer(await logInAs(t.app, silent.username)),
      payload: { title: 'Quiet', spaceId: desk, startsAt: at(2, 9), endsAt: at(2, 10) },
    });
    expect(made.statusCode).toBe(200);
    expect(await db.selectFrom('mail_outbox').select('id').execute()).toHaveLength(before.length);
  });
});
