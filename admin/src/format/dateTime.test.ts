import { dateFormats, timeFormats } from '@vestibule/shared';
import { describe, expect, it } from 'vitest';
import { dateTimeFormatter, formatPattern } from './dateTime.ts';

// Local times, so the expectations hold in any time zone the tests run in.
const afternoon = new Date(2026, 2, 5, 14, 7, 9);
const morning = new Date(2026, 11, 31, 0, 30, 0);

describe('formatPattern', () => {
  it('writes every date format a user may choose', () => {
    expect(dateFormats.map((pattern) => formatPattern(afternoon, pattern, 'en'))).toEqual([
      '2026-03-05',
      '05/03/2026',
      '03/05/2026',
      '05.03.2026',
    ]);
  });

  it('writes every time format a user may choose, 24 and 12 hours, with and without seconds', () => {
    expect(timeFormats.map((pattern) => formatPattern(afternoon, pattern, 'en'))).toEqual([
      '14:07',
      '14:07:09',
      '02:07 PM',
      '02:07:09 PM',
    ]);
    // Half past midnight is 12:30 AM on a 12-hour clock.
    expect(formatPattern(morning, 'hh:mm a', 'en')).toBe('12:30 AM');
    expect(formatPattern(morning, 'HH:mm', 'en')).toBe('00:30');
  });

  it('names the day half in the language', () => {
    expect(formatPattern(afternoon, 'hh:mm a', 'fr')).toBe('02:07 PM');
    expect(formatPattern(afternoon, 'hh:mm a', 'es')).toMatch(/^02:07 p\.\sm\.$/);
  });
});

describe('dateTimeFormatter', () => {
  it('uses the defaults without formats: yyyy-MM-dd and HH:mm', () => {
    const format = dateTimeFormatter({}, 'en');
    expect(format.date(afternoon)).toBe('2026-03-05');
    expect(format.time(afternoon)).toBe('14:07');
    expect(format.dateTime(afternoon)).toBe('2026-03-05 14:07');
  });

  it("uses the user's formats, and reads the server's ISO strings", () => {
    const format = dateTimeFormatter({ dateFormat: 'dd.MM.yyyy', timeFormat: 'hh:mm:ss a' }, 'en');
    expect(format.dateTime(afternoon.toISOString())).toBe('05.03.2026 02:07:09 PM');
    expect(format.date(morning.toISOString())).toBe('31.12.2026');
  });

  it('falls back to the defaults for a pattern not among the choices', () => {
    const format = dateTimeFormatter({ dateFormat: 'yy/M/d', timeFormat: 'H' }, 'en');
    expect(format.dateTime(afternoon)).toBe('2026-03-05 14:07');
  });

  it('shows a value that is no date as it is', () => {
    expect(dateTimeFormatter({}, 'en').dateTime('soon')).toBe('soon');
  });
});
