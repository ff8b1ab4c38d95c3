import { sql } from 'kysely';
import type { SelfTestResult } from '@vestibule/shared';
import type { Db } from '../../db/database.ts';
import { newBuildingColumns } from '../buildings/buildings.service.ts';

/** The unique index that lets one run be running at a time, across instances. */
export const ONE_RUNNING = 'self_test_runs_one_running';

export type SelfTestRunRow = NonNullable<Awaited<ReturnType<typeof latestRun>>>;

/** Starts a run; the unique index refuses a second running one (code 23505). */
export async function insertRun(
  db: Db,
  run: { id: string; tenantId: string; count: number; durationS: number; instance: string },
): Promise<void> {
  await db
    .insertInto('self_test_runs')
    .values({
      id: run.id,
      status: 'running',
      tenant_id: run.tenantId,
      count: run.count,
      duration_s: run.durationS,
      instance: run.instance,
    })
    .execute();
}

/** The run's progress, and its heartbeat: a running run whose heartbeat stops was interrupted. */
export async function recordProgress(db: Db, id: string, done: number, errors: number): Promise<void> {
  await db
    .updateTable('self_test_runs')
    .set({ done, errors, heartbeat_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .execute();
}

export async function finishRun(
  db: Db,
  id: string,
  end: { status: 'done' | 'failed' | 'interrupted'; result: SelfTestResult | null; error: string | null },
): Promise<void> {
  await db
    .updateTable('self_test_runs')
    .set({
      status: end.status,
      result: end.result === null ? null : JSON.stringify(end.result),
      error: end.error,
      finished_at: sql<Date>`now()`,
      heartbeat_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .execute();
}

export function latestRun(db: Db) {
  return db
    .selectFrom('self_test_runs')
    .selectAll()
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function findRun(db: Db, id: string) {
  return db.selectFrom('self_test_runs').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Running runs whose heartbeat stopped more than `seconds` ago: their instance stopped mid-run. */
export async function markStaleRunsInterrupted(db: Db, seconds: number): Promise<number> {
  const result = await db
    .updateTable('self_test_runs')
    .set({ status: 'interrupted', finished_at: sql<Date>`now()`, error: 'interrupted' })
    .where('status', '=', 'running')
    .where('heartbeat_at', '<', sql<Date>`now() - make_interval(secs => ${seconds})`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The self-test companies no running run owns: left by an interrupted run. */
export async function orphanSelfTestTenants(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('tenants')
    .select('id')
    .where('self_test', '=', true)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('self_test_runs')
            .select('self_test_runs.id')
            .whereRef('self_test_runs.tenant_id', '=', 'tenants.id')
            .where('self_test_runs.status', '=', 'running'),
        ),
      ),
    )
    .execute();
  return rows.map((row) => row.id);
}

/** A throwaway company, marked as the self-test's (the audit log keeps none of its rows). */
export async function insertSelfTestTenant(db: Db, id: string, name: string): Promise<void> {
  await db
    .insertInto('tenants')
    .values({
      id,
      name,
      address1: null,
      address2: null,
      city: null,
      state: null,
      zip: null,
      phone: null,
      phone2: null,
      fax: null,
      country_code: 'CA',
      email: null,
      self_test: true,
    })
    .execute();
}

/** The self-test's building: the new-building defaults, a host typed freely. */
export async function insertSelfTestBuilding(
  db: Db,
  row: { id: string; tenantId: string; name: string; settings: Record<string, unknown> },
): Promise<void> {
  await db
    .insertInto('buildings')
    .values({
      id: row.id,
      tenant_id: row.tenantId,
      name: row.name,
      external_id: null,
      pin_code: '0000',
      ...newBuildingColumns(),
      settings: JSON.stringify(row.settings),
    })
    .execute();
}

/**
 * Removes a self-test company with everything in it (its rows go with it by their foreign keys).
 * Only a company marked as the self-test's: a real company is never touched.
 */
export async function deleteSelfTestTenant(db: Db, id: string): Promise<void> {
  await db.deleteFrom('tenants').where('id', '=', id).where('self_test', '=', true).execute();
}
