import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

// What the check-in reads besides its building, its questionnaires and its visits: the
// building's cameras for the wizard, and the wrong PINs typed for a visit code.

/** The building's active cameras, in the order they were added. */
export function activeCameras(db: Db, buildingId: string) {
  return db
    .selectFrom('cameras')
    .select(['id', 'name', 'camera_place'])
    .where('building_id', '=', buildingId)
    .where('active', '=', true)
    .orderBy('created_at')
    .execute();
}

export function cameraConnection(db: Db, cameraId: string) {
  return db
    .selectFrom('cameras')
    .select(['ip_address', 'auth_user', 'auth_password', 'simulated'])
    .where('id', '=', cameraId)
    .executeTakeFirstOrThrow();
}

/**
 * Wrong PINs typed for one visit code, counted in the database (every instance agrees) in a
 * window that starts at the first failure: answers the count after this failure.
 */
export async function recordPinFailure(db: Db, identifier: string, windowMinutes: number): Promise<number> {
  const key = `pin|${identifier}`;
  const window = `${windowMinutes} minutes`;
  const result = await sql<{ count: number }>`
    insert into rate_limits (key, count, reset_at) values (${key}, 1, now() + ${window}::interval)
    on conflict (key) do update set
      count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
      reset_at = case when rate_limits.reset_at <= now() then now() + ${window}::interval else rate_limits.reset_at end
    returning count`.execute(db);
  return Number(result.rows[0]?.count ?? 1);
}

/** Wrong PINs typed for one visit code in the current window. */
export async function pinFailures(db: Db, identifier: string): Promise<number> {
  const row = await db
    .selectFrom('rate_limits')
    .select('count')
    .where('key', '=', `pin|${identifier}`)
    .where('reset_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}
