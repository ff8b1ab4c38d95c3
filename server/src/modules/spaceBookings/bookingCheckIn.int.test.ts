import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BookingFloor,
  type BookingSeries,
  type SpaceNow,
  type Whereabouts,
  dayInZone,
  newBuildingSettings,
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
import { releaseNoShows } from './bookingCheckIn.service.ts';

// Checking in to a booking at its space and releasing those nobody checked into
// (docs/space-booking.md, "Check-in and release"), on both databases.

let t: TestApp;
let tenantId: string;
let floorId: string;
let quietFloorId: string;
const as: Record<string, { authorization: string }> = {};
const MINUTE = 60_000;

/** A moment `minutes` from now, on the whole minute. */
function inMinutes(minutes: number): string {
  const moment = new Date(Date.now() + minutes * MINUTE);
  moment.setUTCSeconds(0, 0);
  return moment.toISOString();
}

async function book(spaceId: string, from: number, to: number, headers = as.user): Promise<BookingSeries> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/service/spacebooking',
    headers,
    payload: { title: 'Focus', spaceId, startsAt: inMinutes(from), endsAt: inMinutes(to) },
  });
  expect(response.statusCode).toBe(200);
  return jsonOf<BookingSeries>(response);
}

const checkIn = (ref: string, headers = as.user) =>
  t.app.inject({ method: 'POST', url: `/service/spacebooking/checkin/${ref}`, headers });

async function statusOf(seriesId: string) {
  return t.database.db
    .selectFrom('space_bookings')
    .select(['status', 'released_at', 'checked_in_at'])
    .where('series_id', '=', seriesId)
    .executeTakeFirstOrThrow();
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  tenantId = await createTenant(db, { name: 'Check-in Corp' });
  const buildingId = await createBuilding(db, tenantId, 'Hot Desk Tower');
  const quietId = await createBuilding(db, tenantId, 'Quiet House');
  await setBuildingSettings(db, buildingId, { bookingReleaseMinutes: 10 });
  floorId = await createFloor(db, tenantId, buildingId, 'Ground');
  quietFloorId = await createFloor(db, tenantId, quietId, 'Ground');
  for (const [name, role] of [
    ['user', 'ROLE_USER'],
    ['colleague', 'ROLE_USER'],
    ['master', 'ROLE_MASTER'],
  ] as const) {
    const created = await createUser(db, { tenantId, role });
    if (role === 'ROLE_USER') await assignBuildings(db, created.id, [buildingId, quietId]);
    as[name] = bearer(await logInAs(t.app, created.username));
  }
  const foreignTenant = await createTenant(db, { name: 'Elsewhere Corp' });
  const foreign = await createUser(db, { tenantId: foreignTenant, role: 'ROLE_ADMIN' });
  as.foreign = bearer(await logInAs(t.app, foreign.username));
});
afterAll(() => t.close());

describe("a space's page", () => {
  it("shows the caller's bookings of the space today, when their check-in opens and when they are released", async () => {
    const desk = await createSpace(t.database.db, tenantId, floorId, 'Desk 7');
    const mine = await book(desk, 5, 65);
    await book(desk, 70, 100, as.colleague);
    const response = await t.app.inject({
      method: 'GET',
      url: `/service/spacebooking/space/${desk}`,
      headers: as.user,
    });
    expect(response.statusCode).toBe(200);
    const page = jsonOf<SpaceNow>(response);
    expect(page).toMatchObject({
      space: { id: desk, name: 'Desk 7', floor: 'Ground', building: 'Hot Desk Tower' },
      releaseMinutes: 10,
      current: null,
    });
    expect(page.mine).toEqual([
      {
        id: `${mine.id}-1`,
        title: 'Focus',
        startsAt: mine.occurrences[0]!.startsAt,
        endsAt: mine.occurrences[0]!.endsAt,
        status: 'APPROVED',
        host: expect.any(String),
        checkedInAt: null,
        checkInOpensAt: new Date(Date.parse(mine.occurrences[0]!.startsAt) - 15 * MINUTE).toISOString(),
        releasedAfter: new Date(Date.parse(mine.occurrences[0]!.startsAt) + 10 * MINUTE).toISOString(),
      },
    ]);
  });

  it("answers 404 to another company's caller", async () => {
    const desk = await createSpace(t.database.db, tenantId, floorId, 'Desk 8');
    const response = await t.app.inject({
      method: 'GET',
      url: `/service/spacebooking/space/${desk}`,
      headers: as.foreign,
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('checking in', () => {
  it('checks the host in from shortly before the start, once, and no one else but a manager', async () => {
    const desk = await createSpace(t.database.db, tenantId, floorId, 'Desk 9');
    const series = await book(desk, 5, 65);
    const ref = `${series.id}-1`;
    expect((await checkIn(ref, as.colleague)).statusCode).toBe(404);
    expect((await checkIn(ref, as.foreign)).statusCode).toBe(404);
    const first = await checkIn(ref);
    expect(first.statusCode).toBe(200);
    const { checkedInAt } = jsonOf<{ checkedInAt: string }>(first);
    const again = await checkIn(ref);
    expect(jsonOf<{ checkedInAt: string }>(again).checkedInAt).toBe(checkedInAt);
    expect(await statusOf(series.id)).toMatchObject({ checked_in_at: new Date(checkedInAt) });
    const audited = await t.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', series.id)
      .where('action', '=', 'BOOKING_CHECKED_IN')
      .execute();
    expect(audited).toHaveLength(1);
    // A manager of the building checks someone in at the desk too.
    const other = await book(await createSpace(t.database.db, tenantId, floorId, 'Desk 9b'), 5, 65, as.colleague);
    expect((await checkIn(`${other.id}-1`, as.master)).statusCode).toBe(200);
  });

  it('refuses a check-in too early, to a series without its occurrence, and to a booking waiting for approval', async () => {
    const desk = await createSpace(t.database.db, tenantId, floorId, 'Desk 10');
    const later = await book(desk, 120, 180);
    const early = await checkIn(`${later.id}-1`);
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({ errorCode: 'BOOKING_CHECK_IN_CLOSED', params: { minutes: 15 } });
    expect((await checkIn(later.id)).statusCode).toBe(404);
    const approved = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('role', '=', 'ROLE_MASTER')
      .executeTakeFirstOrThrow();
    const room = await createSpace(t.database.db, tenantId, floorId, 'Board room');
    await t.database.db.updateTable('spaces').set({ approver1_id: approved.id }).where('id', '=', room).execute();
    const pending = await book(room, 5, 35);
    const refused = await checkIn(`${pending.id}-1`);
    expect(refused.json()).toMatchObject({ errorCode: 'BOOKING_NOT_CHANGEABLE' });
    expect((await statusOf(pending.id)).checked_in_at).toBeNull();
  });
});

describe('releasing no-shows', () => {
  it("releases what nobody checked into within the building's delay, frees its slot, and keeps the rest", async () => {
    const db = t.database.db;
    const desk = await createSpace(db, tenantId, floorId, 'Desk 11');
    const present = await createSpace(db, tenantId, floorId, 'Desk 12');
    const quiet = await createSpace(db, tenantId, quietFloorId, 'Quiet desk');
    const absent = await book(desk, 5, 65);
    const there = await book(present, 5, 65);
    expect((await checkIn(`${there.id}-1`)).statusCode).toBe(200);
    const elsewhere = await book(quiet, 5, 65);
    // Ten minutes after the start nothing is released yet; eleven minutes after, the absent one is.
    const deps = { db, base: 'http://localhost' };
    expect(await releaseNoShows(deps, new Date(Date.parse(inMinutes(14)) - 1))).toEqual({ released: 0, mails: 0 });
    const runs = await Promise.all([
      releaseNoShows(deps, new Date(inMinutes(16))),
      releaseNoShows(deps, new Date(inMinutes(16))),
    ]);
    // Two runs at once (two instances) release each occurrence once: as many releases as audit rows.
    const releases = await db
      .selectFrom('audit_log')
      .select('entity_id')
      .where('tenant_id', '=', tenantId)
      .where('action', '=', 'BOOKING_RELEASED')
      .execute();
    expect(runs.reduce((sum, run) => sum + run.released, 0)).toBe(releases.length);
    expect(new Set(releases.map((row) => row.entity_id)).size).toBe(releases.length);
    expect(releases.map((row) => row.entity_id)).toContain(absent.id);
    expect(await statusOf(absent.id)).toMatchObject({ status: 'CANCELLED', released_at: expect.any(Date) });
    expect(await statusOf(there.id)).toMatchObject({ status: 'APPROVED', released_at: null });
    // A building that releases nothing keeps its bookings.
    expect(await statusOf(elsewhere.id)).toMatchObject({ status: 'APPROVED', released_at: null });
    const audited = await db
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'actor_channel'])
      .where('entity_id', '=', absent.id)
      .where('action', '=', 'BOOKING_RELEASED')
      .execute();
    expect(audited).toEqual([{ action: 'BOOKING_RELEASED', actor_id: null, actor_channel: 'AUTOMATIC' }]);
    // The slot is free: a colleague books it.
    await book(desk, 20, 65, as.colleague);
  });
});

describe('who is where', () => {
  async function whereabouts(floor: string, headers = as.user, query = '') {
    const response = await t.app.inject({
      method: 'GET',
      url: `/service/spacebooking/whereabouts/${floor}${query}`,
      headers,
    });
    return response;
  }

  it("shows nobody until the company shares it, then the day's approved bookings with their hosts", async () => {
    const db = t.database.db;
    const desk = await createSpace(db, tenantId, quietFloorId, 'Window desk');
    const window = (await book(desk, 30, 90)).occurrences[0]!;
    const hidden = await whereabouts(quietFloorId);
    expect(hidden.statusCode).toBe(200);
    expect(jsonOf<Whereabouts>(hidden)).toMatchObject({ shared: false, people: [] });
    await db.updateTable('tenants').set({ share_whereabouts: true }).where('id', '=', tenantId).execute();
    try {
      // The booking's own day in its building's zone: half an hour from now may be tomorrow there.
      const day = dayInZone(new Date(window.startsAt), newBuildingSettings().timeZoneId);
      const shown = jsonOf<Whereabouts>(await whereabouts(quietFloorId, as.colleague, `?date=${day}`));
      expect(shown.shared).toBe(true);
      expect(shown.people.filter((person) => person.spaceId === desk)).toEqual([
        {
          spaceId: desk,
          space: 'Window desk',
          name: expect.any(String),
          startsAt: window.startsAt,
          endsAt: window.endsAt,
          checkedIn: false,
        },
      ]);
      // Another day has nobody; another company's caller gets 404.
      const tomorrow = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
      expect(jsonOf<Whereabouts>(await whereabouts(quietFloorId, as.user, `?date=${tomorrow}`)).people).toEqual([]);
      expect((await whereabouts(quietFloorId, as.foreign)).statusCode).toBe(404);
    } finally {
      await db.updateTable('tenants').set({ share_whereabouts: false }).where('id', '=', tenantId).execute();
    }
  });
});

describe('the booking map of a floor', () => {
  it('draws the spaces a user may book, saying which wait for an approver, never naming the approvers', async () => {
    const db = t.database.db;
    const floor = await createFloor(
      db,
      tenantId,
      (await db.selectFrom('floors').select('building_id').where('id', '=', floorId).executeTakeFirstOrThrow())
        .building_id,
      'Map floor',
    );
    const open = await createSpace(db, tenantId, floor, 'Open desk');
    const guarded = await createSpace(db, tenantId, floor, 'Guarded room');
    const secret = await createSpace(db, tenantId, floor, 'Private office');
    const master = await db
      .selectFrom('users')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('role', '=', 'ROLE_MASTER')
      .executeTakeFirstOrThrow();
    await db.updateTable('spaces').set({ approver1_id: master.id }).where('id', '=', guarded).execute();
    await db.updateTable('spaces').set({ public: false }).where('id', '=', secret).execute();
    const asUserMap = await t.app.inject({
      method: 'GET',
      url: `/service/spacebooking/floor/${floor}`,
      headers: as.user,
    });
    expect(asUserMap.statusCode).toBe(200);
    const map = jsonOf<BookingFloor>(asUserMap);
    expect(map.floor).toMatchObject({ id: floor, name: 'Map floor', buildingName: 'Hot Desk Tower', image: null });
    expect(map.spaces.map((space) => [space.name, space.needsApproval]).sort()).toEqual([
      ['Guarded room', true],
      ['Open desk', false],
    ]);
    expect(asUserMap.body).not.toContain(master.id);
    expect(open).toBeTruthy();
    // A manager sees the private office too; another company's caller nothing.
    const asMaster = jsonOf<BookingFloor>(
      await t.app.inject({ method: 'GET', url: `/service/spacebooking/floor/${floor}`, headers: as.master }),
    );
    expect(asMaster.spaces.map((space) => space.name)).toContain('Private office');
    expect(
      (await t.app.inject({ method: 'GET', url: `/service/spacebooking/floor/${floor}`, headers: as.foreign }))
        .statusCode,
    ).toBe(404);
  });
});
