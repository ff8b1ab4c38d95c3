import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

// What a booking's entry invitations are made from (docs/space-booking.md, "Entry invitations"):
// the series with its building and host, the attendees from outside the company, and the
// occurrences that admit them.

/** The series, whether it invites at the door, its building and its host's name. */
export function seriesForInvitations(db: Db, seriesId: string) {
  return db
    .selectFrom('space_booking_series as s')
    .innerJoin('spaces', 'spaces.id', 's.space_id')
    .innerJoin('floors', 'floors.id', 'spaces.floor_id')
    .innerJoin('buildings as b', 'b.id', 'floors.building_id')
    .leftJoin('users as host', 'host.id', 's.host_id')
    .select([
      's.id',
      's.tenant_id',
      's.title',
      's.create_invitation',
      's.created_by',
      's.host_id',
      'b.id as building_id',
      sql<string | null>`b.settings->>'defaultLocale'`.as('default_locale'),
      'host.first_name as host_first_name',
      'host.last_name as host_last_name',
      'host.username as host_username',
    ])
    .where('s.id', '=', seriesId)
    .executeTakeFirst();
}

/** The series' attendees whose address is no user's of the company: they come in at the front desk. */
export function externalAttendees(db: Db, seriesId: string, tenantId: string) {
  return db
    .selectFrom('space_booking_attendees as a')
    .select(['a.first_name', 'a.last_name', sql<string>`lower(a.email)`.as('email')])
    .where('a.series_id', '=', seriesId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('users as u')
            .select(sql`1`.as('one'))
            .where('u.tenant_id', '=', tenantId)
            .where(sql<boolean>`lower(u.email) = lower(a.email)`),
        ),
      ),
    )
    .orderBy('a.position')
    .execute();
}

/** The occurrences that admit their attendees: approved and not over. */
export function admittingOccurrences(db: Db, seriesId: string, now: Date) {
  return db
    .selectFrom('space_bookings')
    .select(['id', 'starts_at', 'ends_at'])
    .where('series_id', '=', seriesId)
    .where('status', '=', 'APPROVED')
    .where('ends_at', '>', now)
    .orderBy('occurrence')
    .execute();
}
