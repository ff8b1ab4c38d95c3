// The admin app's one way to show a moment: every screen that writes a date or a time goes
// through here (a screen takes its formatter from useDateTimeFormat), so the signed-in user's
// own formats (their profile) apply everywhere at once. The patterns a user may choose are few
// and fixed (shared constants), so they are written out here rather than by a date library.
import { dateFormats, defaultDateFormat, defaultTimeFormat, timeFormats } from '@vestibule/shared';

/** A user's choice of patterns: one of the date formats and one of the time formats (shared constants). */
export interface DateTimeFormats {
  dateFormat: string;
  timeFormat: string;
}

/**
 * Each writer takes an optional IANA time zone: the moment is then written on that clock (a
 * building's), else on the viewer's own.
 */
export interface DateTimeFormatter {
  /** "2026-03-02": the date only. */
  date: (value: string | Date, zone?: string) => string;
  /** "10:30": the time only. */
  time: (value: string | Date, zone?: string) => string;
  /** "2026-03-02 10:30": the date, then the time. */
  dateTime: (value: string | Date, zone?: string) => string;
  /**
   * The zone's short name ("EST", "UTC+1") when its clock shows another time than the viewer's
   * at that moment, else null: a time on a building's clock names its zone only when it is not
   * the viewer's.
   */
  zoneName: (value: string | Date, zone: string | undefined) => string | null;
  /** The date and time on the zone's clock, with the zone named when it is not the viewer's. */
  dateTimeIn: (value: string | Date, zone: string | undefined) => string;
  /**
   * A moment in a list, on the zone's clock: the time alone on that clock's today, else a short
   * date ("25 Nov", with the year when it is not this year's) and the time; the zone named when it
   * is not the viewer's.
   */
  brief: (value: string | Date, zone: string | undefined, now?: Date) => string;
}

// The letters those patterns use: year, month, day, hours (24 h and 12 h), minutes,
// seconds and the day half. Longest first, so `yyyy` is never read as something shorter.
const patternLetters = /yyyy|MM|dd|HH|hh|mm|ss|a/g;

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** The day half ("AM", "PM", "p. m.") as the language writes it next to a 12-hour time. */
function dayPeriod(date: Date, language: string): string {
  const parts = new Intl.DateTimeFormat(language, { hour: 'numeric', hour12: true }).formatToParts(date);
  return parts.find((part) => part.type === 'dayPeriod')?.value ?? (date.getHours() < 12 ? 'AM' : 'PM');
}

/** `date` in the browser's time zone, written by one of those patterns ("dd/MM/yyyy", "hh:mm a"). */
export function formatPattern(date: Date, pattern: string, language: string): string {
  return pattern.replace(patternLetters, (letters) => {
    switch (letters) {
      case 'yyyy':
        return String(date.getFullYear()).padStart(4, '0');
      case 'MM':
        return twoDigits(date.getMonth() + 1);
      case 'dd':
        return twoDigits(date.getDate());
      case 'HH':
        return twoDigits(date.getHours());
      case 'hh':
        return twoDigits(date.getHours() % 12 || 12);
      case 'mm':
        return twoDigits(date.getMinutes());
      case 'ss':
        return twoDigits(date.getSeconds());
      default:
        return dayPeriod(date, language);
    }
  });
}

const zonedFormats = new Map<string, Intl.DateTimeFormat | null>();

/** The numeric parts of a moment on a zone's clock (null for a zone the browser does not know). */
function zonedFormat(zone: string): Intl.DateTimeFormat | null {
  let format = zonedFormats.get(zone);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
    } catch {
      format = null;
    }
    zonedFormats.set(zone, format);
  }
  return format;
}

/**
 * The moment as a local Date whose fields read what the zone's clock shows (the patterns read the
 * local fields); the moment itself without a zone, or with one the browser does not know.
 */
export function onClockOf(date: Date, zone: string | undefined): Date {
  const format = zone ? zonedFormat(zone) : null;
  if (!format) return date;
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(format.formatToParts(date).find((candidate) => candidate.type === type)?.value ?? 0);
  return new Date(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
    date.getMilliseconds(),
  );
}

/**
 * The moment a zone's clock shows a day and a time (yyyy-MM-dd, HH:mm, as date and time fields
 * give them), or null when either is missing; on the viewer's clock without a zone. A time the
 * clock skips or repeats at a summer-time change reads as the offset before the change says.
 */
export function momentOnClock(day: string, time: string, zone: string | undefined): Date | null {
  const [year, month, date] = day.split('-').map(Number);
  const [hours, minutes] = time.split(':').map(Number);
  if (!year || !month || !date || hours === undefined || minutes === undefined) return null;
  if (Number.isNaN(hours) || Number.isNaN(minutes)) return null;
  const local = new Date(year, month - 1, date, hours, minutes);
  if (!zone || !zonedFormat(zone)) return local;
  // The wall time read as UTC, moved by the zone's offset there (twice: the offset may change between).
  const wall = Date.UTC(year, month - 1, date, hours, minutes);
  const offsetAt = (instant: number) => {
    const shown = onClockOf(new Date(instant), zone);
    return (
      Date.UTC(shown.getFullYear(), shown.getMonth(), shown.getDate(), shown.getHours(), shown.getMinutes()) - instant
    );
  };
  const first = wall - offsetAt(wall);
  return new Date(wall - offsetAt(first));
}

/** Whether two local Dates read the same on their fields (the same wall-clock time). */
const sameClock = (a: Date, b: Date) => a.getTime() === b.getTime();

const sameDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/** The zone's short name in the language at that moment ("EST", "UTC−5"). */
export function shortZoneName(date: Date, zone: string, language: string): string {
  try {
    const parts = new Intl.DateTimeFormat(language, { timeZone: zone, timeZoneName: 'short' }).formatToParts(date);
    return parts.find((part) => part.type === 'timeZoneName')?.value ?? zone;
  } catch {
    return zone;
  }
}

/** The pattern if it is one of the list, else the default: a stored user may predate a format. */
function known(pattern: string | undefined, list: readonly string[], fallback: string): string {
  return pattern !== undefined && list.includes(pattern) ? pattern : fallback;
}

function toDate(value: string | Date): Date | null {
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * Writes moments by the user's formats (yyyy-MM-dd and HH:mm when they have none);
 * the language only names the day half. A value that is no date is shown as it is.
 */
export function dateTimeFormatter(formats: Partial<DateTimeFormats>, language: string): DateTimeFormatter {
  const datePattern = known(formats.dateFormat, dateFormats, defaultDateFormat);
  const timePattern = known(formats.timeFormat, timeFormats, defaultTimeFormat);
  const write = (pattern: string) => (value: string | Date, zone?: string) => {
    const date = toDate(value);
    if (date) return formatPattern(onClockOf(date, zone), pattern, language);
    return typeof value === 'string' ? value : '';
  };
  const date = write(datePattern);
  const time = write(timePattern);
  const dateTime = write(`${datePattern} ${timePattern}`);
  const zoneName = (value: string | Date, zone: string | undefined) => {
    const moment = toDate(value);
    if (!moment || !zone || sameClock(onClockOf(moment, zone), moment)) return null;
    return shortZoneName(moment, zone, language);
  };
  const withZone = (text: string, value: string | Date, zone: string | undefined) => {
    const name = zoneName(value, zone);
    return name ? `${text} ${name}` : text;
  };
  return {
    date,
    time,
    dateTime,
    zoneName,
    dateTimeIn: (value, zone) => withZone(dateTime(value, zone), value, zone),
    brief: (value, zone, now = new Date()) => {
      const moment = toDate(value);
      if (!moment) return typeof value === 'string' ? value : '';
      const shown = onClockOf(moment, zone);
      const today = onClockOf(now, zone);
      let day = '';
      if (!sameDay(shown, today)) {
        day =
          shown.getFullYear() === today.getFullYear()
            ? new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short' }).format(shown)
            : formatPattern(shown, datePattern, language);
      }
      const text = day ? `${day} ${formatPattern(shown, timePattern, language)}` : time(moment, zone);
      return withZone(text, value, zone);
    },
  };
}
