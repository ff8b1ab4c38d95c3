// A booking's occurrences (docs/space-booking.md): its repeat rule expanded on the building's
// clock, so that a meeting at 09:00 stays at 09:00 local time across a change of clocks. The rule
// is RFC 5545's, computed by rrule-temporal on Temporal (polyfilled: Node 22 has none).
import { Temporal } from '@js-temporal/polyfill';
import { RRuleTemporal } from 'rrule-temporal';

export const bookingRepeats = ['NONE', 'DAILY', 'WEEKDAYS', 'WEEKLY', 'MONTHLY', 'YEARLY'] as const;
export type BookingRepeat = (typeof bookingRepeats)[number];

/** A series holds at most this many occurrences. */
export const BOOKING_OCCURRENCES_MAX = 366;

/** Why a booking's times are refused, each a code of the error catalogue. */
export type BookingTimesRefusal =
  | 'BOOKING_END_BEFORE_START'
  | 'BOOKING_TOO_LONG_FOR_REPEAT'
  | 'BOOKING_REPEAT_UNTIL_REQUIRED'
  | 'BOOKING_REPEAT_UNTIL_INVALID'
  | 'BOOKING_TOO_MANY_OCCURRENCES';

export interface BookingOccurrenceTimes {
  /** 1 for the first. */
  occurrence: number;
  startsAt: Date;
  endsAt: Date;
}

export interface BookingTimes {
  startsAt: Date;
  endsAt: Date;
  repeat: BookingRepeat;
  /** The last day an occurrence may start on (yyyy-MM-dd, on the building's clock). */
  repeatUntil: string | null;
  timeZone: string;
}

const weekdayCodes = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;

/**
 * Whether one occurrence fits its repeat: under 24 hours for a daily or weekdays booking, under a
 * week for a weekly one, under 30 days for a monthly one, under a year for a yearly one, so that
 * a series' occurrences never overlap one another.
 */
export function fitsRepeatWindow(repeat: BookingRepeat, startsAt: Date, endsAt: Date, timeZone: string): boolean {
  const start = zoned(startsAt, timeZone);
  const end = zoned(endsAt, timeZone);
  const limit: Record<BookingRepeat, Temporal.ZonedDateTime | null> = {
    NONE: null,
    DAILY: start.add({ hours: 24 }),
    WEEKDAYS: start.add({ hours: 24 }),
    WEEKLY: start.add({ days: 7 }),
    MONTHLY: start.add({ days: 30 }),
    YEARLY: start.add({ years: 1 }),
  };
  const bound = limit[repeat];
  return bound === null || Temporal.ZonedDateTime.compare(end, bound) < 0;
}

function zoned(moment: Date, timeZone: string): Temporal.ZonedDateTime {
  return Temporal.Instant.fromEpochMilliseconds(moment.getTime()).toZonedDateTimeISO(timeZone);
}

/** The RFC 5545 rule of a repeat, for its first occurrence. */
function ruleOf(
  repeat: Exclude<BookingRepeat, 'NONE'>,
  first: Temporal.ZonedDateTime,
): { freq: 'DAILY' | 'WEEKLY' | 'MONTHLY' | 'YEARLY'; byDay?: string[] } {
  const weekday = weekdayCodes[first.dayOfWeek - 1] ?? 'MO';
  switch (repeat) {
    case 'DAILY':
      return { freq: 'DAILY' };
    case 'WEEKDAYS':
      return { freq: 'WEEKLY', byDay: ['MO', 'TU', 'WE', 'TH', 'FR'] };
    case 'WEEKLY':
      return { freq: 'WEEKLY' };
    case 'MONTHLY': {
      // The same weekday of the same week of the month ("the second Tuesday"); the last one when
      // the first occurrence falls in its month's last seven days.
      const last = first.day + 7 > first.daysInMonth;
      return { freq: 'MONTHLY', byDay: [`${last ? -1 : Math.ceil(first.day / 7)}${weekday}`] };
    }
    case 'YEARLY':
      return { freq: 'YEARLY' };
  }
}

/**
 * The occurrences of a booking, or why its times are refused. The first occurrence is always the
 * one given (even a WEEKDAYS booking starting on a Saturday); the others follow the rule on the
 * building's clock, each as long on that clock as the first, up to `repeatUntil` (at most a year
 * after the first, at most BOOKING_OCCURRENCES_MAX occurrences).
 */
export function expandBooking(
  times: BookingTimes,
): { occurrences: BookingOccurrenceTimes[] } | { refusal: BookingTimesRefusal } {
  if (times.endsAt.getTime() <= times.startsAt.getTime()) return { refusal: 'BOOKING_END_BEFORE_START' };
  if (!fitsRepeatWindow(times.repeat, times.startsAt, times.endsAt, times.timeZone))
    return { refusal: 'BOOKING_TOO_LONG_FOR_REPEAT' };
  if (times.repeat === 'NONE')
    return { occurrences: [{ occurrence: 1, startsAt: times.startsAt, endsAt: times.endsAt }] };
  if (times.repeatUntil === null) return { refusal: 'BOOKING_REPEAT_UNTIL_REQUIRED' };

  const first = zoned(times.startsAt, times.timeZone);
  let untilDay: Temporal.PlainDate;
  try {
    untilDay = Temporal.PlainDate.from(times.repeatUntil, { overflow: 'reject' });
  } catch {
    return { refusal: 'BOOKING_REPEAT_UNTIL_INVALID' };
  }
  const firstDay = first.toPlainDate();
  if (
    Temporal.PlainDate.compare(untilDay, firstDay) < 0 ||
    Temporal.PlainDate.compare(untilDay, firstDay.add({ years: 1 })) > 0
  )
    return { refusal: 'BOOKING_REPEAT_UNTIL_INVALID' };

  // Each occurrence lasts as long as the first on the building's clock (09:00 to 10:00).
  const length = first.toPlainDateTime().until(zoned(times.endsAt, times.timeZone).toPlainDateTime());
  const until = untilDay.toZonedDateTime({ timeZone: times.timeZone }).add({ days: 1 }).subtract({ nanoseconds: 1 });
  const rule = new RRuleTemporal({
    ...ruleOf(times.repeat, first),
    dtstart: first,
    until,
    tzid: times.timeZone,
    includeDtstart: true,
    count: BOOKING_OCCURRENCES_MAX + 1,
    temporal: Temporal,
  });
  const starts = rule.all();
  if (starts.length > BOOKING_OCCURRENCES_MAX) return { refusal: 'BOOKING_TOO_MANY_OCCURRENCES' };
  return {
    occurrences: starts.map((start, index) => ({
      occurrence: index + 1,
      startsAt: new Date(start.epochMilliseconds),
      endsAt: new Date(start.toPlainDateTime().add(length).toZonedDateTime(times.timeZone).epochMilliseconds),
    })),
  };
}

/**
 * An occurrence moved to another time of day: on its own day (on the building's clock), at the
 * time of day of `startsAt`, as long on that clock as `startsAt` to `endsAt`. A series' change of
 * times moves each of its occurrences to come so.
 */
export function atTimeOfDay(
  occurrenceStart: Date,
  times: { startsAt: Date; endsAt: Date },
  timeZone: string,
): { startsAt: Date; endsAt: Date } {
  const start = zoned(times.startsAt, timeZone).toPlainDateTime();
  const length = start.until(zoned(times.endsAt, timeZone).toPlainDateTime());
  const day = zoned(occurrenceStart, timeZone).toPlainDate();
  const moved = day.toPlainDateTime(start.toPlainTime());
  return {
    startsAt: new Date(moved.toZonedDateTime(timeZone).epochMilliseconds),
    endsAt: new Date(moved.add(length).toZonedDateTime(timeZone).epochMilliseconds),
  };
}
