import { type RawBuilder, sql } from 'kysely';
import type { EntryReportGrouping } from '@vestibule/shared';
import type { Db } from '../../db/database.ts';

// The entry report's reads (docs/reports.md, "Entry report"): the visits checked in during
// whole days of each building's calendar, grouped; the visits of one group or one person. A day
// starts at the building's midnight (`AT TIME ZONE` its zone), across clock changes.

/** A building a report reads, on its own clock. */
export interface ReportBuilding {
  id: string;
  name: string;
  zone: string;
  /** ISO weekdays its people are expected in (settings.workingDays; Monday to Friday if unset). */
  workingDays: number[];
}

/**
 * The buildings of the company among `ids`, and of those the ones assigned to `assignedTo` when it
 * is set (a supervisor): the caller answers 404 unless every asked building is found.
 */
export async function reportBuildings(
  db: Db,
  tenantId: string,
  ids: readonly string[],
  assignedTo: string | undefined,
  defaultZone: string,
): Promise<ReportBuilding[]> {
  let q = db
    .selectFrom('buildings')
    .select([
      'buildings.id',
      'buildings.name',
      sql<string>`coalesce(nullif(buildings.settings->>'timeZoneId', ''), ${defaultZone})`.as('zone'),
      sql<unknown>`buildings.settings->'workingDays'`.as('working_days'),
    ])
    .where('buildings.tenant_id', '=', tenantId)
    .where('buildings.id', 'in', [...ids]);
  if (assignedTo) {
    q = q.where('buildings.id', 'in', (eb) =>
      eb
        .selectFrom('user_buildings')
        .select('user_buildings.building_id')
        .where('user_buildings.user_id', '=', assignedTo),
    );
  }
  const rows = await q.orderBy('buildings.name').execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    zone: row.zone,
    workingDays: workingDaysOf(row.working_days),
  }));
}

const DEFAULT_WORKING_DAYS = [1, 2, 3, 4, 5];

function workingDaysOf(value: unknown): number[] {
  const days = Array.isArray(value)
    ? value.filter((day): day is number => Number.isInteger(day) && day >= 1 && day <= 7)
    : [];
  return days.length > 0 ? [...new Set(days)].sort() : DEFAULT_WORKING_DAYS;
}

export interface ReportPeriodScope {
  tenantId: string;
  buildings: readonly ReportBuilding[];
  from: string;
  to: string;
}

/**
 * The asked buildings with their period as instants: from the first day's midnight to the midnight
 * after the last day, on each building's clock (a table `r`: id, name, zone, start_at, end_at).
 */
export function periodTable(scope: ReportPeriodScope): RawBuilder<unknown> {
  const rows = scope.buildings.map(
    (building) => sql`(${building.id}::uuid, ${building.name}::text, ${building.zone}::text)`,
  );
  return sql`(select b.id, b.name, b.zone,
      (${scope.from}::date)::timestamp at time zone b.zone as start_at,
      (${scope.to}::date + 1)::timestamp at time zone b.zone as end_at
    from (values ${sql.join(rows)}) as b (id, name, zone))`;
}

/** A group's key of a visit `v` read with its building `r` (the drill-down filters by the same). */
export function groupKey(groupBy: EntryReportGrouping): RawBuilder<string> {
  switch (groupBy) {
    case 'host':
      // The host's record in the directory or as a user, else the name as typed (any case).
      return sql<string>`case when v.host_person_id is not null then 'p:' || v.host_person_id::text
        when v.host_user_id is not null then 'u:' || v.host_user_id::text
        when coalesce(trim(v.host), '') <> '' then 't:' || lower(trim(v.host)) else '' end`;
    case 'company':
      return sql<string>`lower(trim(coalesce(v.company_name, '')))`;
    case 'type':
      return sql<string>`v.visitor_type::text`;
    case 'building':
      return sql<string>`v.building_id::text`;
    case 'day':
      return sql<string>`to_char(v.checked_in_at at time zone r.zone, 'YYYY-MM-DD')`;
  }
}

const latest = (value: RawBuilder<unknown>) =>
  sql<string>`coalesce((array_agg(${value} order by v.checked_in_at desc, v.id desc)
    filter (where ${value} is not null and ${value} <> ''))[1], '')`;

function groupLabel(groupBy: EntryReportGrouping): RawBuilder<string> {
  switch (groupBy) {
    // A name as the group's latest visit wrote it (the same host or company typed in other cases).
    case 'host':
      return latest(sql`trim(v.host)`);
    case 'company':
      return latest(sql`trim(v.company_name)`);
    case 'building':
      return sql<string>`max(r.name)`;
    default:
      return sql<string>`max(${groupKey(groupBy)})`;
  }
}

/** One person: of the directory by their record, else by e-mail, else by name. */
const personKey = sql`coalesce('p:' || v.person_id::text, 'e:' || lower(nullif(trim(v.email), '')),
  'n:' || lower(trim(coalesce(v.first_name, '') || ' ' || coalesce(v.last_name, ''))))`;

/** A checked-out visit's stay in seconds (never negative); null while it is open. */
const staySeconds = sql`greatest(0, extract(epoch from (v.checked_out_at - v.checked_in_at)))`;

const figures = sql`count(*)::int as visits, count(distinct ${personKey})::int as people,
  count(v.checked_out_at)::int as checked_out,
  coalesce(sum(${staySeconds}) filter (where v.checked_out_at is not null), 0)::float8 as stay_seconds`;

/** The period's visits of the buildings: checked in from the first day's midnight to the last's end. */
function periodVisits(scope: ReportPeriodScope) {
  return sql`${periodTable(scope)} as r
    join visits v on v.building_id = r.id and v.checked_in_at >= r.start_at and v.checked_in_at < r.end_at
      and v.tenant_id = ${scope.tenantId}`;
}

export interface FigureRow {
  visits: number;
  people: number;
  checked_out: number;
  stay_seconds: number;
}

/** The groups, most visits first (ties by label), `limit` of them. */
export async function entryGroups(db: Db, scope: ReportPeriodScope, groupBy: EntryReportGrouping, limit: number) {
  const key = groupKey(groupBy);
  const { rows } = await sql<FigureRow & { key: string; label: string }>`
    select ${key} as key, ${groupLabel(groupBy)} as label, ${figures}
    from ${periodVisits(scope)}
    group by 1
    order by visits desc, label asc, key asc
    limit ${limit}`.execute(db);
  return rows;
}

/** The whole period's figures. */
export async function entryTotals(db: Db, scope: ReportPeriodScope): Promise<FigureRow> {
  const { rows } = await sql<FigureRow>`select ${figures} from ${periodVisits(scope)}`.execute(db);
  return rows[0] ?? { visits: 0, people: 0, checked_out: 0, stay_seconds: 0 };
}

/** Which of the period's visits: one group's, one person's, or all. */
export interface VisitSelection {
  groupBy?: EntryReportGrouping | undefined;
  key?: string | undefined;
  personId?: string | undefined;
}

function selected(selection: VisitSelection) {
  const conditions = [sql`true`];
  if (selection.groupBy && selection.key !== undefined) {
    conditions.push(sql`${groupKey(selection.groupBy)} = ${selection.key}`);
  }
  if (selection.personId) conditions.push(sql`v.person_id = ${selection.personId}`);
  return sql.join(conditions, sql` and `);
}

const visitColumns = sql`v.id, v.identifier, v.first_name, v.last_name, v.company_name, v.visitor_type, v.host,
  v.building_id, r.name as building_name, r.zone as time_zone, v.checked_in_at, v.checked_out_at,
  case when v.checked_out_at is not null then ${staySeconds} end::float8 as stay_seconds`;

export interface ReportVisitRow {
  id: string;
  identifier: string;
  first_name: string | null;
  last_name: string | null;
  company_name: string | null;
  visitor_type: 'VISITOR' | 'CONTRACTOR' | 'EMPLOYEE' | 'RESIDENT';
  host: string | null;
  building_id: string;
  building_name: string;
  time_zone: string;
  checked_in_at: Date;
  checked_out_at: Date | null;
  stay_seconds: number | null;
}

/** A page of the selected visits, newest check-in first, and how many there are. */
export async function selectedVisits(
  db: Db,
  scope: ReportPeriodScope,
  selection: VisitSelection,
  page: { offset: number; limit: number },
) {
  const [list, count] = await Promise.all([
    sql<ReportVisitRow>`select ${visitColumns} from ${periodVisits(scope)} where ${selected(selection)}
      order by v.checked_in_at desc, v.id desc offset ${page.offset} limit ${page.limit}`.execute(db),
    sql<{ total: number }>`select count(*)::int as total from ${periodVisits(scope)}
      where ${selected(selection)}`.execute(db),
  ]);
  return { rows: list.rows, total: count.rows[0]?.total ?? 0 };
}

/**
 * The selected visits after the visit `afterId` in the list's order (newest check-in first, the
 * id breaking ties), `limit` of them: the CSV walks them a batch at a time. The row's time is read
 * again in the statement (a JavaScript date loses the microseconds).
 */
export async function selectedVisitsAfter(
  db: Db,
  scope: ReportPeriodScope,
  selection: VisitSelection,
  afterId: string | null,
  limit: number,
) {
  const after = afterId
    ? sql`(v.checked_in_at, v.id) < (select k.checked_in_at, k.id from visits k where k.id = ${afterId})`
    : sql`true`;
  const { rows } = await sql<ReportVisitRow>`select ${visitColumns} from ${periodVisits(scope)}
    where ${selected(selection)} and ${after}
    order by v.checked_in_at desc, v.id desc limit ${limit}`.execute(db);
  return rows;
}
