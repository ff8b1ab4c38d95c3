import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

// The rows of checking in to a booking and of releasing the ones nobody checked into
// (docs/space-booking.md, "Check-in and release").

/** A space of a company with what its page needs: names, building, clock and release delay. */
export function findSpaceForCheckIn(db: Db, tenantId: string, spaceId: string) {
  return db
    .selectFrom('spaces')
    .innerJoin('floors', 'floors.id', 'spaces.floor_id')
    .innerJoin('buildings', 'buildings.id', 'floors.building_id')
    .select([
      'spaces.id',
      'spaces.name',
      'spaces.kind',
      'spaces.public',
      'floors.name as floor_name',
      'buildings.id as building_id',
      'buildings.name as building_name',
      sql<string | null>`buildings.settings->>'timeZoneId'`.as('time_zone'),
      sql<number | null>`(buildings.settings->>'bookingReleaseMinutes')::int`.as('release_minutes'),
    ])
    .where('spaces.id', '=', spaceId)
    .where('spaces.tenant_id', '=', tenantId)
    .executeTakeFirst();
}

/** The occurrences holding a space (pending or approved) that overlap a period, by start. */
export function holdingOccurrencesOfSpace(db: Db, spaceId: string, from: Date, to: Date) {
  return db
    .selectFrom('space_bookings as b')
    .innerJoin('space_booking_series as s', 's.id', 'b.series_id')
    .leftJoin('users as host', 'host.id', 's.host_id')
    .select([
      'b.series_id',
      'b.occurrence',
      'b.starts_at',
      'b.ends_at',
      'b.status',
      'b.checked_in_at',
      's.title',
      's.host_id',
      's.created_by',
      'host.first_name as host_first_name',
      'host.last_name as host_last_name',
      'host.username as host_username',
    ])
    .where('b.space_id', '=', spaceId)
    .where('b.status', 'in', ['PENDING', 'APPROVED'])
    .where(sql<boolean>`tstzrange(b.starts_at, b.ends_at) && tstzrange(${from}::timestamptz, ${to}::timestamptz)`)
    .orderBy('b.starts_at')
    .execute();
}
export type SpaceOccurrenceRow = Awaited<ReturnType<typeof holdingOccurrencesOfSpace>>[number];

/** One occurrence of a company's series, locked for the check-in, with who may check in and where. */
export function lockOccurrence(db: Db, tenantId: string, seriesId: string, occurrence: number) {
  return db
    .selectFrom('space_bookings as b')
    .innerJoin('space_booking_series as s', 's.id', 'b.series_id')
    .leftJoin('floors', 'floors.id', 'b.floor_id')
    .select([
      'b.id',
      'b.status',
      'b.starts_at',
      'b.ends_at',
      'b.checked_in_at',
      's.host_id',
      's.created_by',
      'floors.building_id',
    ])
    .where('b.series_id', '=', seriesId)
    .where('b.occurrence', '=', occurrence)
    .where('b.tenant_id', '=', tenantId)
    .forUpdate('b')
    .executeTakeFirst();
}

export async function markCheckedIn(db: Db, id: string, at: Date): Promise<void> {
  await db.updateTable('space_bookings').set({ checked_in_at: at }).where('id', '=', id).execute();
}

/**
 * An approved occurrence confirmed by its guest's arrival at the front desk (docs/space-booking.md,
 * "Entry invitations"): it is no longer released as a no-show. The first check-in holds.
 */
export async function confirmByArrival(db: Db, id: string, at: Date): Promise<void> {
  await db
    .updateTable('space_bookings')
    .set({ checked_in_at: at })
    .where('id', '=', id)
    .where('status', '=', 'APPROVED')
    .where('checked_in_at', 'is', null)
    .execute();
}

/**
 * Releases the approved occurrences nobody checked into within their building's delay
 * (`bookingReleaseMinutes`) and not over yet: cancelled and marked released, their slots free.
 * Rows another instance is releasing at the same moment are skipped, never released twice.
 */
export async function releaseDue(db: Db, now: Date) {
  return db
    .updateTable('space_bookings as b')
    .set({ status: 'CANCELLED', cancelled_at: now, released_at: now })
    .where('b.id', 'in', (eb) =>
      eb
        .selectFrom('space_bookings as d')
        .innerJoin('floors', 'floors.id', 'd.floor_id')
        .innerJoin('buildings', 'buildings.id', 'floors.building_id')
        .select('d.id')
        .where('d.status', '=', 'APPROVED')
        .where('d.checked_in_at', 'is', null)
        .where('d.starts_at', '<=', now)
        .where('d.ends_at', '>', now)
        .where(sql<boolean>`buildings.settings->>'bookingReleaseMinutes' is not null`)
        .where(
          sql<boolean>`d.starts_at + make_interval(mins => (buildings.settings->>'bookingReleaseMinutes')::int) <= ${now}::timestamptz`,
        )
        .forUpdate('d')
        .skipLocked(),
    )
    .returning(['b.id', 'b.tenant_id', 'b.series_id', 'b.occurrence'])
    .execute();
}

/** A company's floor with its building and clock, and whether the company shares who is where. */
export function findFloorForWhereabouts(db: Db, tenantId: string, floorId: string) {
  return db
    .selectFrom('floors')
    .innerJoin('buildings', 'buildings.id', 'floors.building_id')
    .innerJoin('tenants', 'tenants.id', 'floors.tenant_id')
    .select([
      'floors.id',
      'floors.building_id',
      'tenants.share_whereabouts',
      sql<string | null>`buildings.settings->>'timeZoneId'`.as('time_zone'),
    ])
    .where('floors.id', '=', floorId)
    .where('floors.tenant_id', '=', tenantId)
    .executeTakeFirst();
}

/** The approved occurrences of a floor overlapping a period, with their spaces and hosts, by space. */
export function approvedOfFloor(db: Db, floorId: string, from: Date, to: Date) {
  return db
    .selectFrom('space_bookings as b')
    .innerJoin('space_booking_series as s', 's.id', 'b.series_id')
    .innerJoin('spaces', 'spaces.id', 'b.space_id')
    .leftJoin('users as host', 'host.id', 's.host_id')
    .select([
      'spaces.id as space_id',
      'spaces.name as space_name',
      'b.starts_at',
      'b.ends_at',
      'b.checked_in_at',
      'host.first_name',
      'host.last_name',
      'host.username',
    ])
    .where('b.floor_id', '=', floorId)
    .where('b.status', '=', 'APPROVED')
    .where(sql<boolean>`tstzrange(b.starts_at, b.ends_at) && tstzrange(${from}::timestamptz, ${to}::timestamptz)`)
    .orderBy('spaces.name')
    .orderBy('b.starts_at')
    .execute();
}
