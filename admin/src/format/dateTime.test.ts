import { dateFormats, timeFormats } from '@vestibule/shared';
import { describe, expect, it } from 'vitest';
import { dateTimeFormatter, formatPattern, momentOnClock, onClockOf } from './dateTime.ts';

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

describe("a building's clock", () => {
  // 5 March 2026, 15:07 UTC: 10:07 in Toronto (EST), 00:07 the next day in Tokyo.
  const moment = new Date('2026-03-05T15:07:00Z');
  const viewerZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  it("writes a moment on the zone's clock, whatever the viewer's", () => {
    const format = dateTimeFormatter({}, 'en');
    expect(format.dateTime(moment, 'America/Toronto')).toBe('2026-03-05 10:07');
    expect(format.dateTime(moment, 'Asia/Tokyo')).toBe('2026-03-06 00:07');
    expect(format.time(moment, 'Europe/Madrid')).toBe('16:07');
    // A zone the browser does not know writes the viewer's clock.
    expect(format.dateTime(moment, 'Nowhere/Atlantis')).toBe(format.dateTime(moment));
  });

  it("names the zone only when its clock is not the viewer's", () => {
    const format = dateTimeFormatter({}, 'en');
    expect(format.zoneName(moment, viewerZone)).toBeNull();
    expect(format.zoneName(moment, undefined)).toBeNull();
    const other = viewerZone === 'Asia/Tokyo' ? 'America/Toronto' : 'Asia/Tokyo';
    expect(format.zoneName(moment, other)).toMatch(/\S/);
    expect(format.dateTimeIn(moment, other)).toBe(
      `${format.dateTime(moment, other)} ${format.zoneName(moment, other)}`,
    );
    expect(format.dateTimeIn(moment, viewerZone)).toBe(format.dateTime(moment));
  });

  it("writes the time alone on the zone's today, a short date on another day, the year on another year", () => {
    const format = dateTimeFormatter({}, 'en');
    const zone = viewerZone;
    const now = new Date('2026-03-05T12:00:00Z');
    const local = onClockOf(now, zone);
    const at = (days: number) => new Date(local.getFullYear(), local.getMonth(), local.getDate() + days, 9, 30);
    expect(format.brief(at(0), zone, now)).toBe('09:30');
    expect(format.brief(at(-2), zone, now)).toBe(
      `${new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short' }).format(at(-2))} 09:30`,
    );
    expect(format.brief(at(-400), zone, now)).toMatch(/^\d{4}-\d{2}-\d{2} 09:30$/);
    // Spanish and French abbreviate the month their own way.
    expect(dateTimeFormatter({}, 'fr').brief(at(-2), zone, now)).toMatch(/^\d{1,2} \S+ 09:30$/);
  });
});

describe('momentOnClock', () => {
  const iso = (day: string, time: string, zone: string | undefined) => {
    const moment = momentOnClock(day, time, zone);
    if (!moment) throw new Error(`no moment for ${day} ${time}`);
    return moment.toISOString();
  };

  it("reads a day and a time on the zone's clock, whatever the viewer's", () => {
    expect(iso('2026-03-05', '10:30', 'America/Toronto')).toBe('2026-03-05T15:30:00.000Z');
    expect(iso('2026-03-05', '10:30', 'Asia/Tokyo')).toBe('2026-03-05T01:30:00.000Z');
    // Summer time in Toronto (EDT, UTC-4) and in Madrid (CEST, UTC+2).
    expect(iso('2026-07-01', '09:00', 'America/Toronto')).toBe('2026-07-01T13:00:00.000Z');
    expect(iso('2026-07-01', '09:00', 'Europe/Madrid')).toBe('2026-07-01T07:00:00.000Z');
    // It writes back as typed on that clock.
    const at = new Date(iso('2026-11-02', '08:15', 'America/Toronto'));
    expect(dateTimeFormatter({}, 'en').dateTime(at, 'America/Toronto')).toBe('2026-11-02 08:15');
  });

  it("reads the viewer's clock without a zone, and nothing without a day or a time", () => {
    expect(iso('2026-03-05', '10:30', undefined)).toBe(new Date(2026, 2, 5, 10, 30).toISOString());
    expect(momentOnClock('', '10:30', 'Asia/Tokyo')).toBeNull();
    expect(momentOnClock('2026-03-05', '', 'Asia/Tokyo')).toBeNull();
  });
});
