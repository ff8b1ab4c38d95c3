// Entry invitations of a booking (docs/space-booking.md, "Entry invitations"): with "create an
// entry invitation", each attendee from outside the company holds a front-desk invitation (a
// visit with its QR code) for each approved occurrence to come, hosted by the booking's host.
// Kept in step in the transaction of every change: made when an occurrence is approved, moved
// with it, cancelled when it no longer holds or the attendee is gone. Checking in with one
// confirms the occurrence (the check-in service).
import { minutesToDuration, newVisitCodes, uuidv7 } from '@vestibule/shared';
import type { Db } from '../../db/database.ts';
import {
  type BookingVisitRow,
  bookingVisits,
  cancelBookingVisits,
  insertBookingVisits,
  moveBookingVisit,
} from '../visits/bookingVisits.repo.ts';
import { buildingOf } from '../lifecycle/lifecycle.service.ts';
import { localeOf } from '../notifications/visitLetter.ts';
import { admittingOccurrences, externalAttendees } from './bookingInvitations.repo.ts';
import type { SeriesMailRow } from './bookingMails.repo.ts';
import { hostNameOf } from './spaceBookings.dto.ts';

const MINUTE = 60_000;
const keyOf = (occurrenceId: string, email: string) => `${occurrenceId} ${email}`;
/** An occurrence's length as a visit holds it (PT1H30M). */
const lengthOf = (occurrence: { starts_at: Date; ends_at: Date }) =>
  minutesToDuration((occurrence.ends_at.getTime() - occurrence.starts_at.getTime()) / MINUTE);

/**
 * Brings a series' entry invitations in step with its occurrences and attendees. A series made
 * without the option has none (the option is chosen when booking, never changed after).
 */
export async function keepEntryInvitations(db: Db, series: SeriesMailRow, now = new Date()): Promise<void> {
  if (!series.create_invitation) return;
  const [visits, attendees, occurrences] = await Promise.all([
    bookingVisits(db, series.id),
    externalAttendees(db, series.id, series.tenant_id),
    admittingOccurrences(db, series.id, now),
  ]);
  const standing = visits.filter((visit) => visit.ends_at.getTime() > now.getTime());
  const wanted = new Map(
    occurrences.flatMap((occurrence) =>
      attendees.map((attendee) => [keyOf(occurrence.id, attendee.email), { occurrence, attendee }] as const),
    ),
  );
  const withdrawn: BookingVisitRow[] = [];
  for (const visit of standing) {
    const key = keyOf(visit.space_booking_id ?? '', visit.email);
    const match = wanted.get(key);
    if (!match) {
      withdrawn.push(visit);
      continue;
    }
    wanted.delete(key);
    const duration = lengthOf(match.occurrence);
    if (visit.scheduled_at?.getTime() !== match.occurrence.starts_at.getTime() || visit.scheduled_duration !== duration)
      await moveBookingVisit(db, visit.id, match.occurrence.starts_at, duration);
  }
  await cancelBookingVisits(
    db,
    withdrawn.filter((visit) => visit.checked_in_at === null).map((visit) => visit.id),
    now,
  );
  const host = hostNameOf(series);
  const locale = localeOf(null, buildingOf(series).defaultLocale);
  await insertBookingVisits(
    db,
    [...wanted.values()].map(({ occurrence, attendee }) => {
      const codes = newVisitCodes();
      return {
        id: uuidv7(),
        tenant_id: series.tenant_id,
        building_id: series.building_id,
        identifier: codes.identifier,
        public_identifier: codes.publicIdentifier,
        pin: codes.pin,
        visitor_type: 'VISITOR' as const,
        first_name: attendee.first_name,
        last_name: attendee.last_name,
        email: attendee.email,
        host,
        host_user_id: series.host_id,
        check_in_form: JSON.stringify({
          firstName: attendee.first_name,
          lastName: attendee.last_name,
          email: attendee.email,
          ...(host ? { host } : {}),
        }),
        scheduled_at: occurrence.starts_at,
        scheduled_duration: lengthOf(occurrence),
        comments: series.title,
        locale,
        source: 'STAFF' as const,
        is_invitation: true,
        invited_by: series.created_by,
        space_booking_id: occurrence.id,
      };
    }),
  );
}
