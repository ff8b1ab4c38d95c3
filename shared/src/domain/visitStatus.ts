import { durationToMinutes } from './duration.ts';

// The status of a visit, derived in one place (docs/visits.md, "Statuses"), in the building's
// time zone: where it stands now, from its stored facts and the clock.
// - OUT: checked out; LATE (shown as overdue) and IN: checked in, past its expected end or not;
// - REFUSED: turned away at the door; CANCELLED: cancelled before arriving;
// - OK: no scheduled time, its entry answers given ahead and not lapsed: awaited at the door;
// - EXPIRED: never arrived, and its time (or its answers) lapsed, or nothing to expect;
// - SOON, TODAY, EXPECTED: awaited within the hour, later today, on a later day.
export const visitStatuses = [
  'IN',
  'OUT',
  'LATE',
  'SOON',
  'TODAY',
  'EXPECTED',
  'OK',
  'EXPIRED',
  'CANCELLED',
  'REFUSED',
] as const;
export type VisitStatus = (typeof visitStatuses)[number];

/** A visit is SOON when it is due to start within this many minutes. */
export const SOON_MINUTES = 60;

export interface VisitTimes {
  scheduledAt: string | null;
  /** ISO 8601 duration (PT1H). */
  scheduledDuration: string | null;
  checkedInAt: string | null;
  checkedOutAt: string | null;
  cancelledAt?: string | null;
  /** False for a visit refused at the door (an alert answer, a temperature); true when absent. */
  allowed?: boolean;
  /** When the expiry job marked the visit lapsed (its time over, or its answers given ahead past their validity). */
  expiredAt?: string | null;
  /** When its entry answers were given (ahead of arrival for a visit not in yet). */
  questionnairesAnsweredAt?: string | null;
}

const MINUTE = 60_000;

/**
 * One formatter per time zone: making one costs about ten times formatting with it (0.13 ms against
 * 0.015 ms), and a list of 50 expected visits asks twice per row.
 */
const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar day (YYYY-MM-DD) of an instant in a time zone. */
export function dayInZone(instant: Date, timeZone: string): string {
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    if (dayFormatters.size < 1_000) dayFormatters.set(timeZone, formatter);
  }
  const parts = formatter.formatToParts(instant);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** When the visit is expected to end: from its check-in (or schedule) plus its duration. */
export function expectedEnd(visit: VisitTimes): Date | null {
  const start = visit.checkedInAt ?? visit.scheduledAt;
  const minutes = visit.scheduledDuration ? durationToMinutes(visit.scheduledDuration) : undefined;
  if (!start || minutes === undefined) return null;
  return new Date(new Date(start).getTime() + minutes * MINUTE);
}

/** The rule, first that applies (its SQL twin filters the entry log: server visitList.repo.ts). */
export function visitStatus(visit: VisitTimes, now: Date, timeZone: string): VisitStatus {
  if (visit.checkedOutAt) return 'OUT';
  if (visit.checkedInAt) {
    const end = expectedEnd(visit);
    return end && now.getTime() > end.getTime() ? 'LATE' : 'IN';
  }
  if (visit.allowed === false) return 'REFUSED';
  if (visit.cancelledAt) return 'CANCELLED';
  if (visit.expiredAt) return 'EXPIRED';
  if (!visit.scheduledAt) return visit.questionnairesAnsweredAt ? 'OK' : 'EXPIRED';
  const scheduled = new Date(visit.scheduledAt);
  const end = expectedEnd(visit) ?? scheduled;
  if (now.getTime() > end.getTime()) return 'EXPIRED';
  if (scheduled.getTime() - now.getTime() <= SOON_MINUTES * MINUTE) return 'SOON';
  return dayInZone(scheduled, timeZone) === dayInZone(now, timeZone) ? 'TODAY' : 'EXPECTED';
}

/** Whether the person is in the building (checked in, overdue or not): their link offers check-out. */
export function isOnSite(status: VisitStatus): boolean {
  return status === 'IN' || status === 'LATE';
}
