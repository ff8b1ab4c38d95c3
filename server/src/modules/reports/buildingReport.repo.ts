import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { assignedTo } from '../../db/assignedBuildings.ts';
import { runReportStatement } from './reportStatement.repo.ts';

// The building report's reads (docs/reports.md, "Building report"): per building, on its own
// clock, over whole local days [start, end). The visits of the period are the visits checked in
// during it.

export interface ReportBuildingRow {
  id: string;
  name: string;
  time_zone: string | null;
}

/** The buildings asked for that are the company's and, for `assignedTo`, assigned to that user. */
export function reportBuildings(
  db: Db,
  tenantId: string,
  ids: readonly string[],
  assignedToUser: string | undefined,
): Promise<ReportBuildingRow[]> {
  let query = db
    .selectFrom('buildings')
    .select(['buildings.id', 'buildings.name', sql<string | null>`buildings.settings->>'timeZoneId'`.as('time_zone')])
    .where('buildings.tenant_id', '=', tenantId)
    .where('buildings.id', 'in', ids);
  if (assignedToUser) query = query.where((eb) => assignedTo(eb, assignedToUser, 'buildings.id'));
  return query.execute();
}

export interface BuildingFiguresRow {
  totals: {
    visits: number;
    people: number;
    average_stay: number | null;
    median_stay: number | null;
    overdue: number;
    auto_check_outs: number;
    returning: number;
  };
  no_shows: number;
  refusals: number;
  by_day_type: { day: string; type: string; visits: number }[] | null;
  heat: { weekday: number; hour: number; visits: number }[] | null;
  peaks: { day: string; peak: number; at: string }[] | null;
  hosts: { name: string; visits: number }[] | null;
  companies: { name: string; visits: number }[] | null;
}

export interface FiguresWindow {
  buildingId: string;
  timeZone: string;
  /** The building's midnight starting the period's first day. */
  start: Date;
  /** The building's midnight ending the period's last day. */
  end: Date;
  /** A visit still inside counts until now. */
  now: Date;
  /** The period's first day (yyyy-MM-dd) and its number of days. */
  from: string;
  days: number;
}

/**
 * A duration PostgreSQL reads as an interval (ISO 8601 `PT#H#M`), as `visit_expected_end` checks
 * it: written inline, a function call per visit cost more than the rest of its figures.
 */
const durationIsValid = sql`scheduled_duration ~ '^PT([0-9]+H)?([0-9]+M)?$' and scheduled_duration <> 'PT'`;

const personKey = (alias: string) =>
  sql.raw(
    `visit_person_key(${alias}.person_id, ${alias}.email, ${alias}.first_name, ${alias}.last_name, ${alias}.phone, ${alias}.id)`,
  );

/**
 * Every figure of one building over [start, end), counted from the visits alone: the report as it
 * was before the daily rollups, kept as the recount the rollups are proven equal to (tests).
 * - the period's visits (checked in during it) by local day and person type, by local ISO weekday
 *   and hour; their stays (checked out: minutes from check-in to check-out), those past their
 *   expected end (check-in plus duration) when they left or now, those the automatic check-out
 *   closed; the people among them and those seen in the building before the period;
 * - no-shows: invitations due in the period (by their scheduled time), their expected end passed,
 *   never arrived, neither refused nor cancelled; refusals: visits turned away at the door, on the
 *   day they were due or, without a scheduled time, recorded;
 * - the peak occupancy of each day: every stay that overlaps the period, cut to it (an open one
 *   until now), swept once in time order, arrivals +1 and departures -1 (a departure before an
 *   arrival at the same instant), with a mark (0) at each local midnight so that the people
 *   inside at a day's start (a stay across midnight) count for that day; each day's peak is the
 *   most inside at its midnight or at an arrival during it, and the first moment it was reached.
 *   One sweep rather than stays cut day by day: its size follows the visits, never their days.
 */
export async function buildingFiguresRecount(db: Db, window: FiguresWindow): Promise<BuildingFiguresRow> {
  const building = sql`${window.buildingId}::uuid`;
  const zone = sql`${window.timeZone}::text`;
  const start = sql`${window.start}::timestamptz`;
  const end = sql`${window.end}::timestamptz`;
  const now = sql`${window.now}::timestamptz`;
  // The period's visits, as each statement reads them (the report's covering index alone).
  const periodVisits = (columns: ReturnType<typeof sql>) => sql`
    select ${columns} from visits
    where building_id = ${building} and checked_in_at >= ${start} and checked_in_at < ${end}`;

  const visitsStatement = sql<Pick<BuildingFiguresRow, 'totals'>>`
    with v as materialized (${periodVisits(sql`checked_in_at, checked_out_at, checkout_method, scheduled_duration,
      ${personKey('visits')} as person_key`)}),
    people as (
      select person_key from v group by person_key
    )
    select json_build_object(
      'visits', count(*),
      'people', (select count(*) from people),
      'average_stay', round((avg(extract(epoch from checked_out_at - checked_in_at) / 60)
        filter (where checked_out_at is not null))::numeric, 1),
      'median_stay', round((percentile_cont(0.5) within group (order by extract(epoch from checked_out_at - checked_in_at) / 60)
        filter (where checked_out_at is not null))::numeric, 1),
      'overdue', count(*) filter (where case when ${durationIsValid}
        then coalesce(checked_out_at, ${now}) > checked_in_at + scheduled_duration::interval else false end),
      'auto_check_outs', count(*) filter (where checkout_method in ('AUTO_TIMEOUT', 'AUTO_SPECIFIC_TIME')),
      'returning', (select count(*) from people where exists (
        select 1 from visits h
        where h.building_id = ${building} and h.checked_in_at is not null and h.checked_in_at < ${start}
          and ${personKey('h')} = people.person_key))
    ) as totals from v`;

  const sweepStatement = sql<Pick<BuildingFiguresRow, 'peaks'>>`
    with stays as (
      select checked_in_at as s, least(coalesce(checked_out_at, ${now}), ${end}) as e
      from (${periodVisits(sql`checked_in_at, checked_out_at`)}) p
      union all
      select ${start}, least(checked_out_at, ${end}) from visits
        where building_id = ${building} and checked_in_at is not null
          and checked_out_at > ${start} and checked_in_at < ${start}
      union all
      select ${start}, least(${now}, ${end}) from visits
        where building_id = ${building} and checked_in_at is not null and checked_out_at is null
          and checked_in_at < ${start}
    ),
    events as (
      select s as at, 1 as delta from stays where s < e
      union all
      select e, -1 from stays where s < e and e < ${end}
      union all
      select ((${window.from}::date + k)::timestamp at time zone ${zone}), 0
      from generate_series(0, ${window.days - 1}::int) k
    ),
    running as (
      select at, delta, sum(delta) over (order by at, delta rows between unbounded preceding and current row) as inside
      from events
    ),
    peaks as (
      select distinct on (day) (at at time zone ${zone})::date as day, inside, at
      from running where delta >= 0
      order by day, inside desc, at
    )
    select json_agg(json_build_object('day', day, 'peak', inside, 'at', at)) as peaks from peaks`;

  const countsStatement = sql<Omit<BuildingFiguresRow, 'totals' | 'peaks'>>`
    with v as materialized (${periodVisits(sql`visitor_type, company_name, host, host_person_id, host_user_id,
      (checked_in_at at time zone ${zone}) as local_in`)}),
    not_arrived as (
      select scheduled_at, scheduled_duration, allowed, cancelled_at, checked_out_at from visits
      where building_id = ${building} and checked_in_at is null
        and coalesce(scheduled_at, created_at) >= ${start} and coalesce(scheduled_at, created_at) < ${end}
    )
    select
      (select count(*)::int from not_arrived
        where scheduled_at is not null and allowed and cancelled_at is null and checked_out_at is null
          and coalesce(visit_expected_end(null, scheduled_at, scheduled_duration), scheduled_at) <= ${now}) as no_shows,
      (select count(*)::int from not_arrived where not allowed and checked_out_at is null) as refusals,
      (select json_agg(json_build_object('day', day, 'type', visitor_type, 'visits', visits)) from (
        select local_in::date as day, visitor_type, count(*) as visits from v group by 1, 2) t) as by_day_type,
      (select json_agg(json_build_object('weekday', weekday, 'hour', hour, 'visits', visits)) from (
        select extract(isodow from local_in)::int as weekday, extract(hour from local_in)::int as hour, count(*) as visits
        from v group by 1, 2) t) as heat,
      (select json_agg(json_build_object('name', name, 'visits', visits) order by visits desc, name) from (
        select coalesce(min(nullif(btrim(host), '')), '') as name, count(*) as visits from v
        where host_person_id is not null or host_user_id is not null or nullif(btrim(host), '') is not null
        group by coalesce('p:' || host_person_id::text, 'u:' || host_user_id::text, 't:' || lower(btrim(host)))
        order by visits desc, name limit 10) t) as hosts,
      (select json_agg(json_build_object('name', name, 'visits', visits) order by visits desc, name) from (
        select min(btrim(company_name)) as name, count(*) as visits from v
        where nullif(btrim(company_name), '') is not null
        group by lower(btrim(company_name))
        order by visits desc, name limit 10) t) as companies`;

  const run = <Row>(statement: RawBuilder<Row>) => runReportStatement(db, statement);
  if (db.isTransaction) {
    // One connection: the statements in turn.
    const visitsRow = await run(visitsStatement);
    const sweepRow = await run(sweepStatement);
    return { ...visitsRow, ...sweepRow, ...(await run(countsStatement)) };
  }
  const [visitsRow, sweepRow, countsRow] = await Promise.all([
    run(visitsStatement),
    run(sweepStatement),
    run(countsStatement),
  ]);
  return { ...visitsRow, ...sweepRow, ...countsRow };
}

/** A stretch of whole local days of one building: its first day and how many, their bounds. */
interface DaysWindow {
  building: RawBuilder<unknown>;
  zone: RawBuilder<unknown>;
  /** The building's midnight starting the first day, and the one ending the last. */
  start: RawBuilder<unknown>;
  end: RawBuilder<unknown>;
  /** The first day (date) and the number of days. */
  from: RawBuilder<unknown>;
  days: RawBuilder<unknown>;
  now: RawBuilder<unknown>;
}

/**
 * The figures of each day of a stretch that add up day by day, one row per day, in the shape of
 * `building_day_rollups`, counted from the visits: the visits checked in that day by person type
 * (`by_type` {type: n}) and by hour (`by_hour` {hour: n}), the hosts and companies they came for
 * (`hosts`/`companies` [{k: key, n: name or null, v: visits}], merged across days by key: the
 * name kept is the least, as the recount's), the peak occupancy and its first moment (the sweep
 * of `buildingFiguresRecount`, over the stretch: the stays begun before it count from its start).
 */
function dayRows(w: DaysWindow) {
  return sql<DayRow>`
    with dv as materialized (
      select visitor_type, company_name, host, host_person_id, host_user_id, (checked_in_at at time zone ${w.zone}) as local_in,
        checked_in_at, checked_out_at, checkout_method, scheduled_duration, ${personKey('visits')} as person_key
      from visits where building_id = ${w.building} and checked_in_at >= ${w.start} and checked_in_at < ${w.end}),
    stays as (
      select checked_in_at as s, least(coalesce(checked_out_at, ${w.now}), ${w.end}) as e from visits
        where building_id = ${w.building} and checked_in_at >= ${w.start} and checked_in_at < ${w.end}
      union all
      select ${w.start}, least(checked_out_at, ${w.end}) from visits
        where building_id = ${w.building} and checked_in_at is not null
          and checked_out_at > ${w.start} and checked_in_at < ${w.start}
      union all
      select ${w.start}, least(${w.now}, ${w.end}) from visits
        where building_id = ${w.building} and checked_in_at is not null and checked_out_at is null
          and checked_in_at < ${w.start}
    ),
    events as (
      select s as at, 1 as delta from stays where s < e
      union all
      select e, -1 from stays where s < e and e < ${w.end}
      union all
      select ((${w.from} + k)::timestamp at time zone ${w.zone}), 0 from generate_series(0, ${w.days} - 1) k
    ),
    running as (
      select at, delta, sum(delta) over (order by at, delta rows between unbounded preceding and current row) as inside
      from events
    ),
    peaks as (
      select distinct on (day) (at at time zone ${w.zone})::date as day, inside::int as peak, at
      from running where delta >= 0
      order by day, inside desc, at
    )
    select d.day, coalesce(a.visits, 0) as visits, coalesce(t.by_type, '{}') as by_type,
      coalesce(h.by_hour, '{}') as by_hour, coalesce(a.person_keys, '{}') as person_keys,
      coalesce(a.stays, '{}') as stays, coalesce(a.overdue, 0) as overdue,
      coalesce(a.auto_check_outs, 0) as auto_check_outs,
      coalesce(p.peak, 0) as peak, p.at as peak_at, coalesce(o.hosts, '[]') as hosts,
      coalesce(c.companies, '[]') as companies
    from (select (${w.from} + k)::date as day from generate_series(0, ${w.days} - 1) k) d
    left join (select local_in::date as day, count(*)::int as visits, array_agg(distinct person_key) as person_keys,
        coalesce(array_agg(extract(epoch from checked_out_at - checked_in_at) / 60)
          filter (where checked_out_at is not null), '{}') as stays,
        count(*) filter (where checked_out_at is not null and case when ${durationIsValid}
          then checked_out_at > checked_in_at + scheduled_duration::interval else false end)::int as overdue,
        count(*) filter (where checkout_method in ('AUTO_TIMEOUT', 'AUTO_SPECIFIC_TIME'))::int as auto_check_outs
        from dv group by 1) a using (day)
    left join (select day, jsonb_object_agg(visitor_type, visits) as by_type from (
        select local_in::date as day, visitor_type, count(*) as visits from dv group by 1, 2) x group by day) t using (day)
    left join (select day, jsonb_object_agg(hour, visits) as by_hour from (
        select local_in::date as day, extract(hour from local_in)::int as hour, count(*) as visits from dv group by 1, 2) x
        group by day) h using (day)
    left join (select day, jsonb_agg(jsonb_build_object('k', k, 'n', n, 'v', v)) as hosts from (
        select local_in::date as day, coalesce('p:' || host_person_id::text, 'u:' || host_user_id::text,
          't:' || lower(btrim(host))) as k, min(nullif(btrim(host), '')) as n, count(*) as v from dv
        where host_person_id is not null or host_user_id is not null or nullif(btrim(host), '') is not null
        group by 1, 2) x group by day) o using (day)
    left join (select day, jsonb_agg(jsonb_build_object('k', k, 'n', n, 'v', v)) as companies from (
        select local_in::date as day, lower(btrim(company_name)) as k, min(btrim(company_name)) as n, count(*) as v
        from dv where nullif(btrim(company_name), '') is not null group by 1, 2) x group by day) c using (day)
    left join peaks p using (day)`;
}

interface DayRow {
  day: string;
  visits: number;
  person_keys: string[];
  stays: string[];
  overdue: number;
  auto_check_outs: number;
  by_type: Record<string, number>;
  by_hour: Record<string, number>;
  peak: number;
  peak_at: string | null;
  hosts: unknown;
  companies: unknown;
}

/**
 * Every figure of one building over [start, end) (definitions: `buildingFiguresRecount`, which it
 * always equals), in one statement, from the days' figures: each day's rollup when it can be
 * trusted (made, on the building's current zone, of a closed day: before its today; not marked
 * dirty since); a closed day with neither a rollup nor a mark has no visit checked in and no stay
 * that ended after its start (either would have marked it), so its only figure is its peak: the
 * visits checked in before it and still inside; the other days counted from the visits in the
 * same statement over the stretch from the first to the last of them (usually today alone).
 * The totals come from the days too: people from the days' people (their keys: people do not
 * add up), the average and median stay from the days' stays, the overdue among the visits checked
 * out (an open visit's depends on now: counted from the visits still inside); returning people
 * are the period's people less those whose first visit (`person_first_visits`) is in the period.
 * The no-shows and refusals come from the visits never arrived (a small index range).
 */
export async function buildingFigures(db: Db, window: FiguresWindow): Promise<BuildingFiguresRow> {
  const building = sql`${window.buildingId}::uuid`;
  const zone = sql`${window.timeZone}::text`;
  const start = sql`${window.start}::timestamptz`;
  const end = sql`${window.end}::timestamptz`;
  const now = sql`${window.now}::timestamptz`;
  const from = sql`${window.from}::date`;
  const to = sql`(${window.from}::date + ${window.days - 1}::int)`;

  const statement = sql<BuildingFiguresRow>`
    with clean as materialized (
      select r.day, r.visits, r.by_type, r.by_hour, r.person_keys, r.stays, r.overdue, r.auto_check_outs,
        r.peak, r.peak_at, r.hosts, r.companies from building_day_rollups r
      where r.building_id = ${building} and r.day >= ${from} and r.day <= ${to} and r.time_zone = ${zone}
        and r.day < (${now} at time zone ${zone})::date
        and not exists (select 1 from building_day_dirty d where d.building_id = r.building_id and d.day = r.day)
    ),
    gap as materialized (
      select (${from} + k)::date as day from generate_series(0, ${window.days - 1}::int) k
      where (${from} + k)::date < (${now} at time zone ${zone})::date
      except select day from building_day_rollups where building_id = ${building} and day >= ${from} and day <= ${to}
      except select day from building_day_dirty where building_id = ${building} and day >= ${from} and day <= ${to}
    ),
    gap_days as (
      select g.day, 0 as visits, '{}'::jsonb as by_type, '{}'::jsonb as by_hour, '{}'::text[] as person_keys,
        '{}'::numeric[] as stays, 0 as overdue, 0 as auto_check_outs, o.inside::int as peak,
        g.day::timestamp at time zone ${zone} as peak_at, '[]'::jsonb as hosts, '[]'::jsonb as companies
      from gap g cross join lateral (select count(*) as inside from visits
        where building_id = ${building} and checked_in_at is not null and checked_out_at is null
          and checked_in_at < g.day::timestamp at time zone ${zone}) o
    ),
    raw_days as materialized (
      select (${from} + k)::date as day from generate_series(0, ${window.days - 1}::int) k
      except select day from clean
      except select day from gap
    ),
    bounds as materialized (
      select min(day) as first, max(day) as last from raw_days
    ),
    counted as (
      select w.* from (${dayRows({
        building,
        zone,
        start: sql`(select case when first = ${from} then ${start} else first::timestamp at time zone ${zone} end from bounds)`,
        end: sql`(select case when last = ${to} then ${end} else (last + 1)::timestamp at time zone ${zone} end from bounds)`,
        from: sql`(select first from bounds)`,
        days: sql`(select last - first + 1 from bounds)`,
        now,
      })}) w where w.day in (select day from raw_days)
    ),
    all_days as (
      select * from clean union all select * from gap_days union all select * from counted
    ),
    not_arrived as (
      select scheduled_at, scheduled_duration, allowed, cancelled_at, checked_out_at from visits
      where building_id = ${building} and checked_in_at is null
        and coalesce(scheduled_at, created_at) >= ${start} and coalesce(scheduled_at, created_at) < ${end}
    ),
    stays as materialized (
      select s.minutes from all_days, unnest(all_days.stays) s(minutes)
    ),
    people as materialized (
      select count(*) as n from (select k from all_days, unnest(all_days.person_keys) k group by k) p
    )
    select
      (select json_build_object(
        'visits', (select coalesce(sum(visits), 0) from all_days),
        'people', (select n from people),
        'average_stay', (select round(avg(minutes), 1) from stays),
        'median_stay', (select round((percentile_cont(0.5) within group (order by minutes))::numeric, 1) from stays),
        'overdue', (select coalesce(sum(overdue), 0) from all_days) + (select count(*) from visits
          where building_id = ${building} and checked_in_at >= ${start} and checked_in_at < ${end}
            and checked_out_at is null and case when ${durationIsValid}
              then ${now} > checked_in_at + scheduled_duration::interval else false end),
        'auto_check_outs', (select coalesce(sum(auto_check_outs), 0) from all_days),
        'returning', (select n from people) - (select count(*) from person_first_visits
          where building_id = ${building} and first_checked_in_at >= ${start} and first_checked_in_at < ${end})
      )) as totals,
      (select count(*)::int from not_arrived
        where scheduled_at is not null and allowed and cancelled_at is null and checked_out_at is null
          and coalesce(visit_expected_end(null, scheduled_at, scheduled_duration), scheduled_at) <= ${now}) as no_shows,
      (select count(*)::int from not_arrived where not allowed and checked_out_at is null) as refusals,
      (select json_agg(json_build_object('day', day, 'type', e.key, 'visits', e.value::int))
        from all_days, jsonb_each_text(all_days.by_type) e) as by_day_type,
      (select json_agg(json_build_object('weekday', weekday, 'hour', hour, 'visits', visits)) from (
        select extract(isodow from day)::int as weekday, e.key::int as hour, sum(e.value::int) as visits
        from all_days, jsonb_each_text(all_days.by_hour) e group by 1, 2) t) as heat,
      (select json_agg(json_build_object('day', day, 'peak', peak, 'at', peak_at)) from all_days) as peaks,
      (select json_agg(json_build_object('name', name, 'visits', visits) order by visits desc, name) from (
        select coalesce(min(h.n), '') as name, sum(h.v) as visits
        from all_days, jsonb_to_recordset(all_days.hosts) as h(k text, n text, v int)
        group by h.k order by visits desc, name limit 10) t) as hosts,
      (select json_agg(json_build_object('name', name, 'visits', visits) order by visits desc, name) from (
        select min(c.n) as name, sum(c.v) as visits
        from all_days, jsonb_to_recordset(all_days.companies) as c(k text, n text, v int)
        group by c.k order by visits desc, name limit 10) t) as companies`;

  return runReportStatement(db, statement);
}

export interface DirtyDayRow {
  building_id: string;
  day: string;
  time_zone: string | null;
}

/**
 * Up to `limit` days marked dirty up to `lastDay` (a day no building's today can be before: the UTC
 * date), unlocked. Oldest days first: they are over on every building's clock, so a batch is never
 * filled with days that are still today somewhere while older ones wait.
 */
export async function dirtyDayCandidates(trx: Db, lastDay: string, limit: number): Promise<DirtyDayRow[]> {
  const rows = await sql<DirtyDayRow>`
    select d.building_id, d.day::text as day, b.settings->>'timeZoneId' as time_zone
    from building_day_dirty d join buildings b on b.id = d.building_id
    where d.day <= ${lastDay}::date
    order by d.day, d.building_id limit ${limit}`.execute(trx);
  return rows.rows;
}

/**
 * Claims the closed days among the candidates: row-locked for this transaction, the days a visit
 * change in flight holds (docs/reports.md) or another instance claimed are skipped. Only closed
 * days are locked, so a check-in sharing today's mark never waits for the job.
 */
export async function claimDirtyDays(
  trx: Db,
  days: readonly { building_id: string; day: string }[],
): Promise<Set<string>> {
  if (days.length === 0) return new Set();
  const rows = await sql<{ building_id: string; day: string }>`
    select d.building_id, d.day::text as day from building_day_dirty d
    join unnest(${days.map((d) => d.building_id)}::uuid[], ${days.map((d) => d.day)}::date[]) c (building_id, day)
      on c.building_id = d.building_id and c.day = d.day
    order by d.day, d.building_id
    for update of d skip locked`.execute(trx);
  return new Set(rows.rows.map((row) => `${row.building_id}/${row.day}`));
}

/** Rebuilds a building's rollups of the whole days [from, from + days) from its visits, on `zone`. */
export async function rebuildRollups(
  trx: Db,
  stretch: { buildingId: string; timeZone: string; start: Date; end: Date; from: string; days: number; now: Date },
): Promise<void> {
  const building = sql`${stretch.buildingId}::uuid`;
  const zone = sql`${stretch.timeZone}::text`;
  await sql`
    insert into building_day_rollups (building_id, day, time_zone, visits, by_type, by_hour, person_keys, stays, overdue,
      auto_check_outs, peak, peak_at, hosts, companies)
    select ${building}, w.day, ${zone}, w.visits, w.by_type, w.by_hour, w.person_keys, w.stays, w.overdue,
      w.auto_check_outs, w.peak, w.peak_at, w.hosts, w.companies
    from (${dayRows({
      building,
      zone,
      start: sql`${stretch.start}::timestamptz`,
      end: sql`${stretch.end}::timestamptz`,
      from: sql`${stretch.from}::date`,
      days: sql`${stretch.days}::int`,
      now: sql`${stretch.now}::timestamptz`,
    })}) w
    on conflict (building_id, day) do update set time_zone = excluded.time_zone, visits = excluded.visits,
      person_keys = excluded.person_keys, stays = excluded.stays, overdue = excluded.overdue,
      auto_check_outs = excluded.auto_check_outs, by_type = excluded.by_type,
      by_hour = excluded.by_hour, peak = excluded.peak, peak_at = excluded.peak_at, hosts = excluded.hosts,
      companies = excluded.companies, built_at = now()`.execute(trx);
}

/** Clears the dirty marks of a building's days (claimed by this transaction). */
export async function clearDirtyDays(trx: Db, buildingId: string, days: readonly string[]): Promise<void> {
  await sql`delete from building_day_dirty where building_id = ${buildingId}::uuid and day = any(${days}::date[])`.execute(
    trx,
  );
}
