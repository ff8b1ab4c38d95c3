import {
  type BuildingReport,
  type BuildingReportOfBuilding,
  type ReportQuery,
  addDays,
  newBuildingSettings,
  periodDays,
  visitorTypes,
  zoneOffsetMs,
  zonedInstant,
} from '@vestibule/shared';
import type { ServerContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { inTransaction } from '../../db/transaction.ts';
import { notFound } from '../../errors.ts';
import {
  type BuildingFiguresRow,
  type ReportBuildingRow,
  buildingFigures,
  claimDirtyDays,
  type DirtyDayRow,
  dirtyDayCandidates,
  clearDirtyDays,
  rebuildRollups,
  reportBuildings,
} from './buildingReport.repo.ts';

// The building report (docs/reports.md, "Building report"): each building asked for, on its own
// clock, over whole days of its calendar. A building the caller does not see (another company's,
// or not assigned to a supervisor) answers 404: the report never counts it.

/** Who asks: their company, and the user whose assigned buildings limit what they see (if any). */
export interface ReportCaller {
  tenantId: string;
  assignedTo: string | undefined;
}

/** The building's zone, or the new-building default for one missing or unknown to the runtime. */
function zoneOf(building: Pick<ReportBuildingRow, 'time_zone'>): string {
  const named = building.time_zone?.trim();
  if (named) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: named });
      return named;
    } catch {
      // An unknown zone reads as the default, as the lifecycle's SQL does.
    }
  }
  return newBuildingSettings().timeZoneId;
}

const emptyTypes = () =>
  Object.fromEntries(visitorTypes.map((type) => [type, 0])) as Record<(typeof visitorTypes)[number], number>;
const asNumber = (value: unknown) => Number(value ?? 0);

function toReport(
  building: ReportBuildingRow,
  timeZoneId: string,
  days: readonly string[],
  row: BuildingFiguresRow,
): BuildingReportOfBuilding {
  const byDay = new Map(
    days.map((day) => [day, { day, byType: emptyTypes(), peak: 0, peakAt: null as string | null }]),
  );
  for (const cell of row.by_day_type ?? []) {
    const day = byDay.get(cell.day);
    if (day && cell.type in day.byType) day.byType[cell.type as keyof typeof day.byType] = asNumber(cell.visits);
  }
  for (const peak of row.peaks ?? []) {
    const day = byDay.get(peak.day);
    if (day && asNumber(peak.peak) > 0) {
      day.peak = asNumber(peak.peak);
      day.peakAt = new Date(peak.at).toISOString();
    }
  }
  const heatMap = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
  for (const cell of row.heat ?? []) heatMap[cell.weekday - 1]![cell.hour] = asNumber(cell.visits);
  const people = asNumber(row.totals.people);
  const returning = asNumber(row.totals.returning);
  const stay = (value: number | null) => (value === null ? null : Number(value));
  return {
    building: { id: building.id, name: building.name, timeZoneId },
    totals: {
      visits: asNumber(row.totals.visits),
      people,
      averageStayMinutes: stay(row.totals.average_stay),
      medianStayMinutes: stay(row.totals.median_stay),
      noShows: asNumber(row.no_shows),
      refusals: asNumber(row.refusals),
      overdue: asNumber(row.totals.overdue),
      autoCheckOuts: asNumber(row.totals.auto_check_outs),
      returning,
      firstTime: people - returning,
    },
    days: [...byDay.values()],
    heatMap,
    topHosts: (row.hosts ?? []).map((host) => ({ name: host.name, visits: asNumber(host.visits) })),
    topCompanies: (row.companies ?? []).map((company) => ({ name: company.name, visits: asNumber(company.visits) })),
  };
}

export async function buildingReport(
  ctx: ServerContext,
  caller: ReportCaller,
  query: ReportQuery,
  now = new Date(),
  figures: typeof buildingFigures = buildingFigures,
): Promise<BuildingReport> {
  const ids = [...new Set(query.buildingIds)];
  const found = await reportBuildings(ctx.db, caller.tenantId, ids, caller.assignedTo);
  if (found.length !== ids.length) throw notFound();
  const byId = new Map(found.map((building) => [building.id, building]));
  const days = periodDays(query);
  const buildings: BuildingReportOfBuilding[] = [];
  // One building after another: each statement is the building's own, on its own clock.
  for (const id of ids) {
    const building = byId.get(id)!;
    const timeZone = zoneOf(building);
    const row = await figures(ctx.db, {
      buildingId: id,
      timeZone,
      start: zonedInstant(query.from, '00:00', timeZone),
      end: zonedInstant(addDays(query.to, 1), '00:00', timeZone),
      now,
      from: query.from,
      days: days.length,
    });
    buildings.push(toReport(building, timeZone, days, row));
  }
  return { from: query.from, to: query.to, generatedAt: now.toISOString(), buildings };
}

/** The building's today on its clock (yyyy-MM-dd). */
function localToday(now: Date, timeZone: string): string {
  return new Date(now.getTime() + zoneOffsetMs(now.getTime(), timeZone)).toISOString().slice(0, 10);
}

/**
 * One run of the daily rollups' rebuild (docs/reports.md, "How the building report stays fast"):
 * reads up to `limit` dirty building-days and, for each building in a transaction of its own,
 * claims those closed (before the building's today on its clock), rebuilds them from the visits,
 * each stretch of consecutive days in one statement, and clears their marks; today's and later
 * days stay marked (the report counts them from the visits). Idempotent: a rebuild of a clean day
 * writes the same rollup. Answers how many days it rebuilt (0: nothing left to do now).
 */
export async function rebuildDirtyRollups(db: Db, now = new Date(), limit = 500): Promise<number> {
  const candidates = await dirtyDayCandidates(db, now.toISOString().slice(0, 10), limit);
  const byBuilding = new Map<string, DirtyDayRow[]>();
  for (const row of candidates) {
    if (row.day >= localToday(now, zoneOf(row))) continue;
    const rows = byBuilding.get(row.building_id) ?? [];
    rows.push(row);
    byBuilding.set(row.building_id, rows);
  }
  let rebuilt = 0;
  // A building's days in a transaction of their own: the marks are locked only while that
  // building's days are rebuilt, so a change sharing one of them waits that long at most.
  for (const [buildingId, rows] of byBuilding) {
    rebuilt += await inTransaction(db, async (trx) => {
      const claimed = await claimDirtyDays(trx, rows);
      const days = rows.filter((row) => claimed.has(`${row.building_id}/${row.day}`)).map((row) => row.day);
      if (days.length === 0) return 0;
      const timeZone = zoneOf(rows[0]!);
      // Stretches of consecutive days (the candidates are in day order, so each building's days are).
      let first = 0;
      for (let i = 1; i <= days.length; i++) {
        if (i < days.length && days[i] === addDays(days[i - 1]!, 1)) continue;
        const from = days[first]!;
        const count = i - first;
        await rebuildRollups(trx, {
          buildingId,
          timeZone,
          start: zonedInstant(from, '00:00', timeZone),
          end: zonedInstant(addDays(from, count), '00:00', timeZone),
          from,
          days: count,
          now,
        });
        first = i;
      }
      await clearDirtyDays(trx, buildingId, days);
      return days.length;
    });
  }
  return rebuilt;
}
