import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { lowerPrefixPattern } from '../../db/likePattern.ts';
import type { ReportPeriodScope } from './entryReport.repo.ts';

// The attendance report's reads (docs/reports-entries.md, "Attendance and absence"): the
// directory's employees and residents of the buildings, not deactivated; the days each was
// expected (the period's working days of their building, within their validity, up to the
// building's today) and the days they came in (a visit of theirs checked in at their building that
// day, on its clock).

export interface AttendanceFilter {
  department?: string | undefined;
  search?: string | undefined;
}

export interface AttendanceScope extends ReportPeriodScope {
  now: Date;
}

/** The per-person figures of the filtered people (a table `stats`), as the WITH list of a statement. */
function statsOf(scope: AttendanceScope, filter: AttendanceFilter): RawBuilder<unknown> {
  const rows = scope.buildings.map(
    (building) =>
      sql`(${building.id}::uuid, ${building.name}::text, ${building.zone}::text, ${`{${building.workingDays.join(',')}}`}::int[])`,
  );
  const conditions = [sql`true`];
  if (filter.department !== undefined) {
    conditions.push(
      filter.department === '' ? sql`p.department is null` : sql`p.department = ${filter.department}`,
    );
  }
  const search = filter.search?.trim();
  if (search) {
    const prefix = lowerPrefixPattern(search);
    conditions.push(sql`(lower(p.first_name) like ${prefix} or lower(p.last_name) like ${prefix}
      or lower(p.first_name || ' ' || p.last_name) like ${prefix} or lower(p.last_name || ' ' || p.first_name) like ${prefix})`);
  }
  return sql`r as (
      select b.id, b.name, b.zone, b.working,
        (${scope.from}::date)::timestamp at time zone b.zone as start_at,
        (${scope.to}::date + 1)::timestamp at time zone b.zone as end_at,
        least(${scope.to}::date, (${scope.now}::timestamptz at time zone b.zone)::date) as last_day
      from (values ${sql.join(rows)}) as b (id, name, zone, working)
    ),
    p as (
      select p.id, p.first_name, p.last_name, p.department, p.visitor_type, p.building_id, p.valid_from, p.valid_to
      from people p join r on r.id = p.building_id
      where p.tenant_id = ${scope.tenantId} and not p.deactivated and p.visitor_type in ('EMPLOYEE', 'RESIDENT')
        and ${sql.join(conditions, sql` and `)}
    ),
    seen as (
      select distinct v.person_id, (v.checked_in_at at time zone r.zone)::date as day
      from r join visits v on v.building_id = r.id and v.checked_in_at >= r.start_at and v.checked_in_at < r.end_at
      join p on p.id = v.person_id and p.building_id = v.building_id
      where v.person_id is not null
    ),
    expected as (
      select p.id as person_id, d::date as day
      from p join r on r.id = p.building_id
      cross join lateral generate_series(
        greatest(${scope.from}::date, p.valid_from), least(r.last_day, p.valid_to), interval '1 day') as d
      where extract(isodow from d)::int = any(r.working)
    ),
    expected_by_person as (
      select e.person_id, count(*)::int as expected_days, count(s.day)::int as attended_days,
        coalesce(array_agg(to_char(e.day, 'YYYY-MM-DD') order by e.day) filter (where s.day is null), '{}') as absent_days
      from expected e left join seen s on s.person_id = e.person_id and s.day = e.day
      group by e.person_id
    ),
    seen_by_person as (
      select person_id, array_agg(to_char(day, 'YYYY-MM-DD') order by day) as seen_days
      from seen group by person_id
    ),
    stats as (
      select p.*, r.name as building_name,
        coalesce(e.expected_days, 0) as expected_days, coalesce(e.attended_days, 0) as attended_days,
        coalesce(e.absent_days, '{}') as absent_days, coalesce(s.seen_days, '{}') as seen_days
      from p join r on r.id = p.building_id
      left join expected_by_person e on e.person_id = p.id
      left join seen_by_person s on s.person_id = p.id
    )`;
}

export interface AttendanceRow {
  id: string;
  first_name: string;
  last_name: string;
  department: string | null;
  visitor_type: 'EMPLOYEE' | 'RESIDENT';
  building_id: string;
  building_name: string;
  expected_days: number;
  attended_days: number;
  absent_days: string[];
  seen_days: string[];
}

export type AttendanceSort = 'name' | 'rate' | 'department';

const orders: Record<AttendanceSort, RawBuilder<unknown>> = {
  name: sql`lower(last_name), lower(first_name), id`,
  // Lowest rate first; nobody expected (no rate) last.
  rate: sql`case when expected_days = 0 then null else attended_days::float8 / expected_days end asc nulls last,
    lower(last_name), lower(first_name), id`,
  department: sql`department nulls last, lower(last_name), lower(first_name), id`,
};

/** A page of the people (only those seen on no day, if asked) and how many there are. */
export async function attendancePeople(
  db: Db,
  scope: AttendanceScope,
  filter: AttendanceFilter & { neverSeen: boolean; sort: AttendanceSort },
  page: { offset: number; limit: number } | null,
) {
  const kept = filter.neverSeen ? sql`cardinality(seen_days) = 0` : sql`true`;
  const paging = page ? sql`offset ${page.offset} limit ${page.limit}` : sql``;
  const { rows } = await sql<AttendanceRow & { total: number }>`with ${statsOf(scope, filter)}
    select id, first_name, last_name, department, visitor_type, building_id, building_name,
      expected_days, attended_days, absent_days, seen_days, count(*) over ()::int as total
    from stats where ${kept}
    order by ${orders[filter.sort]} ${paging}`.execute(db);
  return { rows, total: rows[0]?.total ?? 0 };
}

export interface RateRow {
  department: string | null;
  building_id: string | null;
  by_department: boolean;
  by_building: boolean;
  people: number;
  expected_days: number;
  attended_days: number;
  never_seen: number;
}

/** The figures by department, by building and in all, of the filtered people. */
export async function attendanceRates(db: Db, scope: AttendanceScope, filter: AttendanceFilter) {
  const { rows } = await sql<RateRow>`with ${statsOf(scope, filter)}
    select department, building_id,
      grouping(department) = 0 as by_department, grouping(building_id) = 0 as by_building,
      count(*)::int as people, coalesce(sum(expected_days), 0)::int as expected_days,
      coalesce(sum(attended_days), 0)::int as attended_days,
      (count(*) filter (where cardinality(seen_days) = 0))::int as never_seen
    from stats group by grouping sets ((department), (building_id), ())`.execute(db);
  return rows;
}

/** The departments of the buildings' employees and residents (for the filter). */
export async function attendanceDepartments(db: Db, scope: AttendanceScope): Promise<string[]> {
  const rows = await db
    .selectFrom('people')
    .select('people.department')
    .distinct()
    .where('people.tenant_id', '=', scope.tenantId)
    .where(
      'people.building_id',
      'in',
      scope.buildings.map((building) => building.id),
    )
    .where('people.deactivated', '=', false)
    .where('people.visitor_type', 'in', ['EMPLOYEE', 'RESIDENT'])
    .where('people.department', 'is not', null)
    .orderBy('people.department')
    .limit(500)
    .execute();
  return rows.flatMap((row) => (row.department === null ? [] : [row.department]));
}
