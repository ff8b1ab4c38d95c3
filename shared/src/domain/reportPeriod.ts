// The period of a report: whole days of the building's calendar, `from` and `to` both included
// (yyyy-MM-dd). A day starts at the building's midnight, whatever the clock changes in between;
// the server turns each day into instants with the building's zone (domain/lifecycle.ts
// `zonedInstant`). A period is one day at least and a year at most.

/** The longest period a report covers, in days (a leap year). */
export const REPORT_MAX_DAYS = 366;

/** The periods a manager picks in one click, each ending today at the latest. */
export const reportPresets = ['thisWeek', 'lastWeek', 'thisMonth', 'lastMonth', 'last30Days', 'thisQuarter'] as const;
export type ReportPreset = (typeof reportPresets)[number];

export interface ReportPeriod {
  /** The first day, yyyy-MM-dd. */
  from: string;
  /** The last day, yyyy-MM-dd, included. */
  to: string;
}

const DAY_MS = 86_400_000;
const asUtc = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** `day` moved by `days` calendar days (negative: earlier). */
export function addDays(day: string, days: number): string {
  return dayOf(asUtc(day) + days * DAY_MS);
}

/** The number of days from `from` to `to`, both included (1 for a single day). */
export function periodLength(period: ReportPeriod): number {
  return Math.round((asUtc(period.to) - asUtc(period.from)) / DAY_MS) + 1;
}

/** Every day of the period, in order. */
export function periodDays(period: ReportPeriod): string[] {
  return Array.from({ length: Math.max(0, periodLength(period)) }, (_, i) => addDays(period.from, i));
}

/** The day of the week, ISO numbering: 1 Monday ... 7 Sunday. */
export function isoWeekday(day: string): number {
  const weekday = new Date(asUtc(day)).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}

/**
 * The days a preset names, seen on `today` (the building's or the viewer's day): weeks start on
 * Monday; a period of the present ("this week", "this month", "this quarter") ends today.
 */
export function presetPeriod(preset: ReportPreset, today: string): ReportPeriod {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const monday = addDays(today, 1 - isoWeekday(today));
  switch (preset) {
    case 'thisWeek':
      return { from: monday, to: today };
    case 'lastWeek':
      return { from: addDays(monday, -7), to: addDays(monday, -1) };
    case 'thisMonth':
      return { from: `${today.slice(0, 7)}-01`, to: today };
    case 'lastMonth': {
      const first = `${today.slice(0, 7)}-01`;
      const lastDay = addDays(first, -1);
      return { from: `${lastDay.slice(0, 7)}-01`, to: lastDay };
    }
    case 'last30Days':
      return { from: addDays(today, -29), to: today };
    case 'thisQuarter': {
      const first = month - ((month - 1) % 3);
      return { from: `${year}-${String(first).padStart(2, '0')}-01`, to: today };
    }
  }
}

/** What is wrong with a period: `to` before `from` (ORDER), or longer than a year (TOO_LONG). */
export function reportPeriodError(period: ReportPeriod): 'ORDER' | 'TOO_LONG' | null {
  const length = periodLength(period);
  if (length < 1) return 'ORDER';
  return length > REPORT_MAX_DAYS ? 'TOO_LONG' : null;
}
