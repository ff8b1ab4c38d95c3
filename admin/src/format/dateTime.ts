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

export interface DateTimeFormatter {
  /** "2026-03-02": the date only. */
  date: (value: string | Date) => string;
  /** "10:30": the time only. */
  time: (value: string | Date) => string;
  /** "2026-03-02 10:30": the date, then the time. */
  dateTime: (value: string | Date) => string;
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
  const write = (pattern: string) => (value: string | Date) => {
    const date = toDate(value);
    if (date) return formatPattern(date, pattern, language);
    return typeof value === 'string' ? value : '';
  };
  return {
    date: write(datePattern),
    time: write(timePattern),
    dateTime: write(`${datePattern} ${timePattern}`),
  };
}
