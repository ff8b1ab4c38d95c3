import { type Insertable, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { VisitsTable } from '../../db/schema.ts';
import { invitationChange } from './visits.repo.ts';

// The entry invitations of space bookings (docs/space-booking.md, "Entry invitations"): the
// visits that name an occurrence of a series, read, made, moved and cancelled with the booking.

/** A series' entry invitations still standing (not cancelled), with the occurrence each admits to. */
export function bookingVisits(db: Db, seriesId: string) {
  return db
    .selectFrom('visits')
    .innerJoin('space_bookings as o', 'o.id', 'visits.space_booking_id')
    .select([
      'visits.id',
      'visits.space_booking_id',
      sql<string>`lower(visits.email)`.as('email'),
      'visits.scheduled_at',
      'visits.scheduled_duration',
      'visits.checked_in_at',
      'o.ends_at',
    ])
    .where('o.series_id', '=', seriesId)
    .where('visits.cancelled_at', 'is', null)
    .execute();
}
export type BookingVisitRow = Awaited<ReturnType<typeof bookingVisits>>[number];

export async function insertBookingVisits(db: Db, rows: readonly Insertable<VisitsTable>[]): Promise<void> {
  if (rows.length > 0)
    await db
      .insertInto('visits')
      .values([...rows])
      .execute();
}

/** Moves invitations not yet used to their occurrence's new time: the invitation goes again. */
export async function moveBookingVisit(db: Db, id: string, scheduledAt: Date, duration: string): Promise<void> {
  await db
    .updateTable('visits')
    .set({ scheduled_at: scheduledAt, scheduled_duration: duration, ...invitationChange.moved() })
    .where('id', '=', id)
    .where('checked_in_at', 'is', null)
    .execute();
}

/** Cancels invitations not yet used: the cancellation job tells those who received them. */
export async function cancelBookingVisits(db: Db, ids: readonly string[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('visits')
    .set({ cancelled_at: at, ...invitationChange.cancelled() })
    .where('id', 'in', [...ids])
    .where('checked_in_at', 'is', null)
    .execute();
}
