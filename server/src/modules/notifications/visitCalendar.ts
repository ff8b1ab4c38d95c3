// The invitation's calendar file, written by the `ics` package (RFC 5545): one event for the
// visit, its UID the visit's id so a later invitation for the same visit updates the entry (its
// SEQUENCE higher), and a cancellation (METHOD:CANCEL, STATUS:CANCELLED) removes it.
import { createEvent } from 'ics';

export interface CalendarVisit {
  visitId: string;
  start: Date;
  /** Minutes; an hour when the visit has no duration. */
  minutes: number | undefined;
  title: string;
  description: string;
  location: string;
  url: string;
  organizer: { name: string; email: string } | null;
  /** The event's version (visits.invitation_sequence): raised by each change of time or length and by the cancellation. */
  sequence: number;
  /** A cancellation of the event rather than the event. */
  cancelled?: boolean;
}

/** The MIME type of a calendar file with its method (mail clients read the method from it). */
export const calendarContentType = (cancelled: boolean) =>
  `text/calendar; charset=utf-8; method=${cancelled ? 'CANCEL' : 'PUBLISH'}`;

export function visitCalendar(visit: CalendarVisit): string {
  const minutes = visit.minutes ?? 60;
  const { error, value } = createEvent({
    productId: 'Vestibule//visits',
    method: visit.cancelled ? 'CANCEL' : 'PUBLISH',
    uid: `${visit.visitId}@vestibule`,
    sequence: visit.sequence,
    start: visit.start.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { hours: Math.floor(minutes / 60), minutes: minutes % 60 },
    title: visit.title,
    description: visit.description,
    location: visit.location,
    url: visit.url,
    status: visit.cancelled ? 'CANCELLED' : 'CONFIRMED',
    busyStatus: 'BUSY',
    ...(visit.organizer ? { organizer: visit.organizer } : {}),
  });
  if (error || !value) throw error ?? new Error('calendar event not written');
  return value;
}
