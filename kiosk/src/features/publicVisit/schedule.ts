import { VISIT_SCHEDULE_MAX_DAYS, dayInZone, durationToMinutes } from '@vestibule/shared';
import { instantOfWallTime } from './zonedTime.ts';

const MINUTE = 60_000;

export type ScheduleProblem = 'dateRequired' | 'timeRequired' | 'dateOver' | 'dateTooFar';

/**
 * A date and time typed on the building's clock, as the server will judge it: the visit must not
 * be over by then (its duration after it) and must be within a year.
 */
export function scheduleOf(
  date: string,
  time: string,
  timeZone: string,
  duration: string | null,
  now: Date = new Date(),
): { at: Date; problem: null } | { at: null; problem: ScheduleProblem } {
  if (date === '') return { at: null, problem: 'dateRequired' };
  if (time === '') return { at: null, problem: 'timeRequired' };
  const at = instantOfWallTime(date, time, timeZone);
  if (!at) return { at: null, problem: 'dateRequired' };
  const minutes = duration ? (durationToMinutes(duration) ?? 0) : 0;
  if (at.getTime() + minutes * MINUTE <= now.getTime()) return { at: null, problem: 'dateOver' };
  if (at.getTime() - now.getTime() > VISIT_SCHEDULE_MAX_DAYS * 24 * 60 * MINUTE) {
    return { at: null, problem: 'dateTooFar' };
  }
  return { at, problem: null };
}

/** The first and last days a visit may be put on, on the building's calendar. */
export function scheduleDays(timeZone: string, now: Date = new Date()): { min: string; max: string } {
  const last = new Date(now.getTime() + VISIT_SCHEDULE_MAX_DAYS * 24 * 60 * MINUTE);
  return { min: dayInZone(now, timeZone), max: dayInZone(last, timeZone) };
}
