// Moments written by a building's date and time formats (its settings' `dateFormat` and
// `timeFormat`, one of the fixed patterns of shared constants) on the building's clock: what the
// building's e-mails show. The patterns are few, so they are written out here rather than by a
// date library.
import { dateFormats, defaultDateFormat, defaultTimeFormat, timeFormats } from '../constants.ts';

export interface DateTimeFormats {
  dateFormat: string;
  timeFormat: string;
}

// The letters those patterns use, longest first (so `yyyy` is never read as something shorter).
const patternLetters = /yyyy|MM|dd|HH|hh|mm|ss|a/g;

interface WallClock {
  year: string;
  month: string;
  day: string;
  hour: number;
  minute: string;
  second: string;
}

const numericFormatters = new Map<string, Intl.DateTimeFormat>();

/** The building's wall clock at an instant (UTC for a zone this runtime does not know). */
function wallClock(instant: Date, timeZone: string): WallClock {
  let formatter = numericFormatters.get(timeZone);
  if (!formatter) {
    const options: Intl.DateTimeFormatOptions = {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    };
    try {
      formatter = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    } catch {
      formatter = new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' });
    }
    if (numericFormatters.size < 1_000) numericFormatters.set(timeZone, formatter);
  }
  const parts = formatter.formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '00';
  return {
    year: part('year').padStart(4, '0'),
    month: part('month'),
    day: part('day'),
    hour: Number(part('hour')) % 24,
    minute: part('minute'),
    second: part('second'),
  };
}

/** The day half ("AM", "PM", "p. m.") as the language writes it next to a 12-hour time. */
function dayPeriod(hour: number, language: string): string {
  const noonOrMidnight = new Date(Date.UTC(2000, 0, 1, hour < 12 ? 9 : 15));
  const parts = new Intl.DateTimeFormat(language, { hour: 'numeric', hour12: true, timeZone: 'UTC' }).formatToParts(
    noonOrMidnight,
  );
  return parts.find((part) => part.type === 'dayPeriod')?.value ?? (hour < 12 ? 'AM' : 'PM');
}

/** An instant written by one of the patterns ("dd/MM/yyyy", "hh:mm a") on a zone's clock. */
export function formatInZone(instant: Date, pattern: string, timeZone: string, language: string): string {
  const clock = wallClock(instant, timeZone);
  const two = (value: number) => String(value).padStart(2, '0');
  return pattern.replace(patternLetters, (letters) => {
    switch (letters) {
      case 'yyyy':
        return clock.year;
      case 'MM':
        return clock.month;
      case 'dd':
        return clock.day;
      case 'HH':
        return two(clock.hour);
      case 'hh':
        return two(clock.hour % 12 || 12);
      case 'mm':
        return clock.minute;
      case 'ss':
        return clock.second;
      default:
        return dayPeriod(clock.hour, language);
    }
  });
}

/** A building's formats, each the default when it is not one of the list (a building stored before). */
export function knownFormats(formats: Partial<DateTimeFormats>): DateTimeFormats {
  const known = (pattern: string | undefined, list: readonly string[], fallback: string) =>
    pattern !== undefined && list.includes(pattern) ? pattern : fallback;
  return {
    dateFormat: known(formats.dateFormat, dateFormats, defaultDateFormat),
    timeFormat: known(formats.timeFormat, timeFormats, defaultTimeFormat),
  };
}
