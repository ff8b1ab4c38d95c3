import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

// What a booking's entry invitations are made from (docs/space-booking.md, "Entry invitations")
// besides its series (bookingMails.repo.ts): the attendees from outside the company, and the
// occurrences that admit them.

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
