// The visit lifecycle's time rules (docs/visits.md, "Notices", "Automatic check-out", "Expiry"): when
// each notice is due, when a visit is checked out by itself, when it expires. Pure functions of
// the visit, the building's settings and `now`. The server's jobs select their rows with the
// same rules written in SQL (server/src/modules/lifecycle/lifecycle.repo.ts); a test runs both on
// the same visits, summer-time changes included.
import { durationToMinutes } from './duration.ts';
import { expectedEnd, type VisitTimes } from './visitStatus.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** The settings of a building that the lifecycle reads. */
export interface LifecycleSettings {
  timeZoneId: string;
  meetingAlertEnabled: boolean;
  meetingStartReminderTime: string;
  meetingEndReminderTime: string;
  overdueAlertTime: string;
  questionnairesValidityTimeout: string;
  autoCheckoutMode: 'TIMEOUT' | 'SPECIFIC_TIME';
  autoCheckOutTimeout: string | null;
  autoCheckoutSpecificTime: string | null;
}

/**
 * A checked-in visitor's host hears of it while the check-in is at most this old: a kiosk's
 * offline check-in that syncs within it still notifies; an older one would be news of the past.
 */
export const HOST_NOTICE_MAX_AGE_MINUTES = 12 * 60;

const minutesOf = (duration: string | null | undefined): number | undefined =>
  duration ? durationToMinutes(duration) : undefined;
const plus = (instant: Date, minutes: number) => new Date(instant.getTime() + minutes * MINUTE);

// ---------------------------------------------------------------------------------------------
// Wall-clock times in a time zone.

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC at an instant, in milliseconds (Toronto in winter: -5 h). */
export function zoneOffsetMs(instant: number, timeZone: string): number {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    offsetFormats.set(timeZone, format);
  }
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant a wall-clock time (`day` yyyy-MM-dd, `time` HH:mm) names in a time zone. A time
 * that a spring-forward change skips is read with the offset before the change (02:30 on the
 * night Toronto skips to 03:00 is 03:30 summer time); a time that a fall-back change repeats is
 * the later of the two. That is PostgreSQL's reading of `timestamp at time zone`, so the jobs'
 * SQL and this rule agree.
 */
export function zonedInstant(day: string, time: string, timeZone: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(year, month - 1, date, hour, minute);
  const before = zoneOffsetMs(wall - DAY, timeZone);
  const after = zoneOffsetMs(wall + DAY, timeZone);
  const byBefore = wall - before;
  const byAfter = wall - after;
  // No change near it, or a repeated hour: the offset after (the later instant). Otherwise the
  // offset before: the time is before the change, or skipped by it.
  return new Date(zoneOffsetMs(byAfter, timeZone) === after ? byAfter : byBefore);
}

/** The calendar day after `day` (yyyy-MM-dd). */
export function nextDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10);
}

/** The calendar day (yyyy-MM-dd) of an instant in a time zone. */
function localDay(instant: Date, timeZone: string): string {
  return new Date(instant.getTime() + zoneOffsetMs(instant.getTime(), timeZone)).toISOString().slice(0, 10);
}

// ---------------------------------------------------------------------------------------------
// Auto check-out.

export type AutoCheckoutMethod = 'AUTO_TIMEOUT' | 'AUTO_SPECIFIC_TIME';

/**
 * A visit in the building as the lifecycle reads it. `reopenedAt`: when staff last checked it in
 * back (the entry log's undo of a check-out). A re-opened visit is in again from that moment, so
 * the rules that count from the check-in count from the later of the two.
 */
export interface InsideVisit extends VisitTimes {
  reopenedAt?: string | null;
}

const later = (a: Date, b: Date | null) => (b && b.getTime() > a.getTime() ? b : a);
const dateOrNull = (value: string | null | undefined) => (value ? new Date(value) : null);

/** Since when a visit in the building counts as in: its check-in, or its re-opening when later. */
function insideSince(visit: InsideVisit): Date | null {
  if (!visit.checkedInAt) return null;
  return later(new Date(visit.checkedInAt), dateOrNull(visit.reopenedAt));
}

/**
 * When a visit still in is checked out by itself, and how (the visit keeps it):
 * - TIMEOUT: the building's timeout after the visit's expected end (its check-in plus its
 *   duration; a visit without a duration counts from its check-in). The timeout follows the
 *   expected end, not the check-in: a 4-hour visit is not ended after the 1-hour default.
 * - SPECIFIC_TIME: the first time the building's clock shows that time after the check-in
 *   (checked in at 19:00 with 18:00 set: the next day at 18:00), in the building's time zone,
 *   summer time changes included.
 * A re-opened visit (checked in back) counts from its re-opening when that is later: TIMEOUT
 * from max(expected end, reopened), SPECIFIC_TIME the first such time after max(check-in,
 * reopened). The job that checked it out would otherwise find it past its moment and check it
 * out again within the minute.
 * Null when the building's settings give no rule, or the visit is not in.
 */
export function autoCheckoutAt(
  visit: InsideVisit,
  settings: LifecycleSettings,
): { at: Date; method: AutoCheckoutMethod } | null {
  const since = insideSince(visit);
  if (!since || visit.checkedOutAt) return null;
  if (settings.autoCheckoutMode === 'SPECIFIC_TIME') {
    const time = settings.autoCheckoutSpecificTime;
    if (!time) return null;
    const day = localDay(since, settings.timeZoneId);
    const sameDay = zonedInstant(day, time, settings.timeZoneId);
    const at = sameDay.getTime() > since.getTime() ? sameDay : zonedInstant(nextDay(day), time, settings.timeZoneId);
    return { at, method: 'AUTO_SPECIFIC_TIME' };
  }
  const timeout = minutesOf(settings.autoCheckOutTimeout);
  if (timeout === undefined) return null;
  const end = expectedEnd(visit) ?? new Date(visit.checkedInAt!);
  return { at: plus(later(end, dateOrNull(visit.reopenedAt)), timeout), method: 'AUTO_TIMEOUT' };
}

// ---------------------------------------------------------------------------------------------
// Notices. Each is sent once (its own "sent at" on the visit); a notice whose moment has passed
// without it being sent (the server was down) is not sent late when it would say something
// no longer true.

export interface LifecycleVisit extends VisitTimes {
  createdAt: string;
  expiredAt?: string | null;
}

/**
 * The start reminder: the building's lead (meetingStartReminderTime, 24 h by default) before a
 * scheduled visit, to the visitor and the host, while it has not started. A visit made after
 * that moment gets none: its invitation was the notice.
 */
export function startReminderAt(visit: LifecycleVisit, settings: LifecycleSettings): Date | null {
  const lead = minutesOf(settings.meetingStartReminderTime);
  if (!visit.scheduledAt || lead === undefined) return null;
  const at = plus(new Date(visit.scheduledAt), -lead);
  return new Date(visit.createdAt).getTime() < at.getTime() ? at : null;
}

export function startReminderDue(visit: LifecycleVisit, settings: LifecycleSettings, now: Date): boolean {
  const at = startReminderAt(visit, settings);
  return (
    at !== null &&
    !visit.checkedInAt &&
    !visit.cancelledAt &&
    !visit.expiredAt &&
    at.getTime() <= now.getTime() &&
    now.getTime() < new Date(visit.scheduledAt!).getTime()
  );
}

/**
 * The end reminder: the building's lead (meetingEndReminderTime, 5 min by default) before a
 * visit's expected end, to the visitor and the host, while the visitor is in. None when the
 * visit is shorter than the lead (it would arrive with the check-in), nor when it was re-opened
 * (checked in back) after that moment: it would arrive with the re-opening.
 */
export function endReminderAt(visit: InsideVisit, settings: LifecycleSettings): Date | null {
  const lead = minutesOf(settings.meetingEndReminderTime);
  const end = expectedEnd(visit);
  const since = insideSince(visit);
  if (!since || !end || lead === undefined) return null;
  const at = plus(end, -lead);
  return at.getTime() > since.getTime() ? at : null;
}

export function endReminderDue(visit: InsideVisit, settings: LifecycleSettings, now: Date): boolean {
  const at = endReminderAt(visit, settings);
  const end = expectedEnd(visit);
  return (
    at !== null && end !== null && !visit.checkedOutAt && at.getTime() <= now.getTime() && now.getTime() < end.getTime()
  );
}

/**
 * The overdue alert: overdueAlertTime (15 min by default) after the expected end while the
 * visitor is still in, to the host, when the building has meeting alerts on. A visit re-opened
 * (checked in back) after its end is alerted that long after its re-opening: staff who just
 * re-opened it know it is past its end, and the host hears of it if the visitor then stays.
 */
export function overdueAlertAt(visit: InsideVisit, settings: LifecycleSettings): Date | null {
  const delay = minutesOf(settings.overdueAlertTime);
  const end = expectedEnd(visit);
  if (!settings.meetingAlertEnabled || !visit.checkedInAt || !end || delay === undefined) return null;
  return plus(later(end, dateOrNull(visit.reopenedAt)), delay);
}

export function overdueAlertDue(visit: InsideVisit, settings: LifecycleSettings, now: Date): boolean {
  const at = overdueAlertAt(visit, settings);
  return at !== null && !visit.checkedOutAt && at.getTime() <= now.getTime();
}

// ---------------------------------------------------------------------------------------------
// Expiry.

/**
 * A scheduled visit never checked in expires at its expected end (its time plus its duration;
 * its time alone without one), as the status rule reads it (EXPIRED); the job marks it
 * (`expired_at`) so lists and reminders leave it.
 */
export function scheduledExpiryAt(visit: VisitTimes): Date | null {
  if (!visit.scheduledAt || visit.checkedInAt || visit.checkedOutAt || visit.cancelledAt) return null;
  return expectedEnd(visit) ?? new Date(visit.scheduledAt);
}

/**
 * Questionnaire validity (docs/visits.md, "Expiry"): entry answers given ahead of an unscheduled
 * arrival hold for the building's questionnairesValidityTimeout; a visit still not checked in
 * then expires, as the door already refuses answers that old
 * (CHECK_IN_EMPLOYEE_QUESTIONNAIRES_NO_LONGER_VALID). A scheduled
 * visit is kept until its own end (scheduledExpiryAt): the door asks again when answers lapse.
 */
export function answersExpiryAt(
  visit: VisitTimes & { questionnairesAnsweredAt: string | null },
  settings: LifecycleSettings,
): Date | null {
  const validity = minutesOf(settings.questionnairesValidityTimeout);
  if (!visit.questionnairesAnsweredAt || visit.scheduledAt || visit.checkedInAt || visit.cancelledAt) return null;
  if (validity === undefined) return null;
  return plus(new Date(visit.questionnairesAnsweredAt), validity);
}
