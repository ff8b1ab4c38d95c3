import { describe, expect, it } from 'vitest';
import { dayInZone, expectedEnd, visitStatus } from './visitStatus.ts';

const toronto = 'America/Toronto';
const base = { scheduledDuration: 'PT1H', checkedInAt: null, checkedOutAt: null };

describe('visit status', () => {
  it('is OUT once checked out, IN while inside its time, LATE after it', () => {
    const inside = { ...base, scheduledAt: '2026-11-22T14:00:00Z', checkedInAt: '2026-11-22T14:05:00Z' };
    expect(visitStatus(inside, new Date('2026-11-22T14:30:00Z'), toronto)).toBe('IN');
    expect(visitStatus(inside, new Date('2026-11-22T15:06:00Z'), toronto)).toBe('LATE');
    expect(
      visitStatus({ ...inside, checkedOutAt: '2026-11-22T15:00:00Z' }, new Date('2026-11-22T16:00:00Z'), toronto),
    ).toBe('OUT');
  });

  it('is SOON within the hour, TODAY later the same day, EXPECTED on a later day, EXPIRED once past', () => {
    const now = new Date('2026-11-22T15:00:00Z'); // 10:00 in Toronto
    expect(visitStatus({ ...base, scheduledAt: '2026-11-22T15:45:00Z' }, now, toronto)).toBe('SOON');
    expect(visitStatus({ ...base, scheduledAt: '2026-11-22T20:00:00Z' }, now, toronto)).toBe('TODAY');
    expect(visitStatus({ ...base, scheduledAt: '2026-11-24T15:00:00Z' }, now, toronto)).toBe('EXPECTED');
    expect(visitStatus({ ...base, scheduledAt: '2026-11-22T13:00:00Z' }, now, toronto)).toBe('EXPIRED');
  });

  it('is CANCELLED or REFUSED whatever its time, never EXPIRED for either', () => {
    const now = new Date('2026-11-22T15:00:00Z');
    for (const scheduledAt of ['2026-11-22T20:00:00Z', '2026-11-22T10:00:00Z', null]) {
      const visit = { ...base, scheduledAt };
      expect(visitStatus({ ...visit, cancelledAt: '2026-11-22T09:00:00Z' }, now, toronto)).toBe('CANCELLED');
      expect(visitStatus({ ...visit, allowed: false }, now, toronto)).toBe('REFUSED');
      // A refusal when checking in again after a check-out keeps the visit OUT.
      expect(visitStatus({ ...visit, allowed: false, checkedOutAt: '2026-11-22T12:00:00Z' }, now, toronto)).toBe('OUT');
    }
  });

  it('is OK awaited with answers given ahead and no time, EXPIRED once the expiry marks them lapsed', () => {
    const now = new Date('2026-11-22T15:00:00Z');
    const ahead = { ...base, scheduledAt: null, questionnairesAnsweredAt: '2026-11-22T14:30:00Z' };
    expect(visitStatus(ahead, now, toronto)).toBe('OK');
    expect(visitStatus({ ...ahead, expiredAt: '2026-11-22T14:40:00Z' }, now, toronto)).toBe('EXPIRED');
    // With no time and no answers there is nothing to expect.
    expect(visitStatus({ ...base, scheduledAt: null }, now, toronto)).toBe('EXPIRED');
    // A scheduled visit keeps its time's status, answers ahead or not, until the expiry marks it.
    const scheduled = { ...ahead, scheduledAt: '2026-11-22T20:00:00Z' };
    expect(visitStatus(scheduled, now, toronto)).toBe('TODAY');
    expect(visitStatus({ ...scheduled, expiredAt: '2026-11-22T14:40:00Z' }, now, toronto)).toBe('EXPIRED');
  });

  it("counts the day in the building's time zone around midnight", () => {
    // 23:30 in Toronto on the 22nd is already the 23rd in UTC.
    const now = new Date('2026-11-23T04:30:00Z');
    expect(dayInZone(now, toronto)).toBe('2026-11-22');
    // A visit at 23:50 Toronto time is today for Toronto (and SOON), tomorrow for Paris.
    const lateVisit = { ...base, scheduledAt: '2026-11-23T04:50:00Z' };
    expect(visitStatus(lateVisit, now, toronto)).toBe('SOON');
    // A visit at 09:00 Toronto time the next day is EXPECTED in Toronto...
    const tomorrow = { ...base, scheduledAt: '2026-11-23T14:00:00Z' };
    expect(visitStatus(tomorrow, now, toronto)).toBe('EXPECTED');
    // ...and TODAY for a building in Paris, where it is already the 23rd.
    expect(visitStatus(tomorrow, now, 'Europe/Paris')).toBe('TODAY');
  });

  it('keeps durations in real time across a DST change', () => {
    // Toronto falls back on 2026-11-01 at 02:00 (06:00 UTC): a 3-hour visit from 00:30 local
    // ends three real hours later, at 02:30 local standard time.
    const visit = {
      ...base,
      scheduledDuration: 'PT3H',
      scheduledAt: '2026-11-01T04:30:00Z',
      checkedInAt: '2026-11-01T04:30:00Z',
    };
    expect(expectedEnd(visit)!.toISOString()).toBe('2026-11-01T07:30:00.000Z');
    expect(visitStatus(visit, new Date('2026-11-01T07:29:00Z'), toronto)).toBe('IN');
    expect(visitStatus(visit, new Date('2026-11-01T07:31:00Z'), toronto)).toBe('LATE');
    // The day still counts in local time on the DST day.
    expect(dayInZone(new Date('2026-11-01T04:30:00Z'), toronto)).toBe('2026-11-01');
    expect(dayInZone(new Date('2026-11-01T03:59:00Z'), toronto)).toBe('2026-10-31');
  });
});
