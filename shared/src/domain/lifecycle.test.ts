import { describe, expect, it } from 'vitest';
import { newBuildingSettings } from './buildingDefaults.ts';
import {
  type LifecycleSettings,
  answersExpiryAt,
  autoCheckoutAt,
  endReminderAt,
  endReminderDue,
  nextDay,
  overdueAlertAt,
  overdueAlertDue,
  scheduledExpiryAt,
  startReminderAt,
  startReminderDue,
  zoneOffsetMs,
  zonedInstant,
} from './lifecycle.ts';

const HOUR = 3_600_000;
const toronto = (overrides: Partial<LifecycleSettings> = {}): LifecycleSettings => ({
  ...newBuildingSettings(),
  timeZoneId: 'America/Toronto',
  ...overrides,
});
const specific = (time: string, timeZoneId = 'America/Toronto') =>
  toronto({ autoCheckoutMode: 'SPECIFIC_TIME', autoCheckOutTimeout: null, autoCheckoutSpecificTime: time, timeZoneId });
const inside = (checkedInAt: string, scheduledDuration: string | null = 'PT1H') => ({
  scheduledAt: null,
  scheduledDuration,
  checkedInAt,
  checkedOutAt: null,
});
const iso = (value: Date | null | undefined) => value?.toISOString() ?? null;

describe('wall-clock times in a time zone', () => {
  it('reads the offset of each season', () => {
    expect(zoneOffsetMs(Date.parse('2026-01-15T12:00:00Z'), 'America/Toronto')).toBe(-5 * HOUR);
    expect(zoneOffsetMs(Date.parse('2026-07-15T12:00:00Z'), 'America/Toronto')).toBe(-4 * HOUR);
    expect(zoneOffsetMs(Date.parse('2026-07-15T12:00:00Z'), 'Asia/Kolkata')).toBe(5.5 * HOUR);
  });

  it('names the instant of an ordinary time', () => {
    expect(iso(zonedInstant('2026-01-15', '18:00', 'America/Toronto'))).toBe('2026-01-15T23:00:00.000Z');
    expect(iso(zonedInstant('2026-07-15', '18:00', 'America/Toronto'))).toBe('2026-07-15T22:00:00.000Z');
    expect(iso(zonedInstant('2026-07-15', '09:00', 'Asia/Tokyo'))).toBe('2026-07-15T00:00:00.000Z');
  });

  it('reads a time skipped by the spring change with the offset before it (as PostgreSQL does)', () => {
    // Toronto skips 02:00-03:00 on 2026-03-08; Paris 02:00-03:00 on 2026-03-29.
    expect(iso(zonedInstant('2026-03-08', '02:30', 'America/Toronto'))).toBe('2026-03-08T07:30:00.000Z');
    expect(iso(zonedInstant('2026-03-29', '02:30', 'Europe/Paris'))).toBe('2026-03-29T01:30:00.000Z');
    // Just around the change.
    expect(iso(zonedInstant('2026-03-08', '01:59', 'America/Toronto'))).toBe('2026-03-08T06:59:00.000Z');
    expect(iso(zonedInstant('2026-03-08', '03:00', 'America/Toronto'))).toBe('2026-03-08T07:00:00.000Z');
  });

  it('reads a time repeated by the autumn change as the later one (as PostgreSQL does)', () => {
    // Toronto repeats 01:00-02:00 on 2026-11-01; Paris 02:00-03:00 on 2026-10-25; Sydney 02:00-03:00 on 2026-04-05.
    expect(iso(zonedInstant('2026-11-01', '01:30', 'America/Toronto'))).toBe('2026-11-01T06:30:00.000Z');
    expect(iso(zonedInstant('2026-10-25', '02:30', 'Europe/Paris'))).toBe('2026-10-25T01:30:00.000Z');
    expect(iso(zonedInstant('2026-04-05', '02:30', 'Australia/Sydney'))).toBe('2026-04-04T16:30:00.000Z');
    expect(iso(zonedInstant('2026-11-01', '00:59', 'America/Toronto'))).toBe('2026-11-01T04:59:00.000Z');
    expect(iso(zonedInstant('2026-11-01', '02:00', 'America/Toronto'))).toBe('2026-11-01T07:00:00.000Z');
  });

  it('moves to the next calendar day across months and years', () => {
    expect(nextDay('2026-02-28')).toBe('2026-03-01');
    expect(nextDay('2028-02-28')).toBe('2028-02-29');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
  });
});

describe('auto check-out', () => {
  it("at a specific time: the building's clock time after the check-in, the same day", () => {
    expect(autoCheckoutAt(inside('2026-01-15T15:00:00Z'), specific('18:00'))).toEqual({
      at: new Date('2026-01-15T23:00:00Z'),
      method: 'AUTO_SPECIFIC_TIME',
    });
  });

  it('at a specific time: the next day when checked in after it', () => {
    // 19:00 in Toronto is the next day in UTC: the rule reads the building's day.
    expect(iso(autoCheckoutAt(inside('2026-01-16T00:00:00Z'), specific('18:00'))?.at)).toBe('2026-01-16T23:00:00.000Z');
    // Exactly at the time: the next day's (a check-in is never ended the moment it happens).
    expect(iso(autoCheckoutAt(inside('2026-01-15T23:00:00Z'), specific('18:00'))?.at)).toBe('2026-01-16T23:00:00.000Z');
  });

  it('at a specific time across the spring change: 19:00 local, 23 hours after 19:00 the day before', () => {
    const rule = autoCheckoutAt(inside('2026-03-08T00:00:00Z'), specific('19:00')); // 19:00 standard time
    expect(iso(rule?.at)).toBe('2026-03-08T23:00:00.000Z'); // 19:00 summer time
    expect((rule!.at.getTime() - Date.parse('2026-03-08T00:00:00Z')) / HOUR).toBe(23);
  });

  it('at a specific time across the autumn change: 17:00 local, 25 hours after 17:00 the day before', () => {
    const checkedIn = '2026-10-31T21:00:00Z'; // 17:00 summer time
    const rule = autoCheckoutAt(inside(checkedIn), specific('17:00'));
    expect(iso(rule?.at)).toBe('2026-11-01T22:00:00.000Z'); // 17:00 standard time
    expect((rule!.at.getTime() - Date.parse(checkedIn)) / HOUR).toBe(25);
  });

  it('at a specific time the change skips or repeats: the instant PostgreSQL names', () => {
    expect(iso(autoCheckoutAt(inside('2026-03-08T04:00:00Z'), specific('02:30'))?.at)).toBe('2026-03-08T07:30:00.000Z');
    expect(iso(autoCheckoutAt(inside('2026-11-01T04:00:00Z'), specific('01:30'))?.at)).toBe('2026-11-01T06:30:00.000Z');
    expect(iso(autoCheckoutAt(inside('2026-03-28T20:00:00Z'), specific('02:30', 'Europe/Paris'))?.at)).toBe(
      '2026-03-29T01:30:00.000Z',
    );
  });

  it('after a timeout: counted from the expected end, in elapsed time across a change', () => {
    // Checked in at 00:30 local on the spring-change night, 1 h 30 planned, 2 h timeout.
    const settings = toronto({ autoCheckoutMode: 'TIMEOUT', autoCheckOutTimeout: 'PT2H' });
    expect(autoCheckoutAt(inside('2026-03-08T05:30:00Z', 'PT1H30M'), settings)).toEqual({
      at: new Date('2026-03-08T09:00:00Z'),
      method: 'AUTO_TIMEOUT',
    });
  });

  it('after a timeout: from the check-in when the visit has no duration', () => {
    const settings = toronto({ autoCheckoutMode: 'TIMEOUT', autoCheckOutTimeout: 'PT1H' });
    expect(iso(autoCheckoutAt(inside('2026-01-15T15:00:00Z', null), settings)?.at)).toBe('2026-01-15T16:00:00.000Z');
  });

  it('never for a visit not in, nor without a rule', () => {
    const settings = toronto({ autoCheckoutMode: 'TIMEOUT', autoCheckOutTimeout: 'PT1H' });
    expect(autoCheckoutAt({ ...inside('2026-01-15T15:00:00Z'), checkedOutAt: '2026-01-15T16:00:00Z' }, settings)).toBe(
      null,
    );
    expect(autoCheckoutAt({ ...inside('2026-01-15T15:00:00Z'), checkedInAt: null }, settings)).toBe(null);
    const noTime = toronto({
      autoCheckoutMode: 'SPECIFIC_TIME',
      autoCheckOutTimeout: null,
      autoCheckoutSpecificTime: null,
    });
    expect(autoCheckoutAt(inside('2026-01-15T15:00:00Z'), noTime)).toBe(null);
  });
});

describe('a visit checked in back (re-opened) after an automatic check-out', () => {
  const reopened = (checkedInAt: string, reopenedAt: string, scheduledDuration: string | null = 'PT1H') => ({
    ...inside(checkedInAt, scheduledDuration),
    reopenedAt,
  });

  it('after a timeout: counts from the re-opening when it is later than the expected end', () => {
    const settings = toronto({ autoCheckoutMode: 'TIMEOUT', autoCheckOutTimeout: 'PT1H' });
    // In at 08:00 UTC for 1 h, checked out by the job at 10:00, checked in back at 10:05.
    const visit = reopened('2026-01-15T08:00:00Z', '2026-01-15T10:05:00Z');
    expect(iso(autoCheckoutAt(visit, settings)?.at)).toBe('2026-01-15T11:05:00.000Z');
    // Without a duration: from the re-opening too.
    expect(iso(autoCheckoutAt(reopened('2026-01-15T08:00:00Z', '2026-01-15T10:05:00Z', null), settings)?.at)).toBe(
      '2026-01-15T11:05:00.000Z',
    );
    // Re-opened before its expected end (a check-out by mistake): the expected end still rules.
    expect(iso(autoCheckoutAt(reopened('2026-01-15T08:00:00Z', '2026-01-15T08:30:00Z'), settings)?.at)).toBe(
      '2026-01-15T10:00:00.000Z',
    );
  });

  it("at a specific time: the first time the building's clock shows it after the re-opening", () => {
    // In at 10:00 Toronto, checked out by the job at 18:00, checked in back at 18:05: the next day's 18:00.
    const visit = reopened('2026-01-15T15:00:00Z', '2026-01-15T23:05:00Z');
    expect(iso(autoCheckoutAt(visit, specific('18:00'))?.at)).toBe('2026-01-16T23:00:00.000Z');
    // Re-opened before the time: the same day's.
    expect(iso(autoCheckoutAt(reopened('2026-01-15T15:00:00Z', '2026-01-15T16:00:00Z'), specific('18:00'))?.at)).toBe(
      '2026-01-15T23:00:00.000Z',
    );
    // Across the spring change: 19:00 summer time, 23 hours after a re-opening at 19:00 standard time.
    const spring = reopened('2026-03-07T15:00:00Z', '2026-03-08T00:00:00Z');
    expect(iso(autoCheckoutAt(spring, specific('19:00'))?.at)).toBe('2026-03-08T23:00:00.000Z');
  });

  it('is no longer due the moment it is re-opened, and is due again later', () => {
    const settings = toronto({ autoCheckoutMode: 'TIMEOUT', autoCheckOutTimeout: 'PT1H' });
    const checkedIn = '2026-01-15T08:00:00Z';
    const jobRan = new Date('2026-01-15T10:00:00Z');
    // What the job saw before the re-opening: due.
    expect(autoCheckoutAt(inside(checkedIn), settings)!.at.getTime()).toBeLessThanOrEqual(jobRan.getTime());
    const visit = reopened(checkedIn, '2026-01-15T10:01:00Z');
    const nextRun = new Date('2026-01-15T10:02:00Z');
    expect(autoCheckoutAt(visit, settings)!.at.getTime()).toBeGreaterThan(nextRun.getTime());
  });

  it('the overdue alert comes the alert time after the re-opening when that is past the end', () => {
    const on = toronto({ meetingAlertEnabled: true, overdueAlertTime: 'PT20M' });
    const visit = reopened('2026-05-20T14:00:00Z', '2026-05-20T17:00:00Z');
    expect(iso(overdueAlertAt(visit, on))).toBe('2026-05-20T17:20:00.000Z');
    expect(overdueAlertDue(visit, on, new Date('2026-05-20T17:01:00Z'))).toBe(false);
    expect(overdueAlertDue(visit, on, new Date('2026-05-20T17:20:00Z'))).toBe(true);
    // Re-opened before its end: alerted as any visit, after its end.
    expect(iso(overdueAlertAt(reopened('2026-05-20T14:00:00Z', '2026-05-20T14:30:00Z'), on))).toBe(
      '2026-05-20T15:20:00.000Z',
    );
  });

  it('no end reminder when it is re-opened after the reminder’s moment (it would come with the re-opening)', () => {
    const settings = toronto({ meetingEndReminderTime: 'PT10M' });
    expect(endReminderAt(reopened('2026-05-20T14:00:00Z', '2026-05-20T14:55:00Z'), settings)).toBe(null);
    expect(
      endReminderDue(
        reopened('2026-05-20T14:00:00Z', '2026-05-20T14:55:00Z'),
        settings,
        new Date('2026-05-20T14:56:00Z'),
      ),
    ).toBe(false);
    // Re-opened earlier: reminded as any visit.
    expect(iso(endReminderAt(reopened('2026-05-20T14:00:00Z', '2026-05-20T14:20:00Z'), settings))).toBe(
      '2026-05-20T14:50:00.000Z',
    );
  });
});

describe('reminders', () => {
  const scheduled = {
    scheduledAt: '2026-05-20T14:00:00Z',
    scheduledDuration: 'PT1H',
    checkedInAt: null,
    checkedOutAt: null,
    cancelledAt: null,
    createdAt: '2026-05-10T09:00:00Z',
  };

  it("the start reminder comes the building's lead before the visit", () => {
    expect(iso(startReminderAt(scheduled, toronto()))).toBe('2026-05-19T14:00:00.000Z');
    expect(iso(startReminderAt(scheduled, toronto({ meetingStartReminderTime: 'PT3H' })))).toBe(
      '2026-05-20T11:00:00.000Z',
    );
  });

  it('the start reminder is due from its moment until the visit starts, unless cancelled, in or expired', () => {
    const settings = toronto();
    expect(startReminderDue(scheduled, settings, new Date('2026-05-19T13:59:59Z'))).toBe(false);
    expect(startReminderDue(scheduled, settings, new Date('2026-05-19T14:00:00Z'))).toBe(true);
    expect(startReminderDue(scheduled, settings, new Date('2026-05-20T13:59:00Z'))).toBe(true);
    expect(startReminderDue(scheduled, settings, new Date('2026-05-20T14:00:00Z'))).toBe(false);
    const during = new Date('2026-05-20T12:00:00Z');
    expect(startReminderDue({ ...scheduled, cancelledAt: '2026-05-11T00:00:00Z' }, settings, during)).toBe(false);
    expect(startReminderDue({ ...scheduled, checkedInAt: '2026-05-20T11:00:00Z' }, settings, during)).toBe(false);
    expect(startReminderDue({ ...scheduled, expiredAt: '2026-05-20T11:00:00Z' }, settings, during)).toBe(false);
  });

  it('no start reminder for a visit made within the lead: its invitation was the notice', () => {
    const late = { ...scheduled, createdAt: '2026-05-19T20:00:00Z' };
    expect(startReminderAt(late, toronto())).toBe(null);
    expect(startReminderDue(late, toronto(), new Date('2026-05-20T10:00:00Z'))).toBe(false);
    expect(startReminderAt({ ...scheduled, scheduledAt: null }, toronto())).toBe(null);
  });

  it("the end reminder comes the building's lead before the expected end, while in", () => {
    const visit = inside('2026-05-20T14:00:00Z', 'PT1H');
    const settings = toronto({ meetingEndReminderTime: 'PT10M' });
    expect(iso(endReminderAt(visit, settings))).toBe('2026-05-20T14:50:00.000Z');
    expect(endReminderDue(visit, settings, new Date('2026-05-20T14:49:59Z'))).toBe(false);
    expect(endReminderDue(visit, settings, new Date('2026-05-20T14:50:00Z'))).toBe(true);
    expect(endReminderDue(visit, settings, new Date('2026-05-20T15:00:00Z'))).toBe(false);
    expect(
      endReminderDue({ ...visit, checkedOutAt: '2026-05-20T14:40:00Z' }, settings, new Date('2026-05-20T14:55:00Z')),
    ).toBe(false);
  });

  it('no end reminder for a visit shorter than the lead, nor without a duration', () => {
    expect(endReminderAt(inside('2026-05-20T14:00:00Z', 'PT5M'), toronto({ meetingEndReminderTime: 'PT10M' }))).toBe(
      null,
    );
    expect(endReminderAt(inside('2026-05-20T14:00:00Z', null), toronto())).toBe(null);
  });

  it('the overdue alert comes the alert time after the expected end, only with alerts on', () => {
    const visit = inside('2026-05-20T14:00:00Z', 'PT1H');
    const on = toronto({ meetingAlertEnabled: true, overdueAlertTime: 'PT20M' });
    expect(iso(overdueAlertAt(visit, on))).toBe('2026-05-20T15:20:00.000Z');
    expect(overdueAlertDue(visit, on, new Date('2026-05-20T15:19:59Z'))).toBe(false);
    expect(overdueAlertDue(visit, on, new Date('2026-05-20T15:20:00Z'))).toBe(true);
    expect(overdueAlertDue(visit, toronto({ meetingAlertEnabled: false }), new Date('2026-05-20T18:00:00Z'))).toBe(
      false,
    );
    expect(
      overdueAlertDue({ ...visit, checkedOutAt: '2026-05-20T15:10:00Z' }, on, new Date('2026-05-20T16:00:00Z')),
    ).toBe(false);
  });
});

describe('expiry', () => {
  it('a scheduled visit never checked in expires at its expected end', () => {
    const visit = {
      scheduledAt: '2026-05-20T14:00:00Z',
      scheduledDuration: 'PT30M',
      checkedInAt: null,
      checkedOutAt: null,
    };
    expect(iso(scheduledExpiryAt(visit))).toBe('2026-05-20T14:30:00.000Z');
    expect(iso(scheduledExpiryAt({ ...visit, scheduledDuration: null }))).toBe('2026-05-20T14:00:00.000Z');
    expect(scheduledExpiryAt({ ...visit, checkedInAt: '2026-05-20T14:05:00Z' })).toBe(null);
    expect(scheduledExpiryAt({ ...visit, cancelledAt: '2026-05-19T00:00:00Z' })).toBe(null);
  });

  it("answers given ahead of an unscheduled arrival lapse after the building's validity", () => {
    const pending = {
      scheduledAt: null,
      scheduledDuration: 'PT1H',
      checkedInAt: null,
      checkedOutAt: null,
      questionnairesAnsweredAt: '2026-05-20T08:00:00Z',
    };
    expect(iso(answersExpiryAt(pending, toronto({ questionnairesValidityTimeout: 'PT3H' })))).toBe(
      '2026-05-20T11:00:00.000Z',
    );
    expect(answersExpiryAt({ ...pending, scheduledAt: '2026-05-20T14:00:00Z' }, toronto())).toBe(null);
    expect(answersExpiryAt({ ...pending, checkedInAt: '2026-05-20T08:10:00Z' }, toronto())).toBe(null);
    expect(answersExpiryAt({ ...pending, questionnairesAnsweredAt: null }, toronto())).toBe(null);
  });
});
