import { type BookingOccurrence, type BookingSeries, bookingOccurrenceRef } from '@vestibule/shared';
import { displayName } from '../floors/floors.dto.ts';
import type { OccurrenceListRow, OccurrenceRow, SeriesRow, listAttendees } from './spaceBookings.repo.ts';

// The answers of the booking calls (docs/space-booking.md).

/** A moment as ISO text; the lists' moments come as that text already (db/isoText.ts). */
const iso = (value: Date | string): string => (typeof value === 'string' ? value : value.toISOString());

function named(id: string | null, name: string | null): { id: string; name: string } | null {
  return id === null || name === null ? null : { id, name };
}

/** The host's name as the booking screens write it, from the row's host columns (null without a host). */
export function hostNameOf(row: {
  host_username: string | null;
  host_first_name: string | null;
  host_last_name: string | null;
}): string | null {
  return row.host_username === null
    ? null
    : displayName({ username: row.host_username, first_name: row.host_first_name, last_name: row.host_last_name });
}

function host(row: {
  host_id: string | null;
  host_username: string | null;
  host_first_name: string | null;
  host_last_name: string | null;
}): { id: string; name: string } | null {
  const name = hostNameOf(row);
  return row.host_id === null || name === null ? null : { id: row.host_id, name };
}

export function toSeries(
  row: SeriesRow,
  occurrences: readonly OccurrenceRow[],
  attendees: Awaited<ReturnType<typeof listAttendees>>,
): BookingSeries {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    comment: row.comment,
    space: named(row.space_id, row.space_name),
    floor: named(row.floor_id, row.floor_name),
    building: named(row.building_id, row.building_name),
    host: host(row),
    repeat: row.repeat,
    repeatUntil: row.repeat_until,
    timeZone: row.time_zone,
    scheduling: row.scheduling,
    createInvitation: row.create_invitation,
    exportKey: row.export_key,
    icsSequence: row.ics_sequence,
    attendees: attendees.map((attendee) => ({
      firstName: attendee.first_name,
      lastName: attendee.last_name,
      email: attendee.email,
      role: attendee.role,
      verified: attendee.verified,
    })),
    occurrences: occurrences.map((occurrence) => ({
      id: bookingOccurrenceRef(row.id, occurrence.occurrence),
      occurrence: occurrence.occurrence,
      startsAt: iso(occurrence.starts_at),
      endsAt: iso(occurrence.ends_at),
      status: occurrence.status,
      cancelledAt: occurrence.cancelled_at === null ? null : iso(occurrence.cancelled_at),
    })),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

export function toOccurrence(row: OccurrenceListRow): BookingOccurrence {
  return {
    id: bookingOccurrenceRef(row.series_id, row.occurrence),
    seriesId: row.series_id,
    occurrence: row.occurrence,
    startsAt: iso(row.starts_at),
    endsAt: iso(row.ends_at),
    status: row.status,
    cancelledAt: row.cancelled_at === null ? null : iso(row.cancelled_at),
    checkedInAt: row.checked_in_at === null ? null : iso(row.checked_in_at),
    title: row.title,
    space: named(row.space_id, row.space_name),
    floor: named(row.floor_id, row.floor_name),
    building: named(row.building_id, row.building_name),
    host: host(row),
    repeat: row.repeat,
    attendeesCount: Number(row.attendees_count ?? 0),
  };
}
