import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** A building's booking limits per person, from its settings (null: none). */
export async function buildingBookingLimits(
  db: Db,
  buildingId: string,
): Promise<{ atOnce: number | null; daysAhead: number | null }> {
  const row = await db
    .selectFrom('buildings')
    .select([
      sql<number | null>`(settings->>'bookingMaxAtOnce')::int`.as('at_once'),
      sql<number | null>`(settings->>'bookingMaxDaysAhead')::int`.as('days_ahead'),
    ])
    .where('id', '=', buildingId)
    .executeTakeFirst();
  return { atOnce: row?.at_once ?? null, daysAhead: row?.days_ahead ?? null };
}

/**
 * The occurrences to come (pending or approved, not over) a host holds in a building, counted
 * after taking the host's lock for the rest of the transaction: two bookings of one host made at
 * once are counted one after the other, so neither passes the limit unseen.
 */
export async function lockAndCountHostToCome(db: Db, hostId: string, buildingId: string): Promise<number> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`booking-host:${hostId}`}, 0))`.execute(db);
  const row = await db
    .selectFrom('space_bookings as b')
    .innerJoin('space_booking_series as s', 's.id', 'b.series_id')
    .innerJoin('floors', 'floors.id', 'b.floor_id')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('s.host_id', '=', hostId)
    .where('floors.building_id', '=', buildingId)
    .where('b.status', 'in', ['PENDING', 'APPROVED'])
    .where('b.ends_at', '>', sql<Date>`now()`)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
