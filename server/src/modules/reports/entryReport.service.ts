import {
  CSV_BOM,
  ENTRY_REPORT_MAX_GROUPS,
  type EntryReport,
  type EntryReportGrouping,
  type EntryReportVisit,
  type EntryReportVisits,
  type Locale,
  csvRow,
} from '@vestibule/shared';
import { translate } from '@vestibule/shared/i18n';
import type { ServerContext } from '../../context.ts';
import { notFound } from '../../errors.ts';
import { defaultZone } from '../visits/visit.dto.ts';
import { csvLocalTime } from '../visits/csvLocalTime.ts';
import type { VisitCaller } from '../visits/visitCaller.ts';
import {
  type FigureRow,
  type ReportPeriodScope,
  type ReportVisitRow,
  type VisitSelection,
  entryGroups,
  entryTotals,
  reportBuildings,
  selectedVisits,
  selectedVisitsAfter,
} from './entryReport.repo.ts';

// The entry report (docs/reports.md, "Entry report"): the visits checked in during the
// period, grouped, with their people and stays; the visits behind a group or a person, as a page
// or as CSV. Stay rule: a checked-out visit's stay is its check-out minus its check-in; a visit
// still open counts as a visit but adds no time and no stay to the average.

interface ReportAsk {
  buildingIds: readonly string[];
  from: string;
  to: string;
}

/**
 * The asked buildings and period, or 404 when any building is not the caller's company's or, for
 * a supervisor, not assigned to them (nothing of it is ever counted).
 */
export async function reportScope(ctx: ServerContext, caller: VisitCaller, ask: ReportAsk): Promise<ReportPeriodScope> {
  const ids = [...new Set(ask.buildingIds)];
  const buildings = await reportBuildings(ctx.db, caller.tenantId, ids, caller.assignedTo, defaultZone);
  if (buildings.length !== ids.length) throw notFound();
  return { tenantId: caller.tenantId, buildings, from: ask.from, to: ask.to };
}

const minutes = (seconds: number) => Math.round(seconds / 60);

function figuresOf(row: FigureRow) {
  return {
    visits: row.visits,
    people: row.people,
    checkedOut: row.checked_out,
    totalStayMinutes: minutes(row.stay_seconds),
    averageStayMinutes: row.checked_out > 0 ? minutes(row.stay_seconds / row.checked_out) : null,
  };
}

export async function entryReport(
  ctx: ServerContext,
  caller: VisitCaller,
  query: ReportAsk & { groupBy: EntryReportGrouping },
): Promise<EntryReport> {
  const scope = await reportScope(ctx, caller, query);
  const [groups, total] = await Promise.all([
    entryGroups(ctx.db, scope, query.groupBy, ENTRY_REPORT_MAX_GROUPS + 1),
    entryTotals(ctx.db, scope),
  ]);
  return {
    groupBy: query.groupBy,
    groups: groups
      .slice(0, ENTRY_REPORT_MAX_GROUPS)
      .map((row) => ({ key: row.key, label: row.label, ...figuresOf(row) })),
    capped: groups.length > ENTRY_REPORT_MAX_GROUPS,
    total: figuresOf(total),
  };
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function toReportVisit(row: ReportVisitRow): EntryReportVisit {
  return {
    id: row.id,
    identifier: row.identifier,
    firstName: row.first_name,
    lastName: row.last_name,
    companyName: row.company_name,
    visitorType: row.visitor_type,
    host: row.host,
    buildingId: row.building_id,
    buildingName: row.building_name,
    timeZoneId: row.time_zone,
    checkedInAt: iso(row.checked_in_at)!,
    checkedOutAt: iso(row.checked_out_at),
    stayMinutes: row.stay_seconds === null ? null : minutes(row.stay_seconds),
  };
}

export async function entryReportVisits(
  ctx: ServerContext,
  caller: VisitCaller,
  query: ReportAsk & VisitSelection & { page?: number | undefined; limit?: number | undefined },
): Promise<EntryReportVisits> {
  const scope = await reportScope(ctx, caller, query);
  const limit = query.limit ?? 50;
  const page = query.page ?? 1;
  const { rows, total } = await selectedVisits(ctx.db, scope, query, { offset: (page - 1) * limit, limit });
  return { docs: rows.map(toReportVisit), totalDocs: total };
}

/** Rows fetched at a time: memory stays the same whatever the file's length. */
const CSV_BATCH = 1_000;

const visitCsvColumns = [
  'identifier',
  'firstName',
  'lastName',
  'company',
  'type',
  'host',
  'building',
  'checkedIn',
  'checkedOut',
  'stayMinutes',
  'timeZone',
] as const;

/**
 * Every visit of the selection as CSV, newest first, walked by keyset a batch at a time; times on
 * each building's clock (its zone in a column); headings and types in the caller's language;
 * formula-looking cells made inert by the shared writer. The scope is checked before the first
 * byte, so a refused building answers 404, not a broken file.
 */
export async function entryReportVisitsCsv(
  ctx: ServerContext,
  caller: VisitCaller,
  query: ReportAsk & VisitSelection,
  locale: Locale,
): Promise<AsyncGenerator<string>> {
  const scope = await reportScope(ctx, caller, query);
  const t = (key: string) => translate(locale, `entryReports.${key}`);
  async function* lines() {
    yield CSV_BOM + csvRow(visitCsvColumns.map((column) => t(`csv.visits.${column}`)));
    let after: string | null = null;
    for (;;) {
      const rows = await selectedVisitsAfter(ctx.db, scope, query, after, CSV_BATCH);
      let chunk = '';
      for (const row of rows) {
        const visit = toReportVisit(row);
        chunk += csvRow([
          visit.identifier,
          visit.firstName,
          visit.lastName,
          visit.companyName,
          t(`types.${visit.visitorType}`),
          visit.host,
          visit.buildingName,
          csvLocalTime(row.checked_in_at, row.time_zone),
          csvLocalTime(row.checked_out_at, row.time_zone),
          visit.stayMinutes,
          row.time_zone,
        ]);
      }
      if (chunk) yield chunk;
      const last = rows.at(-1);
      if (!last || rows.length < CSV_BATCH) return;
      after = last.id;
    }
  }
  return lines();
}
