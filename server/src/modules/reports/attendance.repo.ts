import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { lowerPrefixPattern } from '../../db/likePattern.ts';
import type { ReportPeriodScope } from './entryReport.repo.ts';

// The attendance report's reads (docs/reports-entries.md, "Attendance and absence"): the
// directory's employees and residents of the buildings, not deactivated; the days each was
// expected (the period's working days of their building, within their validity, up to the
// building's today) and the days they came in (a visit of theirs checked in at their building that
// day, on its clock). One statement answers a page: the per-person figures are computed once (a
// materialised CTE) and serve the page, its count and the rates by department and building.

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

/**
 * The WITH list: `r` the buildings (zone, working days, the period's last day up to the building's
 * today), `days` their expected days, `p` the filtered people, `seen` the days each came in, and
 * `stats` the figures of each person.
 */
function statsOf(scope: AttendanceScope, filter: AttendanceFilter): RawBuilder<unknown> {
  const buildings = scope.buildings.map(
    (building) =>
      sql`(${building.id}::uuid, ${building.name}::text, ${building.zone}::text, ${`{${building.workingDays.join(',')}}`}::int[])`,
  );
  // Each building's visits of a person read by its own index range (visits_building_person_in_idx,
  // from the index alone), the period's instants on its clock being constants of the statement.
  // The buildings were found in the caller's company (reportScope), so their visits are too.
  const visitsOfPeriod = scope.buildings.map(
    (building) => sql`select v.person_id, v.building_id, (v.checked_in_at at time zone ${building.zone})::date as day
      from visits v
      where v.building_id = ${building.id} and v.person_id is not null
        and v.checked_in_at >= (${scope.from}::date)::timestamp at time zone ${building.zone}
        and v.checked_in_at < (${scope.to}::date + 1)::timestamp at time zone ${building.zone}`,
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
    seen as materialized (
      select s.person_id, s.building_id, s.day, d.day is not null as working
      from (select distinct person_id, building_id, day from (${sql.join(visitsOfPeriod, sql` union all `)}) as v) as s
      left join days d on d.building_id = s.building_id and d.day = s.day
    ),
    person_seen as materialized (
      select person_id, building_id, count(*)::int as seen_count, array_agg(day order by day) as seen_days,
        coalesce(array_agg(day) filter (where working), '{}') as working_days
      from seen group by person_id, building_id
    ),
    stats as materialized (
      select p.*, r.name as building_name,
        case when p.valid_from is null and p.valid_to is null then coalesce(bd.n, 0)
          else (select count(*) from days d where d.building_id = p.building_id and ${validDay(sql`d.day`, 'p')})
        end::int as expected_days,
        case when p.valid_from is null and p.valid_to is null then coalesce(cardinality(ps.working_days), 0)
          else (select count(*) from unnest(ps.working_days) as w (day) where ${validDay(sql`w.day`, 'p')})
        end::int as attended_days,
        coalesce(ps.seen_count, 0) as seen_count, coalesce(ps.seen_days, '{}') as seen_days
      from p join r on r.id = p.building_id
      left join building_days bd on bd.building_id = p.building_id
      left join person_seen ps on ps.person_id = p.id and ps.building_id = p.building_id
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
  const { rows } = await sql<{ total: number; people: AttendanceRow[] | null; rates: RateRow[] | null }>`
    with ${statsOf(scope, filter)},
    listed as (
      select k.*, row_number() over (order by ${orders[filter.sort]}) as position
      from stats k where ${kept}
      order by ${orders[filter.sort]} ${paging}
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
        from listed l) as people,
      (select json_agg(g) from (
        select department, building_id,
          grouping(department) = 0 as by_department, grouping(building_id) = 0 as by_building,
          count(*)::int as people, coalesce(sum(expected_days), 0)::int as expected_days,
          coalesce(sum(attended_days), 0)::int as attended_days,
          (count(*) filter (where seen_count = 0))::int as never_seen
        from stats group by grouping sets ((department), (building_id), ())) g) as rates`.execute(db);
  const row = rows[0];
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
