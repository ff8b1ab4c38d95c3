import { type AttendancePerson, type AttendanceReport, CSV_BOM, type Locale, csvRow } from '@vestibule/shared';
import { translate } from '@vestibule/shared/i18n';
import type { ServerContext } from '../../context.ts';
import type { VisitCaller } from '../visits/visitCaller.ts';
import {
  type AttendanceRow,
  type AttendanceScope,
  type AttendanceSort,
  type RateRow,
  attendanceDepartments,
  attendancePage,
} from './attendance.repo.ts';
import { reportScope } from './entryReport.service.ts';

// The attendance report (docs/reports.md, "Attendance and absence"): per person, the
// working days they were expected and the days they came in; the rates by department and
// building; the people never seen. The working-day rule: a day of the period, on the building's
// calendar, that is one of its working days (settings.workingDays, Monday to Friday by default),
// within the person's valid from/to, and not after the building's today.

interface AttendanceAsk {
  buildingIds: readonly string[];
  from: string;
  to: string;
  department?: string | undefined;
  search?: string | undefined;
  neverSeen?: 'true' | 'false' | undefined;
  sort?: AttendanceSort | undefined;
  page?: number | undefined;
  limit?: number | undefined;
}

const rateOf = (attended: number, expected: number) => (expected === 0 ? null : attended / expected);

function toPerson(row: AttendanceRow): AttendancePerson {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    department: row.department,
    visitorType: row.visitor_type,
    buildingId: row.building_id,
    buildingName: row.building_name,
    expectedDays: row.expected_days,
    attendedDays: row.attended_days,
    rate: rateOf(row.attended_days, row.expected_days),
    seenDays: row.seen_days,
    absentDays: row.absent_days,
  };
}

function figures(row: RateRow | undefined) {
  const people = row?.people ?? 0;
  const expectedDays = row?.expected_days ?? 0;
  const attendedDays = row?.attended_days ?? 0;
  return {
    people,
    expectedDays,
    attendedDays,
    rate: rateOf(attendedDays, expectedDays),
    neverSeen: row?.never_seen ?? 0,
  };
}

async function scopeOf(
  ctx: ServerContext,
  caller: VisitCaller,
  query: AttendanceAsk,
  now: Date,
): Promise<AttendanceScope> {
  return { ...(await reportScope(ctx, caller, query)), now };
}

export async function attendanceReport(
  ctx: ServerContext,
  caller: VisitCaller,
  query: AttendanceAsk,
  now = new Date(),
): Promise<AttendanceReport> {
  const scope = await scopeOf(ctx, caller, query, now);
  const limit = query.limit ?? 50;
  const page = query.page ?? 1;
  const filter = { department: query.department, search: query.search };
  const [{ people, rates, total: totalDocs }, departmentNames] = await Promise.all([
    attendancePage(
      ctx.db,
      scope,
      { ...filter, neverSeen: query.neverSeen === 'true', sort: query.sort ?? 'name' },
      { offset: (page - 1) * limit, limit },
    ),
    attendanceDepartments(ctx.db, scope),
  ]);
  const total = rates.find((row) => !row.by_department && !row.by_building);
  return {
    docs: people.map(toPerson),
    totalDocs,
    total: figures(total),
    departments: rates
      .filter((row) => row.by_department)
      .map((row) => ({ department: row.department, ...figures(row) }))
      .sort((a, b) => (a.department ?? '\uffff').localeCompare(b.department ?? '\uffff')),
    buildings: scope.buildings.map((building) => ({
      buildingId: building.id,
      buildingName: building.name,
      workingDays: building.workingDays,
      ...figures(rates.find((row) => row.by_building && row.building_id === building.id)),
    })),
    departmentNames,
  };
}

const peopleCsvColumns = [
  'lastName',
  'firstName',
  'department',
  'type',
  'building',
  'expected',
  'attended',
  'rate',
  'absentDays',
  'seenDays',
] as const;

/**
 * The people of the report (every row, the list's filters and order) as CSV: their expected,
 * attended and absent days and the days they were seen, headings in the caller's language. The
 * scope is checked before the first byte (a refused building answers 404).
 */
export async function attendanceCsv(
  ctx: ServerContext,
  caller: VisitCaller,
  query: AttendanceAsk,
  locale: Locale,
  now = new Date(),
): Promise<string> {
  const scope = await scopeOf(ctx, caller, query, now);
  const t = (key: string) => translate(locale, `entryReports.${key}`);
  const { people: rows } = await attendancePage(
    ctx.db,
    scope,
    {
      department: query.department,
      search: query.search,
      neverSeen: query.neverSeen === 'true',
      sort: query.sort ?? 'name',
    },
    null,
  );
  let text = CSV_BOM + csvRow(peopleCsvColumns.map((column) => t(`csv.people.${column}`)));
  for (const row of rows) {
    const rate = rateOf(row.attended_days, row.expected_days);
    text += csvRow([
      row.last_name,
      row.first_name,
      row.department,
      t(`types.${row.visitor_type}`),
      row.building_name,
      row.expected_days,
      row.attended_days,
      rate === null ? null : Math.round(rate * 1000) / 10,
      row.absent_days.join(' '),
      row.seen_days.join(' '),
    ]);
  }
  return text;
}
