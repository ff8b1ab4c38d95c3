import {
  type ReportPeriod,
  type ReportPreset,
  presetPeriod,
  reportPeriodError,
  reportPresets,
  REPORT_MAX_BUILDINGS,
} from '@vestibule/shared';
import { useSearchParams } from 'react-router';
import { useSession } from '../session/index.ts';

/** The viewer's calendar day, yyyy-MM-dd (what "this week" and "this month" are counted from). */
export function todayOnThisDevice(now = new Date()): string {
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
}

export interface ReportFilters {
  /** The buildings compared (those the user sees; the favourite or the first by default). */
  buildingIds: string[];
  /** The preset the period follows, or null for days picked by hand. */
  preset: ReportPreset | null;
  period: ReportPeriod;
  /** Why the period cannot be asked for, if it cannot. */
  periodProblem: 'ORDER' | 'TOO_LONG' | null;
}

const isPreset = (value: string | null): value is ReportPreset =>
  value !== null && (reportPresets as readonly string[]).includes(value);
const isDay = (value: string | null): value is string => value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value);

/**
 * A report's buildings and period, kept in the address (`?b=id,id&preset=lastWeek` or
 * `?b=id&from=2026-11-01&to=2026-11-30`) so a report can be bookmarked, shared and gone back to.
 * Without a choice: the user's favourite building (or the first they see) over the last 30 days.
 */
export function useReportFilters(defaultPreset: ReportPreset = 'last30Days') {
  const buildings = useSession((state) => state.buildings);
  const favourite = useSession((state) => state.user?.favouriteBuildingId);
  const [search, setSearch] = useSearchParams();

  const seen = new Set(buildings.map((building) => building.id));
  const asked = (search.get('b') ?? '').split(',').filter((id) => seen.has(id));
  const fallback = buildings.find((building) => building.id === favourite)?.id ?? buildings[0]?.id;
  const buildingIds = asked.length > 0 ? asked.slice(0, REPORT_MAX_BUILDINGS) : fallback ? [fallback] : [];

  const from = search.get('from');
  const to = search.get('to');
  const askedPreset = search.get('preset');
  const byHand = !isPreset(askedPreset) && isDay(from) && isDay(to);
  const preset = byHand ? null : isPreset(askedPreset) ? askedPreset : defaultPreset;
  const period = preset === null ? { from: from!, to: to! } : presetPeriod(preset, todayOnThisDevice());

  const filters: ReportFilters = { buildingIds, preset, period, periodProblem: reportPeriodError(period) };

  const change = (next: Partial<{ buildingIds: string[]; preset: ReportPreset; period: ReportPeriod }>) => {
    const params = new URLSearchParams(search);
    if (next.buildingIds) params.set('b', next.buildingIds.join(','));
    if (next.preset) {
      params.set('preset', next.preset);
      params.delete('from');
      params.delete('to');
    } else if (next.period) {
      params.delete('preset');
      params.set('from', next.period.from);
      params.set('to', next.period.to);
    }
    setSearch(params, { replace: true });
  };

  return { filters, buildings, change };
}
