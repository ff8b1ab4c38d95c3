import { describe, expect, it } from 'vitest';
import {
  REPORT_MAX_DAYS,
  addDays,
  isoWeekday,
  periodDays,
  periodLength,
  presetPeriod,
  reportPeriodError,
} from './reportPeriod.ts';
import { reportQuerySchema } from '../schemas/reports.ts';

describe('report periods', () => {
  it('name the days of each preset, weeks from Monday, the present ending today', () => {
    // 2026-11-27 is a Friday.
    expect(isoWeekday('2026-11-27')).toBe(5);
    expect(presetPeriod('thisWeek', '2026-11-27')).toEqual({ from: '2026-11-23', to: '2026-11-27' });
    expect(presetPeriod('lastWeek', '2026-11-27')).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(presetPeriod('thisMonth', '2026-11-27')).toEqual({ from: '2026-11-01', to: '2026-11-27' });
    expect(presetPeriod('lastMonth', '2026-11-27')).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(presetPeriod('lastMonth', '2026-03-05')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(presetPeriod('lastMonth', '2027-01-15')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(presetPeriod('last30Days', '2026-11-27')).toEqual({ from: '2026-10-29', to: '2026-11-27' });
    expect(presetPeriod('thisQuarter', '2026-11-27')).toEqual({ from: '2026-10-01', to: '2026-11-27' });
    expect(presetPeriod('thisQuarter', '2026-03-31')).toEqual({ from: '2026-01-01', to: '2026-03-31' });
    // A Sunday belongs to the week that started six days before.
    expect(presetPeriod('thisWeek', '2026-11-29')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(presetPeriod('lastWeek', '2026-01-01')).toEqual({ from: '2025-12-22', to: '2025-12-28' });
  });

  it('count whole calendar days, both ends included, across month and year ends', () => {
    expect(periodLength({ from: '2026-11-27', to: '2026-11-27' })).toBe(1);
    expect(periodDays({ from: '2026-12-30', to: '2027-01-02' })).toEqual([
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
    ]);
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    // The night the clocks change is one calendar day like any other.
    expect(periodLength({ from: '2026-10-31', to: '2026-11-02' })).toBe(3);
  });

  it('refuse an end before the start and a period over a year', () => {
    expect(reportPeriodError({ from: '2026-01-01', to: '2026-12-31' })).toBeNull();
    expect(reportPeriodError({ from: '2028-01-01', to: '2028-12-31' })).toBeNull();
    expect(REPORT_MAX_DAYS).toBe(366);
    expect(reportPeriodError({ from: '2026-01-01', to: '2027-01-02' })).toBe('TOO_LONG');
    expect(reportPeriodError({ from: '2026-01-02', to: '2026-01-01' })).toBe('ORDER');
  });

  it('are read from a query with the buildings as a comma list, refusals named by their code', () => {
    const a = '0b9f1c2e-5a4d-4c7e-9f1a-2b3c4d5e6f70';
    const b = '1b9f1c2e-5a4d-4c7e-9f1a-2b3c4d5e6f71';
    expect(reportQuerySchema.parse({ buildingIds: `${a},${b}`, from: '2026-11-01', to: '2026-11-30' })).toEqual({
      buildingIds: [a, b],
      from: '2026-11-01',
      to: '2026-11-30',
    });
    const tooLong = reportQuerySchema.safeParse({ buildingIds: a, from: '2025-01-01', to: '2026-11-30' });
    expect(tooLong.success).toBe(false);
    expect(tooLong.error!.issues.map((issue) => issue.message)).toEqual(['DATE_RANGE_TOO_LONG']);
    const order = reportQuerySchema.safeParse({ buildingIds: a, from: '2026-11-30', to: '2026-11-01' });
    expect(order.success).toBe(false);
    expect(order.error!.issues.map((issue) => issue.path.join('.'))).toEqual(['to']);
    expect(reportQuerySchema.safeParse({ buildingIds: '', from: '2026-11-01', to: '2026-11-30' }).success).toBe(false);
    expect(reportQuerySchema.safeParse({ buildingIds: 'nope', from: '2026-11-01', to: '2026-11-30' }).success).toBe(
      false,
    );
    expect(
      reportQuerySchema.safeParse({ buildingIds: Array(11).fill(a).join(','), from: '2026-11-01', to: '2026-11-30' })
        .success,
    ).toBe(false);
  });
});
