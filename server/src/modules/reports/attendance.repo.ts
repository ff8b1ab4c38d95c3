import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { lowerPrefixPattern } from '../../db/likePattern.ts';
import type { ReportPeriodScope } from './entryReport.repo.ts';
import { runReportStatement } from './reportStatement.repo.ts';

// The attendance report's reads (docs/reports.md, "Attendance and absence"): the
// directory's employees and residents of the buildings, not deactivated; the days each was
// expected (the period's working days of their building, within their validity, up to the
// building's today) and the days they came in (a visit of theirs checked in at their building that
// day, on its clock). One statement answers a page: the per-person figures are computed once (a
// materialised CTE) and serve the page, its count and the rates by department and building. The
// days they came in are read from person_attendance_months (one row per person and month, the days
// as bits; docs/reports.md, "How the attendance report stays fast"), masked by the period's days,
// the building's working days and the person's validity, and counted; they are spelt out as dates
// only for the page's people.

export interface AttendanceFilter {
  department?: string | undefined;
  search?: string | undefined;
}

export interface AttendanceScope extends ReportPeriodScope {
  now: Date;
}

export type AttendanceSort = 'name' | 'rate' | 'department';

/** A day within a person's validity (`person` the alias of a row with valid_from and valid_to). */
const validDay = (day: RawBuilder<unknown>, person: string) =>
  sql`${day} >= coalesce(${sql.ref(`${person}.valid_from`)}, ${day}) and ${day} <= coalesce(${sql.ref(`${person}.valid_to`)}, ${day})`;

/** The bit of a day in its month's mask (bit d-1 for day d), as in person_attendance_months. */
const dayBit = (day: RawBuilder<unknown>) => sql`(1 << (extract(day from ${day})::int - 1))`;

/**
 * The mask of the days of `month` within a person's validity (`person` the alias of a row with
 * valid_from and valid_to): every bit when neither is set.
 */
const validMask = (month: RawBuilder<unknown>, person: string) => {
  const from = sql.ref(`${person}.valid_from`);
  const to = sql.ref(`${person}.valid_to`);
  const first = sql`greatest(${month}, ${from})`;
  const last = sql`least((${month} + interval '1 month' - interval '1 day')::date, ${to})`;
  return sql`case when ${from} is null and ${to} is null then -1
    when ${first} > ${last} then 0
    else ((1::bigint << extract(day from ${last})::int) - (1::bigint << (extract(day from ${first})::int - 1)))::int end`;
};

/**
 * The WITH list: `r` the buildings (zone, working days, the period's last day up to the building's
 * today), `days` their expected days, `period` the masks of the period's days and working days by
 * month, `p` the filtered people, and `stats` the figures of each person: its expected days, and the
 * days it came in (all, and the working days within its validity) read from its months' rows, one
 * index probe per person and month.
 */
function statsOf(scope: AttendanceScope, filter: AttendanceFilter): RawBuilder<unknown> {
  const buildings = scope.buildings.map(
    (building) =>
      sql`(${building.id}::uuid, ${building.name}::text, ${building.zone}::text, ${`{${building.workingDays.join(',')}}`}::int[])`,
  );
  const conditions = [sql`true`];
  if (filter.department !== undefined) {
    conditions.push(filter.department === '' ? sql`p.department is null` : sql`p.department = ${filter.department}`);
  }
  const search = filter.search?.trim();
  if (search) {
    const prefix = lowerPrefixPattern(search);
    conditions.push(sql`(lower(p.first_name) like ${prefix} or lower(p.last_name) like ${prefix}
      or lower(p.first_name || ' ' || p.last_name) like ${prefix} or lower(p.last_name || ' ' || p.first_name) like ${prefix})`);
  }
  return sql`r as (
      select b.id, b.name, b.zone, b.working,
        least(${scope.to}::date, (${scope.now}::timestamptz at time zone b.zone)::date) as last_day
      from (values ${sql.join(buildings)}) as b (id, name, zone, working)
    ),
    days as (
      select r.id as building_id, d::date as day
      from r cross join generate_series(${scope.from}::date, r.last_day, interval '1 day') as d
      where extract(isodow from d)::int = any(r.working)
    ),
    building_days as (select building_id, count(*)::int as n from days group by building_id),
    p as materialized (
      select p.id, p.first_name, p.last_name, p.department, p.visitor_type, p.building_id, p.valid_from, p.valid_to
      from people p
      where p.tenant_id = ${scope.tenantId} and p.building_id in (${sql.join(scope.buildings.map((b) => b.id))})
        and not p.deactivated and p.visitor_type in ('EMPLOYEE', 'RESIDENT')
        and ${sql.join(conditions, sql` and `)}
    ),
    period as (
      select r.id as building_id, date_trunc('month', d)::date as month, bit_or(${dayBit(sql`d`)}) as period_mask,
        coalesce(bit_or(${dayBit(sql`d`)}) filter (where extract(isodow from d)::int = any(r.working)), 0) as working_mask
      from r cross join generate_series(${scope.from}::date, r.last_day, interval '1 day') as d
      group by 1, 2
    ),
    stats as materialized (
      select p.*, r.name as building_name,
        case when p.valid_from is null and p.valid_to is null then coalesce(bd.n, 0)
          else (select count(*) from days d where d.building_id = p.building_id and ${validDay(sql`d.day`, 'p')})
        end::int as expected_days,
        coalesce(ps.attended_days, 0) as attended_days, coalesce(ps.seen_count, 0) as seen_count
      from p join r on r.id = p.building_id
      left join building_days bd on bd.building_id = p.building_id
      cross join lateral (
        select sum(bit_count((a.days & m.period_mask)::bit(32)))::int as seen_count,
          sum(bit_count((a.days & m.working_mask & ${validMask(sql`m.month`, 'p')})::bit(32)))::int as attended_days
        from period m
        cross join lateral (select a.days from person_attendance_months a
          where a.building_id = m.building_id and a.month = m.month and a.person_id = p.id) a
        where m.building_id = p.building_id
      ) ps
    )`;
}

const orders: Record<AttendanceSort, RawBuilder<unknown>> = {
  name: sql`lower(k.last_name), lower(k.first_name), k.id`,
  // Lowest rate first; nobody expected (no rate) last.
  rate: sql`case when k.expected_days = 0 then null else k.attended_days::float8 / k.expected_days end asc nulls last,
    lower(k.last_name), lower(k.first_name), k.id`,
  department: sql`k.department nulls last, lower(k.last_name), lower(k.first_name), k.id`,
};

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

/**
 * A page of the people (only those seen on no day, if asked; every one without `page`) with
 * their seen and absent days, how many there are, and the figures by department, by building
 * and in all (of the filtered people, whichever page or the never-seen filter).
 */
export async function attendancePage(
  db: Db,
  scope: AttendanceScope,
  filter: AttendanceFilter & { neverSeen: boolean; sort: AttendanceSort },
  page: { offset: number; limit: number } | null,
) {
  const kept = filter.neverSeen ? sql`seen_count = 0` : sql`true`;
  const paging = page ? sql`offset ${page.offset} limit ${page.limit}` : sql``;
  const row = await runReportStatement(
    db,
    sql<{ total: number; people: AttendanceRow[] | null; rates: RateRow[] | null }>`
    with ${statsOf(scope, filter)},
    listed as (
      select k.*, row_number() over (order by ${orders[filter.sort]}) as position
      from stats k where ${kept}
      order by ${orders[filter.sort]} ${paging}
    ),
    listed_days as materialized (
      select l.*, array(
          select m.month + (b.n - 1) from period m
          cross join lateral (select a.days from person_attendance_months a
            where a.building_id = m.building_id and a.month = m.month and a.person_id = l.id) a
          cross join generate_series(1, 31) as b (n)
          where m.building_id = l.building_id and a.days & m.period_mask & (1 << (b.n - 1)) <> 0
          order by 1) as seen_days
      from listed l
    )
    select
      (select count(*) from stats where ${kept})::int as total,
      (select json_agg(json_build_object(
          'id', l.id, 'first_name', l.first_name, 'last_name', l.last_name, 'department', l.department,
          'visitor_type', l.visitor_type, 'building_id', l.building_id, 'building_name', l.building_name,
          'expected_days', l.expected_days, 'attended_days', l.attended_days,
          'seen_days', array(select to_char(x, 'YYYY-MM-DD') from unnest(l.seen_days) as x order by x),
          'absent_days', array(select to_char(d.day, 'YYYY-MM-DD') from days d
            where d.building_id = l.building_id and ${validDay(sql`d.day`, 'l')} and d.day <> all(l.seen_days)
            order by d.day)) order by l.position)
        from listed_days l) as people,
      (select json_agg(g) from (
        select department, building_id,
          grouping(department) = 0 as by_department, grouping(building_id) = 0 as by_building,
          count(*)::int as people, coalesce(sum(expected_days), 0)::int as expected_days,
          coalesce(sum(attended_days), 0)::int as attended_days,
          (count(*) filter (where seen_count = 0))::int as never_seen
        from stats group by grouping sets ((department), (building_id), ())) g) as rates`,
  );
  return { total: row?.total ?? 0, people: row?.people ?? [], rates: row?.rates ?? [] };
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
