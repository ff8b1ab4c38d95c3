import { describe, expect, it } from 'vitest';
import { formatInZone, instantOfWallTime, wallTimeOf } from './zonedTime.ts';

/** The instant as ISO text; a wall time that is not read fails the test here. */
function iso(date: string, time: string, zone: string): string {
  const instant = instantOfWallTime(date, time, zone);
  if (!instant) throw new Error(`${date} ${time} in ${zone} was not read`);
  return instant.toISOString();
}

describe("times on the building's clock", () => {
  it('reads a wall time in a zone as its instant, and back', () => {
    expect(iso('2026-07-14', '09:30', 'Europe/Paris')).toBe('2026-07-14T07:30:00.000Z');
    expect(iso('2026-01-14', '09:30', 'Europe/Paris')).toBe('2026-01-14T08:30:00.000Z');
    expect(iso('2026-01-14', '09:30', 'America/Toronto')).toBe('2026-01-14T14:30:00.000Z');
    expect(wallTimeOf('2026-07-14T07:30:00.000Z', 'Europe/Paris')).toEqual({ date: '2026-07-14', time: '09:30' });
    expect(wallTimeOf('2026-07-14T23:30:00.000Z', 'Asia/Tokyo')).toEqual({ date: '2026-07-15', time: '08:30' });
  });

  it('moves a time the spring change skips past the change, and takes the first of a time shown twice', () => {
    // Paris, 29 March 2026: 02:00 becomes 03:00.
    const skipped = iso('2026-03-29', '02:30', 'Europe/Paris');
    expect(skipped).toBe('2026-03-29T01:30:00.000Z');
    expect(wallTimeOf(skipped, 'Europe/Paris')).toEqual({ date: '2026-03-29', time: '03:30' });
    // Paris, 25 October 2026: 03:00 becomes 02:00, so 02:30 happens twice.
    expect(iso('2026-10-25', '02:30', 'Europe/Paris')).toBe('2026-10-25T00:30:00.000Z');
    expect(iso('2026-10-25', '12:00', 'Europe/Paris')).toBe('2026-10-25T11:00:00.000Z');
  });

  it('refuses what is not a date and a time', () => {
    expect(instantOfWallTime('', '09:30', 'UTC')).toBeNull();
    expect(instantOfWallTime('2026-07-14', '9h30', 'UTC')).toBeNull();
  });

  it('writes a date and time in the visitor’s language, on the building’s clock', () => {
    expect(formatInZone('2026-07-14T07:30:00.000Z', 'en', 'Europe/Paris')).toContain('9:30');
    expect(formatInZone('2026-07-14T07:30:00.000Z', 'fr', 'America/Toronto')).toContain('03:30');
    expect(formatInZone(null, 'en', 'UTC')).toBe('');
  });
});
