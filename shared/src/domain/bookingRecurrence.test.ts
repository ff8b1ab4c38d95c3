import { describe, expect, it } from 'vitest';
import { bookingOccurrenceRef, parseBookingRef } from './bookingId.ts';
import { type BookingRepeat, atTimeOfDay, expandBooking, fitsRepeatWindow } from './bookingRecurrence.ts';

function starts(
  repeat: BookingRepeat,
  startsAt: string,
  endsAt: string,
  repeatUntil: string,
  timeZone: string,
): string[] {
  const result = expandBooking({
    startsAt: new Date(startsAt),
    endsAt: new Date(endsAt),
    repeat,
    repeatUntil,
    timeZone,
  });
  if (!('occurrences' in result)) throw new Error(result.refusal);
  return result.occurrences.map((o) => `${o.startsAt.toISOString()}/${o.endsAt.toISOString()}`);
}

describe('booking identifiers', () => {
  const id = '0192a0b0-0000-7000-8000-000000000001';
  it('reads a series and an occurrence of it', () => {
    expect(parseBookingRef(id)).toEqual({ seriesId: id, occurrence: null });
    expect(parseBookingRef(`${id}-3`)).toEqual({ seriesId: id, occurrence: 3 });
    expect(parseBookingRef(bookingOccurrenceRef(id, 366))).toEqual({ seriesId: id, occurrence: 366 });
    expect(parseBookingRef(id.toUpperCase())).toEqual({ seriesId: id, occurrence: null });
  });
  it('refuses anything else', () => {
    for (const text of ['', 'x', `${id}-0`, `${id}-`, `${id}-01`, `${id}-a`, `${id}x`, `${id}-12345`, id.slice(1)])
      expect(parseBookingRef(text)).toBeNull();
  });
});

describe('repeat windows', () => {
  const at = (text: string) => new Date(text);
  it('holds a daily or weekdays occurrence under 24 hours, weekly under a week, monthly under 30 days', () => {
    const start = at('2026-06-01T08:00:00Z');
    expect(fitsRepeatWindow('DAILY', start, at('2026-06-02T07:59:00Z'), 'UTC')).toBe(true);
    expect(fitsRepeatWindow('DAILY', start, at('2026-06-02T08:00:00Z'), 'UTC')).toBe(false);
    expect(fitsRepeatWindow('WEEKDAYS', start, at('2026-06-02T08:00:00Z'), 'UTC')).toBe(false);
    expect(fitsRepeatWindow('WEEKLY', start, at('2026-06-07T08:00:00Z'), 'UTC')).toBe(true);
    expect(fitsRepeatWindow('WEEKLY', start, at('2026-06-08T08:00:00Z'), 'UTC')).toBe(false);
    expect(fitsRepeatWindow('MONTHLY', start, at('2026-06-30T08:00:00Z'), 'UTC')).toBe(true);
    expect(fitsRepeatWindow('MONTHLY', start, at('2026-07-01T08:00:00Z'), 'UTC')).toBe(false);
    expect(fitsRepeatWindow('YEARLY', start, at('2027-06-01T08:00:00Z'), 'UTC')).toBe(false);
    expect(fitsRepeatWindow('NONE', start, at('2027-06-01T08:00:00Z'), 'UTC')).toBe(true);
  });
  it('refuses an end before its start, a repeat without its last day, a last day past a year, or too long', () => {
    const base = { startsAt: at('2026-06-01T08:00:00Z'), endsAt: at('2026-06-01T09:00:00Z'), timeZone: 'UTC' };
    expect(expandBooking({ ...base, endsAt: base.startsAt, repeat: 'NONE', repeatUntil: null })).toEqual({
      refusal: 'BOOKING_END_BEFORE_START',
    });
    expect(expandBooking({ ...base, repeat: 'WEEKLY', repeatUntil: null })).toEqual({
      refusal: 'BOOKING_REPEAT_UNTIL_REQUIRED',
    });
    expect(expandBooking({ ...base, repeat: 'WEEKLY', repeatUntil: '2027-06-02' })).toEqual({
      refusal: 'BOOKING_REPEAT_UNTIL_INVALID',
    });
    expect(expandBooking({ ...base, repeat: 'WEEKLY', repeatUntil: '2026-05-31' })).toEqual({
      refusal: 'BOOKING_REPEAT_UNTIL_INVALID',
    });
    expect(expandBooking({ ...base, repeat: 'WEEKLY', repeatUntil: '2026-02-30' })).toEqual({
      refusal: 'BOOKING_REPEAT_UNTIL_INVALID',
    });
    expect(
      expandBooking({ ...base, endsAt: at('2026-06-02T09:00:00Z'), repeat: 'DAILY', repeatUntil: '2026-06-09' }),
    ).toEqual({ refusal: 'BOOKING_TOO_LONG_FOR_REPEAT' });
  });
  it('counts a daily booking over a whole year: 366 occurrences at most', () => {
    // 1 March 2027 to 1 March 2028 holds 29 February: 367 days.
    const result = expandBooking({
      startsAt: at('2027-03-01T08:00:00Z'),
      endsAt: at('2027-03-01T09:00:00Z'),
      timeZone: 'UTC',
      repeat: 'DAILY',
      repeatUntil: '2028-03-01',
    });
    expect(result).toEqual({ refusal: 'BOOKING_TOO_MANY_OCCURRENCES' });
    const fits = expandBooking({
      startsAt: at('2026-06-01T08:00:00Z'),
      endsAt: at('2026-06-01T09:00:00Z'),
      timeZone: 'UTC',
      repeat: 'DAILY',
      repeatUntil: '2027-06-01',
    });
    expect('occurrences' in fits && fits.occurrences.length).toBe(366);
  });
});

describe('occurrences on the building clock across a change of clocks', () => {
  // Toronto moves from UTC-5 to UTC-4 on 8 March 2026; Paris from UTC+1 to UTC+2 on 29 March.
  it('keeps 09:00 in Toronto every day, weekday, week', () => {
    const daily = starts('DAILY', '2026-03-06T14:00:00Z', '2026-03-06T15:00:00Z', '2026-03-09', 'America/Toronto');
    expect(daily).toEqual([
      '2026-03-06T14:00:00.000Z/2026-03-06T15:00:00.000Z',
      '2026-03-07T14:00:00.000Z/2026-03-07T15:00:00.000Z',
      '2026-03-08T13:00:00.000Z/2026-03-08T14:00:00.000Z',
      '2026-03-09T13:00:00.000Z/2026-03-09T14:00:00.000Z',
    ]);
    const weekdays = starts(
      'WEEKDAYS',
      '2026-03-06T14:00:00Z',
      '2026-03-06T15:00:00Z',
      '2026-03-10',
      'America/Toronto',
    );
    expect(weekdays).toEqual([
      '2026-03-06T14:00:00.000Z/2026-03-06T15:00:00.000Z',
      '2026-03-09T13:00:00.000Z/2026-03-09T14:00:00.000Z',
      '2026-03-10T13:00:00.000Z/2026-03-10T14:00:00.000Z',
    ]);
    const weekly = starts('WEEKLY', '2026-03-03T14:00:00Z', '2026-03-03T15:30:00Z', '2026-03-17', 'America/Toronto');
    expect(weekly).toEqual([
      '2026-03-03T14:00:00.000Z/2026-03-03T15:30:00.000Z',
      '2026-03-10T13:00:00.000Z/2026-03-10T14:30:00.000Z',
      '2026-03-17T13:00:00.000Z/2026-03-17T14:30:00.000Z',
    ]);
  });
  it('keeps the second Tuesday, the last Friday and the same day a year on in Paris', () => {
    // 10 March 2026 is the second Tuesday; 14 April the second Tuesday of April.
    expect(starts('MONTHLY', '2026-03-10T08:00:00Z', '2026-03-10T09:00:00Z', '2026-05-31', 'Europe/Paris')).toEqual([
      '2026-03-10T08:00:00.000Z/2026-03-10T09:00:00.000Z',
      '2026-04-14T07:00:00.000Z/2026-04-14T08:00:00.000Z',
      '2026-05-12T07:00:00.000Z/2026-05-12T08:00:00.000Z',
    ]);
    // 27 March 2026 is in March's last seven days: the last Friday of each month follows.
    expect(starts('MONTHLY', '2026-03-27T08:00:00Z', '2026-03-27T09:00:00Z', '2026-05-31', 'Europe/Paris')).toEqual([
      '2026-03-27T08:00:00.000Z/2026-03-27T09:00:00.000Z',
      '2026-04-24T07:00:00.000Z/2026-04-24T08:00:00.000Z',
      '2026-05-29T07:00:00.000Z/2026-05-29T08:00:00.000Z',
    ]);
    expect(starts('YEARLY', '2026-03-10T08:00:00Z', '2026-03-10T09:00:00Z', '2027-03-10', 'Europe/Paris')).toEqual([
      '2026-03-10T08:00:00.000Z/2026-03-10T09:00:00.000Z',
      '2027-03-10T08:00:00.000Z/2027-03-10T09:00:00.000Z',
    ]);
    expect(starts('WEEKLY', '2026-03-24T08:00:00Z', '2026-03-24T09:00:00Z', '2026-03-31', 'Europe/Paris')).toEqual([
      '2026-03-24T08:00:00.000Z/2026-03-24T09:00:00.000Z',
      '2026-03-31T07:00:00.000Z/2026-03-31T08:00:00.000Z',
    ]);
  });
  it('answers one occurrence for NONE', () => {
    expect(starts('NONE', '2026-03-24T08:00:00Z', '2026-03-24T09:00:00Z', '2026-03-31', 'Europe/Paris')).toEqual([
      '2026-03-24T08:00:00.000Z/2026-03-24T09:00:00.000Z',
    ]);
  });
});

describe('moving an occurrence to another time of day', () => {
  it('keeps its own day on the building clock and the new local time, across a change of clocks', () => {
    // A Toronto series first set on 6 March (UTC-5) moves to 10:30-11:00 local; 9 March is UTC-4.
    expect(
      atTimeOfDay(
        new Date('2026-03-09T13:00:00Z'),
        { startsAt: new Date('2026-03-06T15:30:00Z'), endsAt: new Date('2026-03-06T16:00:00Z') },
        'America/Toronto',
      ),
    ).toEqual({ startsAt: new Date('2026-03-09T14:30:00Z'), endsAt: new Date('2026-03-09T15:00:00Z') });
  });
});
