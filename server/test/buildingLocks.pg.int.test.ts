import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database.ts';
import { rebuildDirtyRollups } from '../src/modules/reports/buildingReport.service.ts';
import { createTestDatabase } from './helpers/database.ts';
import { createBuilding, createTenant, createVisit, setBuildingSettings } from './helpers/factories.ts';

// Check-ins in one building do not wait for each other (docs/scale.md, "A stalled instance stalls
// nobody else"): a transaction that checked a visitor in and has not committed yet (an instance
// stalled mid-transaction) leaves the building's other check-ins, first check-ins of invited
// visits and check-outs free to go, and the rollup job free to run; a change that takes away from
// what was counted (a checked-in visit's name corrected) still waits for it, and once it commits
// every count is right. Two connections at once: on a PostgreSQL server only (vitest.config.ts).

type Database = Awaited<ReturnType<typeof createTestDatabase>>;
let database: Database;
let db: Db;
let tenantId: string;
let tower: string;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  tenantId = await createTenant(db);
  tower = await createBuilding(db, tenantId, 'Tower');
  // Fourteen hours ahead of UTC: the UTC day before today is over on the tower's clock at any hour.
  await setBuildingSettings(db, tower, { timeZoneId: 'Pacific/Kiritimati' });
});

afterAll(async () => {
  await database.close();
});

/** Runs `work` in a transaction that gives up (55P03) rather than wait over `ms` for a lock. */
const withoutWaiting = <T>(ms: number, work: (trx: Db) => Promise<T>): Promise<T> =>
  db.transaction().execute(async (trx) => {
    await sql.raw(`set local lock_timeout = '${ms}ms'`).execute(trx);
    return work(trx);
  });

/** A visitor of the tower, known by their e-mail. */
const visitor = (name: string) => ({
  first_name: 'Visitor',
  last_name: name,
  email: `${name.toLowerCase()}@example.com`,
});

const firstVisit = async (name: string) =>
  (
    await sql<{ first: Date }>`select first_checked_in_at as first from person_first_visits
      where building_id = ${tower}::uuid and person_key = ${`e:${name.toLowerCase()}@example.com`}`.execute(db)
  ).rows.map((row) => row.first.toISOString());

describe('a building whose check-in is held open by a stalled transaction', () => {
  it('lets its other check-ins, check-outs and the rollup job go on, and recounts after it', async () => {
    const now = new Date();
    const inside = await createVisit(db, tenantId, tower, {
      ...visitor('Inside'),
      checked_in_at: new Date(now.getTime() - 3_600_000),
    });
    const invited = await createVisit(db, tenantId, tower, visitor('Invited'));
    const yesterday = new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);

    await db.transaction().execute(async (stalled) => {
      await createVisit(stalled, tenantId, tower, { ...visitor('Stalled'), checked_in_at: now });

      // Beside it, with no patience for a lock: a check-in, an invited visitor's arrival, a check-out.
      const walkIn = await withoutWaiting(2_000, async (trx) => {
        const id = await createVisit(trx, tenantId, tower, { ...visitor('Beside'), checked_in_at: now });
        await trx.updateTable('visits').set({ checked_in_at: now }).where('id', '=', invited).execute();
        await trx.updateTable('visits').set({ checked_out_at: now }).where('id', '=', inside).execute();
        return id;
      });
      expect(walkIn).toMatch(/^[0-9a-f-]{36}$/);

      // The rollup job passes over the days the stalled check-in holds instead of clearing them.
      await withoutWaiting(2_000, (trx) => rebuildDirtyRollups(trx, now));
      const marks = await sql<{ n: number }>`select count(*)::int as n from building_day_dirty
        where building_id = ${tower}::uuid and day = ${yesterday}::date`.execute(db);
      expect(marks.rows[0]!.n).toBe(1);

      // A correction of a checked-in visit recounts, so it waits for the check-in in flight.
      await expect(
        withoutWaiting(300, (trx) =>
          trx.updateTable('visits').set({ last_name: 'Inside-Corrected' }).where('id', '=', inside).execute(),
        ),
      ).rejects.toMatchObject({ code: '55P03' });
    });

    expect(await firstVisit('Stalled')).toEqual([now.toISOString()]);
    expect(await firstVisit('Beside')).toEqual([now.toISOString()]);
    expect(await firstVisit('Invited')).toEqual([now.toISOString()]);
    // Committed, the stalled check-in's days are the job's: yesterday (over on the tower's clock)
    // rebuilt and clean, today still marked.
    expect(await rebuildDirtyRollups(db, now)).toBeGreaterThan(0);
    const left = await sql<{ day: string }>`select day::text as day from building_day_dirty
      where building_id = ${tower}::uuid order by day`.execute(db);
    expect(left.rows.map((row) => row.day)).not.toContain(yesterday);
    const rollup = await sql<{ visits: number }>`select visits from building_day_rollups
      where building_id = ${tower}::uuid and day = ${yesterday}::date`.execute(db);
    expect(rollup.rows).toHaveLength(1);
  });
});
