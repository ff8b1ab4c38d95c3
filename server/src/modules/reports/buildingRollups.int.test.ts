import { type Insertable, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuildingReport, visitorTypes } from '@vestibule/shared';
import type { Db } from '../../db/database.ts';
import type { Visits } from '../../db/tables.generated.ts';
import { createBuilding, createTenant, createVisit, setBuildingSettings } from '../../../test/helpers/factories.ts';
import { createTestDatabase } from '../../../test/helpers/database.ts';
import { testConfig } from '../../../test/helpers/test-app.ts';
import { backgroundJobs } from '../../jobs/index.ts';
import { buildingFiguresRecount } from './buildingReport.repo.ts';
import { buildingReport, rebuildDirtyRollups } from './buildingReport.service.ts';

// The building report's daily rollups (docs/reports.md, "How the building report stays fast")
// are correct by construction: after any mix of visit changes, the report read from the rollups
// (with days still marked dirty, and after the job rebuilt them) equals the report counted from
// the visits alone (`buildingFiguresRecount`, the report's query before the rollups). Runs on
// PGlite, and on a PostgreSQL server with TEST_DATABASE_URL.

type Database = Awaited<ReturnType<typeof createTestDatabase>>;
let database: Database;
let db: Db;
let tenantId: string;
let tower: string;
let depot: string;
const HOUR = 3_600_000;
const MINUTE = 60_000;
/** The reports' now: Saturday 2026-06-20, 11:00 in Toronto. */
const now = new Date('2026-06-20T15:00:00Z');
const hosts = ['Ada Lovelace', 'Grace Hopper', ' grace hopper ', 'Alan Turing', ''];
const companies = ['Globex', 'globex ', 'Initech', 'Umbrella', null];
const durations = ['PT1H', 'PT30M', 'PT4H', null];

/** A deterministic stream of numbers in [0, 1) (the same workload on every run). */
function stream(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const visit = (buildingId: string, values: Partial<Insertable<Visits>>) =>
  createVisit(db, tenantId, buildingId, values);

/** Visits checked in over the 30 days before now, some still inside, some across midnight. */
async function fill(buildingId: string, count: number, seed: number): Promise<string[]> {
  const next = stream(seed);
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const checkedIn = new Date(now.getTime() - Math.floor(next() * 30 * 24) * HOUR - Math.floor(next() * 60) * MINUTE);
    const stay = Math.floor(900 + next() * 36_000) * 1000;
    const out = checkedIn.getTime() + stay;
    const person = Math.floor(next() * 12);
    ids.push(
      await visit(buildingId, {
        visitor_type: visitorTypes[Math.floor(next() * visitorTypes.length)]!,
        email: person < 9 ? `person${person}@example.com` : null,
        first_name: 'Person',
        last_name: `No ${person}`,
        phone: person >= 9 ? `+1 416 555 01${person}` : null,
        host: hosts[Math.floor(next() * hosts.length)]!,
        company_name: companies[Math.floor(next() * companies.length)]!,
        scheduled_duration: durations[Math.floor(next() * durations.length)]!,
        checked_in_at: checkedIn,
        checked_out_at: out < now.getTime() && next() < 0.9 ? new Date(out) : null,
        checkout_method: out < now.getTime() && next() < 0.3 ? 'AUTO_TIMEOUT' : 'KIOSK',
        created_at: checkedIn,
      }),
    );
  }
  return ids;
}

const caller = () => ({ tenantId, assignedTo: undefined });
const fromRollups = (buildingIds: string[], from: string, to: string) =>
  buildingReport({ db } as Parameters<typeof buildingReport>[0], caller(), { buildingIds, from, to }, now);
const recounted = (buildingIds: string[], from: string, to: string) =>
  buildingReport({ db } as Parameters<typeof buildingReport>[0], caller(), { buildingIds, from, to }, now, (trx, w) =>
    buildingFiguresRecount(trx, w),
  );

/** The periods compared: the whole month with the days before it, a week, yesterday, today. */
const periods = [
  ['2026-05-15', '2026-06-20'],
  ['2026-06-10', '2026-06-16'],
  ['2026-06-19', '2026-06-19'],
  ['2026-06-20', '2026-06-20'],
] as const;

async function expectEqualToRecount(): Promise<BuildingReport[]> {
  const reports: BuildingReport[] = [];
  for (const [from, to] of periods) {
    const report = await fromRollups([tower, depot], from, to);
    expect(report).toEqual(await recounted([tower, depot], from, to));
    reports.push(report);
  }
  return reports;
}

const dirtyClosedDays = async () =>
  Number(
    (await sql<{ n: number }>`select count(*)::int as n from building_day_dirty where day < '2026-06-19'`.execute(db))
      .rows[0]!.n,
  );

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  tenantId = await createTenant(db, { name: 'Lakeshore Properties' });
  tower = await createBuilding(db, tenantId, 'Lakeshore Tower');
  depot = await createBuilding(db, tenantId, 'Lakeshore Depot');
  await setBuildingSettings(db, tower, { timeZoneId: 'America/Toronto' });
  await setBuildingSettings(db, depot, { timeZoneId: 'Asia/Tokyo' });
});

afterAll(async () => {
  await database.close();
});

describe('building report rollups', () => {
  it('equal a recount after a mixed workload, with dirty days and after the job rebuilt them', async () => {
    const towerVisits = await fill(tower, 120, 7);
    const depotVisits = await fill(depot, 60, 11);
    // Still inside since 2026-05-10 (never checked out): the days after it, with no other visit,
    // count it in their peak.
    await visit(tower, { checked_in_at: new Date('2026-05-10T14:00:00Z'), email: 'stayer@example.com' });
    // Never arrived: a no-show and a refusal.
    await visit(tower, {
      scheduled_at: new Date('2026-06-12T14:00:00Z'),
      scheduled_duration: 'PT1H',
      is_invitation: true,
    });
    await visit(tower, {
      allowed: false,
      refusal_reason: 'ALERT_ANSWER',
      created_at: new Date('2026-06-15T13:00:00Z'),
    });

    // Every day dirty (nothing built yet): the report counts everything from the visits.
    const before = await expectEqualToRecount();
    expect(before[0]!.buildings[0]!.totals.visits).toBeGreaterThan(100);
    expect(before[0]!.buildings[0]!.days.slice(0, 3).map((day) => [day.day, day.peak, day.peakAt])).toEqual([
      ['2026-05-15', 1, '2026-05-15T04:00:00.000Z'],
      ['2026-05-16', 1, '2026-05-16T04:00:00.000Z'],
      ['2026-05-17', 1, '2026-05-17T04:00:00.000Z'],
    ]);

    // The job rebuilds every closed day; today (2026-06-20 in both zones) stays marked.
    expect(await rebuildDirtyRollups(db, now)).toBeGreaterThan(40);
    expect(await rebuildDirtyRollups(db, now)).toBe(0);
    expect(await dirtyClosedDays()).toBe(0);
    const built = await sql<{ n: number }>`select count(*)::int as n from building_day_rollups`.execute(db);
    expect(built.rows[0]!.n).toBeGreaterThan(40);
    const afterJob = await expectEqualToRecount();
    expect(afterJob).toEqual(before);

    // The mixed workload: check-ins today, a check-out of a visit still inside, edits of past
    // visits (type, host, company, check-out), a deletion, a visit moved across midnight, a
    // late-synced check-in of 12 days ago, a stay across two midnights.
    await visit(tower, {
      checked_in_at: new Date('2026-06-20T13:10:00Z'),
      email: 'person1@example.com',
      host: 'Ada Lovelace',
    });
    await visit(depot, {
      checked_in_at: new Date('2026-06-20T01:00:00Z'),
      email: 'new@example.com',
      company_name: 'Initech',
    });
    const inside = await db
      .selectFrom('visits')
      .select('id')
      .where('building_id', '=', tower)
      .where('checked_out_at', 'is', null)
      .where('checked_in_at', 'is not', null)
      .orderBy('checked_in_at')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('visits')
      .set({ checked_out_at: new Date('2026-06-20T14:55:00Z') })
      .where('id', '=', inside.id)
      .execute();
    await db
      .updateTable('visits')
      .set({ visitor_type: 'RESIDENT', host: 'Alan Turing', company_name: 'Wayne Foods' })
      .where('id', '=', towerVisits[3]!)
      .execute();
    await db
      .updateTable('visits')
      .set({ checked_out_at: sql`checked_in_at + interval '13 hours'`, checkout_method: 'AUTO_SPECIFIC_TIME' })
      .where('id', '=', towerVisits[5]!)
      .execute();
    await db.deleteFrom('visits').where('id', 'in', [towerVisits[8]!, depotVisits[2]!]).execute();
    // 2026-06-10 23:30 Toronto, moved to 2026-06-11 00:30 (and its check-out with it).
    await db
      .updateTable('visits')
      .set({ checked_in_at: new Date('2026-06-11T03:30:00Z'), checked_out_at: new Date('2026-06-11T05:00:00Z') })
      .where('id', '=', towerVisits[9]!)
      .execute();
    await db
      .updateTable('visits')
      .set({ checked_in_at: new Date('2026-06-11T04:30:00Z'), checked_out_at: new Date('2026-06-11T06:00:00Z') })
      .where('id', '=', towerVisits[9]!)
      .execute();
    // A kiosk's check-in of 12 days ago synced now, by a new person (first time then).
    await visit(tower, {
      checked_in_at: new Date('2026-06-08T16:00:00Z'),
      checked_out_at: new Date('2026-06-08T18:00:00Z'),
      email: 'offline@example.com',
      created_at: now,
    });
    await visit(depot, {
      checked_in_at: new Date('2026-06-14T10:00:00Z'),
      checked_out_at: new Date('2026-06-16T09:00:00Z'),
      email: 'person2@example.com',
    });
    // A person's only earlier visit deleted: returning no more.
    await db.deleteFrom('visits').where('id', '=', towerVisits[0]!).execute();

    // Days marked dirty: the report counts them from the visits, the other days from rollups.
    expect(await dirtyClosedDays()).toBeGreaterThan(0);
    const changed = await expectEqualToRecount();
    expect(changed).not.toEqual(before);
    expect(await rebuildDirtyRollups(db, now)).toBeGreaterThan(0);
    expect(await dirtyClosedDays()).toBe(0);
    expect(await expectEqualToRecount()).toEqual(changed);

    // The Tower moves to Vancouver's clock: its days are others; every rollup of it is made again.
    await setBuildingSettings(db, tower, { timeZoneId: 'America/Vancouver' });
    expect(await dirtyClosedDays()).toBeGreaterThan(25);
    const moved = await expectEqualToRecount();
    expect(moved[0]!.buildings[0]!.building.timeZoneId).toBe('America/Vancouver');
    await rebuildDirtyRollups(db, now);
    expect(await dirtyClosedDays()).toBe(0);
    const zones = await sql<{ zone: string }>`select distinct time_zone as zone from building_day_rollups
      where building_id = ${tower}::uuid`.execute(db);
    expect(zones.rows).toEqual([{ zone: 'America/Vancouver' }]);
    expect(await expectEqualToRecount()).toEqual(moved);
  });

  it('reads a clean rollup rather than the visits', async () => {
    // What proves the report reads the rollups: a clean day's rollup changed by hand shows.
    await rebuildDirtyRollups(db, now);
    await sql`update building_day_rollups set by_type = '{"VISITOR": 99}' where building_id = ${tower}::uuid
      and day = '2026-06-12'`.execute(db);
    const report = await fromRollups([tower], '2026-06-12', '2026-06-12');
    expect(report.buildings[0]!.days[0]!.byType).toEqual({ VISITOR: 99, CONTRACTOR: 0, EMPLOYEE: 0, RESIDENT: 0 });
    // Marked dirty again (as a visit change does), the day is counted from the visits.
    await sql`insert into building_day_dirty (building_id, day) values (${tower}::uuid, '2026-06-12')`.execute(db);
    expect(await fromRollups([tower], '2026-06-12', '2026-06-12')).toEqual(
      await recounted([tower], '2026-06-12', '2026-06-12'),
    );
  });

  it('is rebuilt by the server’s background job until no closed day is left dirty', async () => {
    // A kiosk's check-in of 2026-06-03 synced late, still inside: in every day's peak since.
    await visit(depot, { checked_in_at: new Date('2026-06-03T02:00:00Z'), email: 'late@example.com' });
    expect(await dirtyClosedDays()).toBeGreaterThan(0);
    const job = backgroundJobs({ db, config: testConfig() }).find((each) => each.name === 'building report rollups');
    expect(job).toBeDefined();
    // The job runs on the real clock: it rebuilds every marked day over by now, and only those.
    const marks = async () =>
      (await sql<{ n: number }>`select count(*)::int as n from building_day_dirty`.execute(db)).rows[0]!.n;
    const before = await marks();
    const run = await job!.run();
    expect(run).toEqual({ mails: 0, rows: before - (await marks()) });
    const left = await sql<{ n: number }>`select count(*)::int as n from building_day_dirty
      where day < (now() at time zone 'UTC')::date - 1`.execute(db);
    expect(left.rows[0]!.n).toBe(0);
    expect(await dirtyClosedDays()).toBe(0);
    expect(await fromRollups([tower, depot], '2026-06-01', '2026-06-19')).toEqual(
      await recounted([tower, depot], '2026-06-01', '2026-06-19'),
    );
  });
});
