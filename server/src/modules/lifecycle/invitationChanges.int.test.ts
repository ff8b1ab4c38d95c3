import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import PostalMime, { type Email } from 'postal-mime';
import ICAL from 'ical.js';
import type { VisitDetail } from '@vestibule/shared';
import { type TestApp, createTestApp, jsonOf } from '../../../test/helpers/test-app.ts';
import { createMailSender } from '../mail/mail.sender.ts';
import { type Seed, caller, invite, seedVisits } from '../visits/visits.test-fixtures.ts';
import { type LifecycleDeps, sendCancellations, sendInvitations } from './lifecycle.service.ts';
import { type SmtpSink, startSmtpSink } from '../../../test/helpers/smtpSink.ts';

// A visitor's calendar follows their visit (both databases): moved by the visitor's
// pages or by staff, the invitation is sent again with the same UID and a higher SEQUENCE; once
// cancelled, the visitor receives a METHOD:CANCEL file above every version sent and the host is
// told, each in their language, once. Messages are read back from a real SMTP exchange.
let smtp: SmtpSink;
let t: TestApp;
let seed: Seed;
let call: ReturnType<typeof caller>;
let deps: LifecycleDeps;
const HOUR = 3_600_000;

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp();
  seed = await seedVisits(t);
  call = caller(t, seed);
  deps = { db: t.database.db, base: 'https://visits.example.test' };
  // The host reads Spanish.
  await t.database.db.updateTable('people').set({ locale: 'es' }).where('id', '=', seed.people.ada).execute();
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** Sends what the outbox holds over SMTP; answers every message `to` smtp.received, parsed, oldest first. */
async function deliveredTo(to: string): Promise<(Email & { raw: string })[]> {
  const sender = createMailSender(t.database.db, smtp.url);
  try {
    await sender.sendDue();
  } finally {
    sender.close();
  }
  return Promise.all(
    smtp.received
      .filter((message) => message.to.includes(to))
      .map(async (message) => ({ ...(await PostalMime.parse(message.raw)), raw: message.raw })),
  );
}

/** The .ics of a message, read by an iCalendar parser: its method and its one event. */
function calendarOf(email: Email) {
  const file = email.attachments.find((a) => a.filename === 'visit.ics');
  if (!file) throw new Error('no visit.ics');
  const calendar = new ICAL.Component(ICAL.parse(Buffer.from(file.content as ArrayBuffer).toString('utf8')));
  const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: event.uid,
    sequence: event.sequence,
    status: event.component.getFirstPropertyValue('status'),
    start: event.startDate.toJSDate().toISOString(),
    end: event.endDate.toJSDate().toISOString(),
  };
}

const publicIdOf = async (id: string) =>
  (await t.database.db.selectFrom('visits').select('public_identifier').where('id', '=', id).executeTakeFirstOrThrow())
    .public_identifier;

const later = (hours: number) => new Date(Date.now() + hours * HOUR);
/** A time on the minute (the reschedule page offers minutes). */
const onTheMinute = (date: Date) => new Date(Math.floor(date.getTime() / 60_000) * 60_000).toISOString();

describe('a moved invitation', () => {
  it('is sent again after each change of time or length, with the same UID and a higher SEQUENCE', async () => {
    const email = 'moved@example.test';
    const first = onTheMinute(later(26));
    const visit = await invite(call, seed, { email, scheduledAt: first, scheduledDuration: 'PT1H' });
    const uid = `${visit.id}@vestibule`;
    expect(await sendInvitations(deps, new Date())).toEqual({ visits: 1, mails: 1 });
    let mails = await deliveredTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^Your visit to HQ on /);
    expect(calendarOf(mails[0]!)).toMatchObject({ method: 'PUBLISH', uid, sequence: 0, start: first });

    // Staff move it: sent again, marked as a change, once.
    const second = onTheMinute(later(30));
    const moved = await call('ROLE_USER', 'PATCH', `/meeting/${visit.id}`, { scheduledAt: second });
    expect(moved.statusCode).toBe(200);
    expect(await sendInvitations(deps, new Date())).toEqual({ visits: 1, mails: 1 });
    expect(await sendInvitations(deps, new Date())).toEqual({ visits: 0, mails: 0 });
    mails = await deliveredTo(email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toMatch(/^Changed: your visit to HQ on /);
    expect(mails[1]!.text).toContain('Your visit has changed: this invitation replaces the one sent before.');
    expect(calendarOf(mails[1]!)).toMatchObject({ method: 'PUBLISH', uid, sequence: 1, start: second });

    // The visitor moves it on the reschedule page.
    const publicId = await publicIdOf(visit.id);
    const third = onTheMinute(later(50));
    const rescheduled = await t.app.inject({
      method: 'PATCH',
      url: `/service/reschedulable/${publicId}`,
      payload: { scheduledAt: third },
    });
    expect(rescheduled.statusCode).toBe(200);
    expect(await sendInvitations(deps, new Date())).toEqual({ visits: 1, mails: 1 });
    mails = await deliveredTo(email);
    expect(calendarOf(mails[2]!)).toMatchObject({ uid, sequence: 2, start: third });

    // The visitor makes it longer on the postpone page, then staff change its length: each a new version.
    const postponed = await t.app.inject({
      method: 'PATCH',
      url: `/service/postponable/${publicId}`,
      payload: { scheduledDuration: 'PT2H' },
    });
    expect(postponed.statusCode).toBe(200);
    expect(await sendInvitations(deps, new Date())).toEqual({ visits: 1, mails: 1 });
    const shorter = await call('ROLE_USER', 'PATCH', `/meeting/${visit.id}`, { scheduledDuration: 'PT30M' });
    expect(shorter.statusCode).toBe(200);
    expect(await sendInvitations(deps, new Date())).toEqual({ visits: 1, mails: 1 });
    mails = await deliveredTo(email);
    expect(mails.map((mail) => calendarOf(mail).sequence)).toEqual([0, 1, 2, 3, 4]);
    expect(calendarOf(mails[3]!)).toMatchObject({
      start: third,
      end: new Date(Date.parse(third) + 2 * HOUR).toISOString(),
    });
    expect(calendarOf(mails[4]!)).toMatchObject({
      start: third,
      end: new Date(Date.parse(third) + HOUR / 2).toISOString(),
    });

    // A change that moves nothing sends nothing.
    const renamed = await call('ROLE_USER', 'PATCH', `/meeting/${visit.id}`, { companyName: 'Renamed Ltd' });
    expect(renamed.statusCode).toBe(200);
    expect(await sendInvitations(deps, new Date())).toEqual({ visits: 0, mails: 0 });
  });
});

describe('a cancelled invitation', () => {
  it('cancelled by the visitor: a METHOD:CANCEL file above the version they hold, in their language, and the host told in theirs, once', async () => {
    const email = 'annule@example.test';
    const at = onTheMinute(later(28));
    const visit = await invite(call, seed, { email, locale: 'fr', scheduledAt: at, scheduledDuration: 'PT1H' });
    await sendInvitations(deps, new Date());
    const cancelled = await t.app.inject({
      method: 'DELETE',
      url: `/service/cancelable/${await publicIdOf(visit.id)}`,
    });
    expect(cancelled.statusCode).toBe(200);

    expect(await sendCancellations(deps, new Date())).toEqual({ visits: 1, mails: 2 });
    expect(await sendCancellations(deps, new Date())).toEqual({ visits: 0, mails: 0 });
    expect(await sendInvitations(deps, new Date())).toEqual({ visits: 0, mails: 0 });

    const [invitation, cancellation] = await deliveredTo(email);
    expect(calendarOf(invitation!).sequence).toBe(0);
    expect(cancellation!.subject).toMatch(/^Annulée : votre visite à HQ le /);
    expect(cancellation!.text).toMatch(/Votre visite à HQ le .* a été annulée\./);
    expect(cancellation!.text).toContain('Le fichier de calendrier joint (.ics) retire la visite de votre agenda.');
    expect(cancellation!.raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=CANCEL/i);
    expect(calendarOf(cancellation!)).toEqual({
      method: 'CANCEL',
      uid: `${visit.id}@vestibule`,
      sequence: 1,
      status: 'CANCELLED',
      start: at,
      end: new Date(Date.parse(at) + HOUR).toISOString(),
    });

    const host = await deliveredTo('ada@hq.test');
    const told = host.find((mail) => mail.subject?.startsWith('Cancelada:'));
    if (!told) throw new Error('the host was not told');
    expect(told.subject).toMatch(new RegExp(`^Cancelada: la visita de Vera ${visit.lastName} a HQ el `));
    expect(told.text).toContain('Hola, Ada Lovelace:');
    expect(told.attachments.filter((a) => a.filename === 'visit.ics')).toEqual([]);
  });

  it('cancelled by staff after a change: the cancellation is the version after the update', async () => {
    const email = 'staff-cancel@example.test';
    const visit = await invite(call, seed, { email, scheduledAt: onTheMinute(later(27)) });
    await sendInvitations(deps, new Date());
    await call('ROLE_USER', 'PATCH', `/meeting/${visit.id}`, { scheduledAt: onTheMinute(later(40)) });
    await sendInvitations(deps, new Date());
    const cancelled = await call('ROLE_USER', 'PATCH', `/meeting/${visit.id}/cancel`);
    expect(jsonOf<VisitDetail>(cancelled).cancelledAt).not.toBeNull();
    expect(await sendCancellations(deps, new Date())).toEqual({ visits: 1, mails: 2 });
    const mails = await deliveredTo(email);
    expect(mails.map((mail) => [calendarOf(mail).method, calendarOf(mail).sequence])).toEqual([
      ['PUBLISH', 0],
      ['PUBLISH', 1],
      ['CANCEL', 2],
    ]);
    expect(mails[2]!.subject).toMatch(/^Cancelled: your visit to HQ on /);
  });

  it('tells nobody of a cancelled invitation that was never sent', async () => {
    const email = 'never-sent@example.test';
    const visit = await invite(call, seed, { email });
    expect((await call('ROLE_USER', 'PATCH', `/meeting/${visit.id}/cancel`)).statusCode).toBe(200);
    expect(await sendCancellations(deps, new Date())).toEqual({ visits: 0, mails: 0 });
    expect(await sendInvitations(deps, new Date())).toEqual({ visits: 0, mails: 0 });
    expect(await deliveredTo(email)).toEqual([]);
  });
});
