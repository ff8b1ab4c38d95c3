import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingOccurrence, BookingSeries, Role } from '@vestibule/shared';
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

// The booking calls (docs/space-booking.md) on both databases: each rule and code, who may do
// what, and the company's and buildings' walls.

let t: TestApp;
let tenantId: string;
let buildingId: string;
let otherBuildingId: string;
let floorId: string;
let otherFloorId: string;
const as: Record<string, { authorization: string }> = {};
const ids: Record<string, string> = {};

async function user(name: string, role: Role, buildings: string[], tenant = tenantId) {
  const created = await createUser(t.database.db, { tenantId: tenant, role });
  if (buildings.length > 0) await assignBuildings(t.database.db, created.id, buildings);
  ids[name] = created.id;
  as[name] = bearer(await logInAs(t.app, created.username));
}

async function space(name: string, values: { approver?: string; public?: boolean; available?: boolean } = {}) {
  const id = await createSpace(t.database.db, tenantId, name.startsWith('other') ? otherFloorId : floorId, name);
  await t.database.db
    .updateTable('spaces')
    .set({
      approver1_id: values.approver ?? null,
      public: values.public ?? true,
      available: values.available ?? true,
    })
    .where('id', '=', id)
    .execute();
  return id;
}

/** A moment `days` from now at hh:00 UTC. */
function at(days: number, hour: number): string {
  const day = new Date(Date.now() + days * 86_400_000);
  day.setUTCHours(hour, 0, 0, 0);
  return day.toISOString();
}

function post(body: Record<string, unknown>, headers = as.admin) {
  return t.app.inject({ method: 'POST', url: '/service/spacebooking', headers, payload: { title: 'Sync', ...body } });
}

async function booked(body: Record<string, unknown>, headers = as.admin): Promise<BookingSeries> {
  const response = await post(body, headers);
  expect(response.json()).toMatchObject({ id: expect.any(String) });
  expect(response.statusCode).toBe(200);
  return jsonOf<BookingSeries>(response);
}

async function list(query: string, headers = as.admin) {
  const response = await t.app.inject({ method: 'GET', url: `/service/spacebooking?${query}`, headers });
  expect(response.statusCode).toBe(200);
  return jsonOf<{ docs: BookingOccurrence[]; totalDocs: number }>(response);
}

const codeOf = (response: { json: () => unknown }) => (response.json() as { errorCode?: string }).errorCode;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  tenantId = await createTenant(db, { name: 'Booking Corp' });
  buildingId = await createBuilding(db, tenantId, 'Booking Tower');
  otherBuildingId = await createBuilding(db, tenantId, 'Annex');
  await setBuildingSettings(db, buildingId, { timeZoneId: 'America/Toronto' });
  floorId = await createFloor(db, tenantId, buildingId, 'Ground');
  otherFloorId = await createFloor(db, tenantId, otherBuildingId, 'Annex ground');
  await user('admin', 'ROLE_ADMIN', []);
  await user('supervisor', 'ROLE_SUPERVISOR', [buildingId]);
  await user('annexSupervisor', 'ROLE_SUPERVISOR', [otherBuildingId]);
  await user('user', 'ROLE_USER', [buildingId]);
  await user('colleague', 'ROLE_USER', [buildingId]);
  await user('approver', 'ROLE_USER', [buildingId]);
  await user('tech', 'ROLE_TECH_1', []);
  const foreignTenant = await createTenant(db, { name: 'Foreign Corp' });
  await user('foreign', 'ROLE_ADMIN', [], foreignTenant);
});
afterAll(() => t.close());

describe('booking a space', () => {
  it('books at once a space without approvers, audited, answering the series and its occurrence', async () => {
    const room = await space('Room A');
    const series = await booked(
      {
        spaceId: room,
        startsAt: at(2, 14),
        endsAt: at(2, 15),
        attendees: [{ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.test', role: 'Guest' }],
      },
      as.user,
    );
    expect(series).toMatchObject({
      title: 'Sync',
      repeat: 'NONE',
      timeZone: 'America/Toronto',
      space: { id: room, name: 'Room A' },
      floor: { id: floorId, name: 'Ground' },
      building: { id: buildingId, name: 'Booking Tower' },
      host: { id: ids.user },
      attendees: [
        { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.test', role: 'Guest', verified: false },
      ],
    });
    expect(series.occurrences).toEqual([
      {
        id: `${series.id}-1`,
        occurrence: 1,
        startsAt: at(2, 14),
        endsAt: at(2, 15),
        status: 'APPROVED',
        cancelledAt: null,
      },
    ]);
    expect(series.exportKey.length).toBeGreaterThanOrEqual(32);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'entity'])
      .where('entity_id', '=', series.id)
      .execute();
    expect(audit).toEqual([{ action: 'BOOKING_CREATED', entity: 'spaceBooking' }]);
  });

  it('keeps a booking of a space with approvers pending, and its slot taken: TIME_CONFLICT names the start', async () => {
    const room = await space('Room B', { approver: ids.approver });
    const pending = await booked({ spaceId: room, startsAt: at(3, 14), endsAt: at(3, 16) }, as.user);
    expect(pending.occurrences.map((o) => o.status)).toEqual(['PENDING']);
    const clash = await post({ spaceId: room, startsAt: at(3, 15), endsAt: at(3, 17) }, as.colleague);
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ errorCode: 'TIME_CONFLICT', params: { startsAt: at(3, 15) } });
    // Touching ends do not overlap.
    await booked({ spaceId: room, startsAt: at(3, 16), endsAt: at(3, 17) }, as.colleague);
  });

  it('refuses each broken rule with its code, and writes nothing', async () => {
    const room = await space('Room C');
    const closed = await space('Room closed', { available: false });
    const refusals = {
      end: await post({ spaceId: room, startsAt: at(4, 15), endsAt: at(4, 14) }),
      past: await post({ spaceId: room, startsAt: at(-1, 14), endsAt: at(-1, 15) }),
      unavailable: await post({ spaceId: closed, startsAt: at(4, 14), endsAt: at(4, 15) }),
      noUntil: await post({ spaceId: room, startsAt: at(4, 14), endsAt: at(4, 15), repeat: 'WEEKLY' }),
      farUntil: await post({
        spaceId: room,
        startsAt: at(4, 14),
        endsAt: at(4, 15),
        repeat: 'WEEKLY',
        repeatUntil: at(400, 0).slice(0, 10),
      }),
      window: await post({
        spaceId: room,
        startsAt: at(4, 14),
        endsAt: at(5, 15),
        repeat: 'DAILY',
        repeatUntil: at(10, 0).slice(0, 10),
      }),
      tooMany: await post({
        spaceId: room,
        startsAt: '2027-03-01T15:00:00Z',
        endsAt: '2027-03-01T16:00:00Z',
        repeat: 'DAILY',
        repeatUntil: '2028-03-01',
      }),
      unknownSpace: await post({
        spaceId: '0192a0b0-0000-7000-8000-000000000001',
        startsAt: at(4, 14),
        endsAt: at(4, 15),
      }),
    };
    expect(Object.fromEntries(Object.entries(refusals).map(([name, r]) => [name, [r.statusCode, codeOf(r)]]))).toEqual({
      end: [400, 'BOOKING_END_BEFORE_START'],
      past: [400, 'TIME_UNAVAILABLE'],
      unavailable: [409, 'SPACE_UNAVAILABLE'],
      noUntil: [400, 'BOOKING_REPEAT_UNTIL_REQUIRED'],
      farUntil: [400, 'BOOKING_REPEAT_UNTIL_INVALID'],
      window: [400, 'BOOKING_TOO_LONG_FOR_REPEAT'],
      tooMany: [400, 'BOOKING_TOO_MANY_OCCURRENCES'],
      unknownSpace: [404, 'NOT_FOUND'],
    });
    expect((await list(`spaceId=${room}`)).totalDocs).toBe(0);
  });

  it('lets only managers book a private space (404 to others) or for another host of the company', async () => {
    const room = await space('Private room', { public: false });
    const open = await space('Open room');
    expect(codeOf(await post({ spaceId: room, startsAt: at(5, 14), endsAt: at(5, 15) }, as.user))).toBe('NOT_FOUND');
    await booked({ spaceId: room, startsAt: at(5, 14), endsAt: at(5, 15) }, as.supervisor);
    const forOther = { spaceId: open, startsAt: at(5, 14), endsAt: at(5, 15), hostId: ids.colleague };
    expect(codeOf(await post(forOther, as.user))).toBe('BOOKING_HOST_INVALID');
    expect(codeOf(await post({ ...forOther, hostId: ids.foreign }, as.supervisor))).toBe('BOOKING_HOST_INVALID');
    expect((await booked(forOther, as.supervisor)).host).toMatchObject({ id: ids.colleague });
  });

  it('refuses technicians the calls, and holds a supervisor to the spaces of their buildings', async () => {
    const annex = await space('other room');
    const body = { spaceId: annex, startsAt: at(6, 14), endsAt: at(6, 15) };
    expect((await post(body, as.tech)).statusCode).toBe(403);
    expect(codeOf(await post(body, as.supervisor))).toBe('NOT_FOUND');
    expect(codeOf(await post(body, as.foreign))).toBe('NOT_FOUND');
    await booked(body, as.annexSupervisor);
  });
});

describe('a series', () => {
  it('keeps 09:00 in Toronto across the change of clocks: starts_at in UTC moves by an hour', async () => {
    const room = await space('Weekly room');
    // 9 March 2027 is a Tuesday; Toronto moves to daylight time on 14 March.
    const series = await booked({
      spaceId: room,
      startsAt: '2027-03-09T14:00:00.000Z',
      endsAt: '2027-03-09T15:00:00.000Z',
      repeat: 'WEEKLY',
      repeatUntil: '2027-03-23',
    });
    expect(series.occurrences.map((o) => [o.id, o.startsAt, o.endsAt])).toEqual([
      [`${series.id}-1`, '2027-03-09T14:00:00.000Z', '2027-03-09T15:00:00.000Z'],
      [`${series.id}-2`, '2027-03-16T13:00:00.000Z', '2027-03-16T14:00:00.000Z'],
      [`${series.id}-3`, '2027-03-23T13:00:00.000Z', '2027-03-23T14:00:00.000Z'],
    ]);
    const rows = await t.database.db
      .selectFrom('space_bookings')
      .select(['starts_at'])
      .where('series_id', '=', series.id)
      .orderBy('occurrence')
      .execute();
    expect(rows.map((row) => new Date(row.starts_at).toISOString())).toEqual([
      '2027-03-09T14:00:00.000Z',
      '2027-03-16T13:00:00.000Z',
      '2027-03-23T13:00:00.000Z',
    ]);
  });

  it('is written whole or not at all: one taken slot refuses it, naming that occurrence', async () => {
    const room = await space('Daily room');
    await booked({ spaceId: room, startsAt: at(12, 14), endsAt: at(12, 15) });
    const refused = await post({
      spaceId: room,
      startsAt: at(10, 14),
      endsAt: at(10, 15),
      repeat: 'DAILY',
      repeatUntil: at(15, 0).slice(0, 10),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ errorCode: 'TIME_CONFLICT', params: { startsAt: at(12, 14) } });
    expect((await list(`spaceId=${room}`)).totalDocs).toBe(1);
  });

  it('changes one occurrence with its suffix, the series without, and refuses a move onto a taken slot', async () => {
    const room = await space('Change room');
    const series = await booked(
      { spaceId: room, startsAt: at(20, 14), endsAt: at(20, 15), repeat: 'DAILY', repeatUntil: at(22, 0).slice(0, 10) },
      as.user,
    );
    const patch = (id: string, body: Record<string, unknown>, headers = as.user) =>
      t.app.inject({ method: 'PATCH', url: `/service/spacebooking/${id}`, headers, payload: body });
    const moved = await patch(`${series.id}-2`, { startsAt: at(21, 16), endsAt: at(21, 17) });
    expect(moved.statusCode).toBe(200);
    expect(jsonOf<BookingSeries>(moved).occurrences.map((o) => o.startsAt)).toEqual([
      at(20, 14),
      at(21, 16),
      at(22, 14),
    ]);
    const renamed = jsonOf<BookingSeries>(
      await patch(series.id, {
        title: 'Stand-up',
        attendees: [{ firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.test', verified: true }],
      }),
    );
    expect(renamed).toMatchObject({ title: 'Stand-up', attendees: [{ firstName: 'Grace', verified: true }] });
    // The series' time of day: every occurrence to come at 09:00-09:30 on its own day.
    const retimed = jsonOf<BookingSeries>(
      await patch(series.id, { startsAt: at(20, 9), endsAt: at(20, 9).replace(':00:00', ':30:00') }),
    );
    expect(retimed.occurrences.map((o) => [o.startsAt, o.endsAt])).toEqual(
      [20, 21, 22].map((day) => [at(day, 9), at(day, 9).replace(':00:00', ':30:00')]),
    );
    const blocker = await booked({ spaceId: room, startsAt: at(25, 10), endsAt: at(25, 11) }, as.colleague);
    const clash = await patch(`${blocker.id}-1`, { startsAt: at(21, 9), endsAt: at(21, 10) }, as.colleague);
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ errorCode: 'TIME_CONFLICT', params: { startsAt: at(21, 9) } });
    const past = await patch(`${series.id}-3`, { startsAt: at(-1, 9), endsAt: at(-1, 10) });
    const tooLong = await patch(series.id, { startsAt: at(20, 9), endsAt: at(21, 10) });
    const backwards = await patch(`${series.id}-3`, { startsAt: at(22, 11), endsAt: at(22, 10) });
    expect([past, tooLong, backwards].map((r) => [r.statusCode, codeOf(r)])).toEqual([
      [400, 'TIME_UNAVAILABLE'],
      [400, 'BOOKING_TOO_LONG_FOR_REPEAT'],
      [400, 'BOOKING_END_BEFORE_START'],
    ]);
    const results = {
      notHost: await patch(series.id, { title: 'Mine' }, as.colleague),
      foreign: await patch(series.id, { title: 'Ours' }, as.foreign),
      annex: await patch(series.id, { title: 'Ours' }, as.annexSupervisor),
      noSuchOccurrence: await patch(`${series.id}-9`, { title: 'Nine' }),
      malformed: await patch(`${series.id}-x`, { title: 'X' }),
      managed: await patch(series.id, { comment: 'Room checked' }, as.supervisor),
    };
    expect(Object.fromEntries(Object.entries(results).map(([name, r]) => [name, [r.statusCode, codeOf(r)]]))).toEqual({
      notHost: [404, 'NOT_FOUND'],
      foreign: [404, 'NOT_FOUND'],
      annex: [404, 'NOT_FOUND'],
      noSuchOccurrence: [404, 'NOT_FOUND'],
      malformed: [400, expect.any(String)],
      managed: [200, undefined],
    });
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', series.id)
      .orderBy('id')
      .execute();
    expect(audit.map((row) => row.action)).toEqual([
      'BOOKING_CREATED',
      'BOOKING_CHANGED',
      'BOOKING_CHANGED',
      'BOOKING_CHANGED',
      'BOOKING_CHANGED',
    ]);
  });
});

describe('one booking', () => {
  it('answers the whole series to its host, a manager and its approvers; 404 to colleagues and other companies', async () => {
    const room = await space('Detail room', { approver: ids.approver });
    const series = await booked(
      {
        spaceId: room,
        startsAt: at(40, 14),
        endsAt: at(40, 15),
        attendees: [{ firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.test' }],
      },
      as.user,
    );
    const get = (id: string, headers = as.user) =>
      t.app.inject({ method: 'GET', url: `/service/spacebooking/${id}`, headers });
    for (const reader of [as.user, as.admin, as.supervisor, as.approver]) {
      const answer = jsonOf<BookingSeries>(await get(`${series.id}-1`, reader));
      expect(answer).toEqual(series);
    }
    for (const stranger of [as.colleague, as.annexSupervisor, as.foreign])
      expect(codeOf(await get(series.id, stranger))).toBe('NOT_FOUND');
    expect(codeOf(await get(`${series.id}-9`, as.user))).toBe('NOT_FOUND');
  });
});

describe('approving and cancelling', () => {
  it("lets only the space's approvers approve or reject, the series or one occurrence", async () => {
    const room = await space('Approved room', { approver: ids.approver });
    const series = await booked(
      { spaceId: room, startsAt: at(30, 14), endsAt: at(30, 15), repeat: 'DAILY', repeatUntil: at(32, 0).slice(0, 10) },
      as.user,
    );
    const decide = (id: string, body: Record<string, unknown>, headers = as.approver) =>
      t.app.inject({ method: 'PATCH', url: `/service/spacebooking/approve/${id}`, headers, payload: body });
    expect(codeOf(await decide(series.id, { approved: true }, as.admin))).toBe('NOT_FOUND');
    expect(codeOf(await decide(series.id, { approved: true }, as.user))).toBe('NOT_FOUND');
    expect(codeOf(await decide(series.id, { approved: true }, as.foreign))).toBe('NOT_FOUND');
    expect(jsonOf(await decide(`${series.id}-2`, { approved: false, comment: 'Cleaning' }))).toEqual({
      id: `${series.id}-2`,
      changed: 1,
    });
    expect(jsonOf(await decide(series.id, { approved: true }))).toEqual({ id: series.id, changed: 2 });
    expect(codeOf(await decide(series.id, { approved: true }))).toBe('BOOKING_NOT_CHANGEABLE');
    const statuses = (await list(`spaceId=${room}&sort=startsAt`)).docs.map((o) => o.status);
    expect(statuses).toEqual(['APPROVED', 'REJECTED', 'APPROVED']);
    // A rejected occurrence frees its slot.
    await booked({ spaceId: room, startsAt: at(31, 14), endsAt: at(31, 15) }, as.colleague);
  });

  it('cancels one occurrence or those to come, keeps the rows, and frees the slots', async () => {
    const room = await space('Cancel room');
    const series = await booked(
      { spaceId: room, startsAt: at(40, 14), endsAt: at(40, 15), repeat: 'DAILY', repeatUntil: at(42, 0).slice(0, 10) },
      as.user,
    );
    const cancel = (id: string, headers = as.user) =>
      t.app.inject({ method: 'DELETE', url: `/service/spacebooking/${id}`, headers, payload: { comment: 'Away' } });
    expect(codeOf(await cancel(series.id, as.colleague))).toBe('NOT_FOUND');
    expect(jsonOf(await cancel(`${series.id}-1`))).toEqual({ id: `${series.id}-1`, changed: 1 });
    expect(jsonOf(await cancel(series.id))).toEqual({ id: series.id, changed: 2 });
    expect(codeOf(await cancel(series.id))).toBe('BOOKING_NOT_CHANGEABLE');
    const rows = await t.database.db
      .selectFrom('space_bookings')
      .select(['status', 'cancelled_at'])
      .where('series_id', '=', series.id)
      .execute();
    expect(rows.map((row) => [row.status, row.cancelled_at !== null])).toEqual([
      ['CANCELLED', true],
      ['CANCELLED', true],
      ['CANCELLED', true],
    ]);
    await booked({ spaceId: room, startsAt: at(41, 14), endsAt: at(41, 15) }, as.colleague);
  });
});

describe('the list', () => {
  it("filters by floor, space, host, status and period, pages, and never shows another company's or building's", async () => {
    const room = await space('List room');
    const annex = await space('other list room');
    const mine = await booked(
      { spaceId: room, startsAt: at(50, 14), endsAt: at(50, 15), repeat: 'DAILY', repeatUntil: at(52, 0).slice(0, 10) },
      as.user,
    );
    await booked({ spaceId: annex, startsAt: at(50, 14), endsAt: at(50, 15) });
    const all = await list(`spaceId=${room}&limit=2&page=2`);
    expect(all.totalDocs).toBe(3);
    expect(all.docs.map((o) => o.id)).toEqual([`${mine.id}-3`]);
    expect(all.docs[0]).toMatchObject({
      seriesId: mine.id,
      title: 'Sync',
      space: { name: 'List room' },
      floor: { id: floorId },
      building: { id: buildingId },
      host: { id: ids.user },
      repeat: 'DAILY',
      attendeesCount: 0,
      status: 'APPROVED',
    });
    expect(
      (
        await list(`hostId=${ids.user}&from=${encodeURIComponent(at(50, 0))}&to=${encodeURIComponent(at(51, 0))}`)
      ).docs.map((o) => o.id),
    ).toEqual([`${mine.id}-1`]);
    expect((await list(`spaceId=${room}&status=pending`)).totalDocs).toBe(0);
    expect((await list(`floorId=${otherFloorId}&from=${encodeURIComponent(at(49, 0))}`)).totalDocs).toBe(1);
    expect((await list(`floorId=${otherFloorId}&from=${encodeURIComponent(at(49, 0))}`, as.supervisor)).totalDocs).toBe(
      0,
    );
    expect((await list(`spaceId=${room}`, as.foreign)).totalDocs).toBe(0);
    const badSort = await t.app.inject({
      method: 'GET',
      url: '/service/spacebooking?sort=password',
      headers: as.admin,
    });
    expect(codeOf(badSort)).toBe('ERROR_WITH_FILTER');
  });

  it('refuses a period ending before it starts, and a caller without a company', async () => {
    const reversed = await t.app.inject({
      method: 'GET',
      url: `/service/spacebooking?from=${encodeURIComponent(at(2, 0))}&to=${encodeURIComponent(at(1, 0))}`,
      headers: as.admin,
    });
    expect([reversed.statusCode, codeOf(reversed)]).toEqual([400, 'ERROR_WITH_FILTER']);
    const homeless = await createUser(t.database.db, { tenantId: null, role: 'ROLE_ADMIN' });
    const headers = bearer(await logInAs(t.app, homeless.username));
    for (const url of ['/service/spacebooking', '/service/spacebooking/test']) {
      const response = await t.app.inject({ method: 'GET', url, headers });
      expect([url, codeOf(response)]).toEqual([url, 'TENANT_REQUIRED']);
    }
  });

  it('answers the feature health: its repeats, its limit and the bookings to come', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/service/spacebooking/test', headers: as.user });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      ok: true,
      repeats: ['NONE', 'DAILY', 'WEEKDAYS', 'WEEKLY', 'MONTHLY', 'YEARLY'],
      occurrencesMax: 366,
      bookingsToCome: expect.any(Number),
    });
  });
});
