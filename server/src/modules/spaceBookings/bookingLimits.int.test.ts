import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BookingSeries, newBuildingSettings } from '@vestibule/shared';
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

// A building's booking limits per person (docs/space-booking.md, "Limits") on both databases: how
// far ahead a booking may start, how many occurrences to come one host may hold there, and that
// two bookings of one host made at once cannot both pass the limit.

let t: TestApp;
let tenantId: string;
let buildingId: string;
let floorId: string;
let otherFloorId: string;
const as: Record<string, { authorization: string }> = {};

/** A moment `days` from now at hh:00 UTC. */
function at(days: number, hour: number): string {
  const day = new Date(Date.now() + days * 86_400_000);
  day.setUTCHours(hour, 0, 0, 0);
  return day.toISOString();
}

function post(body: Record<string, unknown>, headers = as.user) {
  return t.app.inject({ method: 'POST', url: '/service/spacebooking', headers, payload: { title: 'Desk', ...body } });
}

async function occurrencesOf(space: string): Promise<number> {
  const rows = await t.database.db.selectFrom('space_bookings').select('id').where('space_id', '=', space).execute();
  return rows.length;
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  tenantId = await createTenant(db, { name: 'Limits Corp' });
  buildingId = await createBuilding(db, tenantId, 'Limited Tower');
  const otherBuildingId = await createBuilding(db, tenantId, 'Free Annex');
  await setBuildingSettings(db, buildingId, { bookingMaxAtOnce: 3, bookingMaxDaysAhead: 14 });
  floorId = await createFloor(db, tenantId, buildingId, 'Ground');
  otherFloorId = await createFloor(db, tenantId, otherBuildingId, 'Annex ground');
  for (const [name, role] of [
    ['admin', 'ROLE_ADMIN'],
    ['user', 'ROLE_USER'],
    ['colleague', 'ROLE_USER'],
  ] as const) {
    const created = await createUser(db, { tenantId, role });
    if (role !== 'ROLE_ADMIN') await assignBuildings(db, created.id, [buildingId, otherBuildingId]);
    as[name] = bearer(await logInAs(t.app, created.username));
  }
});
afterAll(() => t.close());

describe('how far ahead', () => {
  it('refuses a booking starting past the horizon, and a series reaching past it, writing nothing', async () => {
    const desk = await createSpace(t.database.db, tenantId, floorId, 'Desk far');
    const far = await post({ spaceId: desk, startsAt: at(20, 14), endsAt: at(20, 15) });
    expect(far.statusCode).toBe(400);
    expect(far.json()).toMatchObject({ errorCode: 'BOOKING_TOO_FAR_AHEAD', params: { days: 14 } });
    const series = await post({
      spaceId: desk,
      startsAt: at(1, 14),
      endsAt: at(1, 15),
      repeat: 'WEEKLY',
      repeatUntil: at(30, 0).slice(0, 10),
    });
    expect(series.json()).toMatchObject({ errorCode: 'BOOKING_TOO_FAR_AHEAD' });
    expect(await occurrencesOf(desk)).toBe(0);
    // Within the horizon it books, and moving it past the horizon is refused too.
    const near = await post({ spaceId: desk, startsAt: at(10, 14), endsAt: at(10, 15) });
    expect(near.statusCode).toBe(200);
    const moved = await t.app.inject({
      method: 'PATCH',
      url: `/service/spacebooking/${jsonOf<BookingSeries>(near).id}-1`,
      headers: as.user,
      payload: { startsAt: at(16, 14), endsAt: at(16, 15) },
    });
    expect(moved.json()).toMatchObject({ errorCode: 'BOOKING_TOO_FAR_AHEAD' });
    const kept = await t.database.db
      .selectFrom('space_bookings')
      .select('starts_at')
      .where('space_id', '=', desk)
      .executeTakeFirstOrThrow();
    expect(kept.starts_at.toISOString()).toBe(at(10, 14));
    const cancelled = await t.app.inject({
      method: 'DELETE',
      url: `/service/spacebooking/${jsonOf<BookingSeries>(near).id}`,
      headers: as.user,
    });
    expect(cancelled.json()).toMatchObject({ changed: 1 });
  });

  it("leaves another building's bookings to that building's settings", async () => {
    const annexDesk = await createSpace(t.database.db, tenantId, otherFloorId, 'Annex desk');
    const far = await post({ spaceId: annexDesk, startsAt: at(40, 14), endsAt: at(40, 15) });
    expect(far.statusCode).toBe(200);
  });
});

describe('bookings at once', () => {
  it("refuses what would give a host more than the building's limit, counting each occurrence to come", async () => {
    const desks = {
      0: await createSpace(t.database.db, tenantId, floorId, 'Desk 1'),
      1: await createSpace(t.database.db, tenantId, floorId, 'Desk 2'),
    };
    expect((await post({ spaceId: desks[0], startsAt: at(2, 9), endsAt: at(2, 17) })).statusCode).toBe(200);
    expect((await post({ spaceId: desks[0], startsAt: at(3, 9), endsAt: at(3, 17) })).statusCode).toBe(200);
    // Two more days would make four.
    const series = await post({
      spaceId: desks[1],
      startsAt: at(4, 9),
      endsAt: at(4, 17),
      repeat: 'DAILY',
      repeatUntil: at(5, 0).slice(0, 10),
    });
    expect(series.statusCode).toBe(409);
    expect(series.json()).toMatchObject({ errorCode: 'BOOKING_LIMIT_REACHED', params: { max: 3 } });
    expect(await occurrencesOf(desks[1])).toBe(0);
    // One more is the third; a colleague holds their own count.
    const third = await post({ spaceId: desks[1], startsAt: at(4, 9), endsAt: at(4, 17) });
    expect(third.statusCode).toBe(200);
    expect((await post({ spaceId: desks[1], startsAt: at(5, 9), endsAt: at(5, 17) })).statusCode).toBe(409);
    expect((await post({ spaceId: desks[1], startsAt: at(5, 9), endsAt: at(5, 17) }, as.colleague)).statusCode).toBe(
      200,
    );
    // A cancellation gives the slot back.
    const cancelled = await t.app.inject({
      method: 'DELETE',
      url: `/service/spacebooking/${jsonOf<BookingSeries>(third).id}`,
      headers: as.user,
    });
    expect(cancelled.statusCode).toBe(200);
    expect((await post({ spaceId: desks[1], startsAt: at(6, 9), endsAt: at(6, 17) })).statusCode).toBe(200);
  });

  it('lets one of two bookings made at once by a host at the limit through, never both', async () => {
    const db = t.database.db;
    const host = await createUser(db, { tenantId, role: 'ROLE_USER' });
    await assignBuildings(db, host.id, [buildingId]);
    const headers = bearer(await logInAs(t.app, host.username));
    const desks = await Promise.all([1, 2, 3, 4, 5].map((n) => createSpace(db, tenantId, floorId, `Hot desk ${n}`)));
    const answers = await Promise.all(
      desks.map((desk) => post({ spaceId: desk, startsAt: at(7, 9), endsAt: at(7, 17) }, headers)),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 409, 409]);
  });
});

describe('the settings', () => {
  it('keep the limits with the building, and refuse a limit of none or past the highest', async () => {
    const settings = { ...newBuildingSettings(), bookingMaxAtOnce: 5, bookingMaxDaysAhead: 30 };
    const saved = await t.app.inject({
      method: 'PATCH',
      url: `/service/building/${buildingId}/settings`,
      headers: as.admin,
      payload: settings,
    });
    expect(saved.statusCode).toBe(200);
    const read = await t.database.db
      .selectFrom('buildings')
      .select('settings')
      .where('id', '=', buildingId)
      .executeTakeFirstOrThrow();
    expect(read.settings).toMatchObject({ bookingMaxAtOnce: 5, bookingMaxDaysAhead: 30 });
    for (const wrong of [{ bookingMaxAtOnce: 0 }, { bookingMaxDaysAhead: 367 }]) {
      const refused = await t.app.inject({
        method: 'PATCH',
        url: `/service/building/${buildingId}/settings`,
        headers: as.admin,
        payload: { ...settings, ...wrong },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ errorCode: 'VALIDATION_FAILED' });
    }
  });
});
