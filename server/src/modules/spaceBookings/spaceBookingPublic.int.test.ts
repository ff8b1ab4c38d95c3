import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import type {
  BookingApprovalSummary,
  BookingExport,
  BookingPeople,
  BookingSeries,
  PublicFloorBookings,
} from '@vestibule/shared';
import {
  assignBuildings,
  createBuilding,
  createFloor,
  createSpace,
  createTenant,
  createUser,
  setBuildingSettings,
} from '../../../test/helpers/factories.ts';
import { type TestApp, bearer, createTestApp, jsonOf, logInAs } from '../../../test/helpers/test-app.ts';

// The public booking calls (docs/space-booking.md, "Public calls") on both databases: what each
// shows without a sign-in, and what it never shows.

let t: TestApp;
let tenantId: string;
let floorId: string;
let host: { authorization: string };
let approverId: string;

/** A moment `days` from now at hh:00 UTC, and its day. */
function at(days: number, hour: number): string {
  const day = new Date(Date.now() + days * 86_400_000);
  day.setUTCHours(hour, 0, 0, 0);
  return day.toISOString();
}
const dayOf = (moment: string) => moment.slice(0, 10);

async function book(body: Record<string, unknown>): Promise<BookingSeries> {
  const response = await t.app.inject({ method: 'POST', url: '/service/spacebooking', headers: host, payload: body });
  expect(response.statusCode).toBe(200);
  return jsonOf<BookingSeries>(response);
}

const get = (url: string) => t.app.inject({ method: 'GET', url: `/service/public/spacebooking${url}` });

/** The text a PDF shows: the hex strings of its (deflated) content streams, in order, as Latin-1. */
function pdfText(pdf: Buffer): string {
  let text = '';
  for (const match of pdf.toString('latin1').matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1] ?? '', 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const hex of content.matchAll(/<([0-9a-fA-F]+)>\s*-?[\d.]*\s*/g))
      text += Buffer.from(hex[1] ?? '', 'hex').toString('latin1');
    text += '\n';
  }
  return text;
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  tenantId = await createTenant(db, { name: 'Public Booking Corp' });
  const buildingId = await createBuilding(db, tenantId, 'Glass Tower');
  await setBuildingSettings(db, buildingId, { timeZoneId: 'UTC' });
  floorId = await createFloor(db, tenantId, buildingId, 'Level 9');
  const user = await createUser(db, { tenantId, role: 'ROLE_USER' });
  await assignBuildings(db, user.id, [buildingId]);
  await db.updateTable('users').set({ first_name: 'Hugo', last_name: 'Host' }).where('id', '=', user.id).execute();
  host = bearer(await logInAs(t.app, user.username));
  approverId = (await createUser(db, { tenantId, role: 'ROLE_SUPERVISOR' })).id;
});
afterAll(() => t.close());

describe("a floor's taken slots", () => {
  it('lists the pending and approved slots of the days asked, with no title nor name', async () => {
    const db = t.database.db;
    const desk = await createSpace(db, tenantId, floorId, 'Desk 1');
    const room = await createSpace(db, tenantId, floorId, 'Room 1');
    await db.updateTable('spaces').set({ approver1_id: approverId }).where('id', '=', room).execute();
    await book({ title: 'Secret plan', spaceId: desk, startsAt: at(2, 9), endsAt: at(2, 10) });
    await book({ title: 'Secret too', spaceId: room, startsAt: at(2, 11), endsAt: at(2, 12) });
    const gone = await book({ title: 'Gone', spaceId: desk, startsAt: at(2, 13), endsAt: at(2, 14) });
    await t.app.inject({ method: 'DELETE', url: `/service/spacebooking/${gone.id}`, headers: host });
    await book({ title: 'Later', spaceId: desk, startsAt: at(5, 9), endsAt: at(5, 10) });
    const response = await get(`/list/${floorId}/${dayOf(at(2, 0))}/${dayOf(at(3, 0))}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toMatch(/Secret|Hugo/);
    expect(jsonOf<PublicFloorBookings>(response)).toEqual({
      timeZone: 'UTC',
      bookings: [
        { spaceId: desk, startsAt: at(2, 9), endsAt: at(2, 10), status: 'APPROVED' },
        { spaceId: room, startsAt: at(2, 11), endsAt: at(2, 12), status: 'PENDING' },
      ],
    });
  });

  it('refuses a period reversed or longer than 31 days, and answers 404 to an unknown floor', async () => {
    for (const [from, to] of [
      [at(3, 0), at(2, 0)],
      [at(0, 0), at(31, 0)],
    ]) {
      const refused = await get(`/list/${floorId}/${dayOf(from!)}/${dayOf(to!)}`);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ errorCode: 'ERROR_WITH_FILTER' });
    }
    expect(
      (await get(`/list/0190a8f2-0000-7000-8000-000000000999/${dayOf(at(1, 0))}/${dayOf(at(2, 0))}`)).statusCode,
    ).toBe(404);
  });
});

describe('the approval summary', () => {
  it("shows a pending booking's title, space, host and occurrences, by the series or one occurrence", async () => {
    const room = await createSpace(t.database.db, tenantId, floorId, 'Room 2');
    await t.database.db.updateTable('spaces').set({ approver1_id: approverId }).where('id', '=', room).execute();
    const series = await book({
      title: 'Board',
      spaceId: room,
      startsAt: at(3, 9),
      endsAt: at(3, 10),
      repeat: 'DAILY',
      repeatUntil: dayOf(at(4, 0)),
      attendees: [{ firstName: 'Ann', lastName: 'Guest', email: 'ann@guest.example' }],
    });
    const summary = jsonOf<BookingApprovalSummary>(await get(`/approval/${series.id}`));
    expect(summary).toEqual({
      id: series.id,
      title: 'Board',
      space: 'Room 2',
      floor: 'Level 9',
      building: 'Glass Tower',
      timeZone: 'UTC',
      host: 'Hugo Host',
      attendeesCount: 1,
      occurrences: [
        { id: `${series.id}-1`, startsAt: at(3, 9), endsAt: at(3, 10), status: 'PENDING' },
        { id: `${series.id}-2`, startsAt: at(4, 9), endsAt: at(4, 10), status: 'PENDING' },
      ],
    });
    const one = jsonOf<BookingApprovalSummary>(await get(`/approval/${series.id}-2`));
    expect(one.occurrences.map((occurrence) => occurrence.id)).toEqual([`${series.id}-2`]);
    expect((await get('/approval/0190a8f2-0000-7000-8000-000000000999')).statusCode).toBe(404);
    expect((await get(`/approval/${series.id}-x`)).statusCode).toBe(404);
  });
});

describe('the export by key', () => {
  it('gives the event, its calendar file and Google link, its people without addresses, and e-mails it again', async () => {
    const desk = await createSpace(t.database.db, tenantId, floorId, 'Desk 3');
    const series = await book({
      title: 'Pairing',
      description: 'Bring a laptop',
      spaceId: desk,
      startsAt: at(6, 10),
      endsAt: at(6, 12),
      scheduling: 'ICS',
      attendees: [{ firstName: 'Ann', lastName: 'Guest', email: 'ann@guest.example', role: 'Pair' }],
    });
    const page = jsonOf<BookingExport>(await get(`/export/${series.exportKey}`));
    expect(page).toMatchObject({
      title: 'Pairing',
      description: 'Bring a laptop',
      space: 'Desk 3',
      building: 'Glass Tower',
      host: 'Hugo Host',
      occurrences: [{ id: `${series.id}-1`, startsAt: at(6, 10), endsAt: at(6, 12), status: 'APPROVED' }],
      icsPath: `/service/public/spacebooking/export/${series.exportKey}/event.ics`,
      pdfPath: `/service/public/spacebooking/export/${series.exportKey}/booking.pdf`,
    });
    expect(new URL(page.googleLink).searchParams.get('text')).toBe('Pairing');

    const ics = await t.app.inject({ method: 'GET', url: page.icsPath });
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toMatch(/^text\/calendar/);
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(ics.body)).getFirstSubcomponent('vevent')!);
    expect(event.uid).toBe(`${series.id}-1@vestibule`);
    expect(event.startDate.toJSDate().toISOString()).toBe(at(6, 10));
    expect(event.summary).toBe('Pairing');

    // One printable page in the language asked for: its words read back from its text operators.
    const pdf = await t.app.inject({ method: 'GET', url: `${page.pdfPath}?locale=fr` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.rawPayload.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(1);
    const words = pdfText(pdf.rawPayload);
    for (const expected of [
      'Pairing',
      'Quand',
      'Desk 3',
      'Glass Tower',
      'Hôte : Hugo Host',
      'Ann Guest',
      'Bring a laptop',
    ])
      expect(words).toContain(expected);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/service/public/spacebooking/export/no-such-key-0123456789/booking.pdf',
        })
      ).statusCode,
    ).toBe(404);

    const people = await get(`/people/${series.exportKey}`);
    expect(jsonOf<BookingPeople>(people)).toEqual({
      host: 'Hugo Host',
      attendees: [{ firstName: 'Ann', lastName: 'Guest', role: 'Pair' }],
    });
    expect(people.body).not.toContain('@');

    const before = (await t.database.db.selectFrom('mail_outbox').select('id').execute()).length;
    const sent = await t.app.inject({
      method: 'POST',
      url: '/service/public/spacebooking/email',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `spacebookingId=${encodeURIComponent(series.exportKey)}`,
    });
    expect(sent.statusCode).toBe(200);
    // To the host and the attendee.
    expect(sent.json()).toEqual({ sent: 2 });
    expect((await t.database.db.selectFrom('mail_outbox').select('id').execute()).length).toBe(before + 2);
  });

  it('answers 404 to a key that names nothing, whatever the call', async () => {
    const key = 'x'.repeat(48);
    expect((await get(`/export/${key}`)).statusCode).toBe(404);
    expect((await get(`/export/${key}/event.ics`)).statusCode).toBe(404);
    expect((await get(`/people/${key}`)).statusCode).toBe(404);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/service/public/spacebooking/email',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `spacebookingId=${key}`,
    });
    expect(sent.statusCode).toBe(404);
  });
});
