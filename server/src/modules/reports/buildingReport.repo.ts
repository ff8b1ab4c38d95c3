import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { assignedTo } from '../../db/assignedBuildings.ts';

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
 * Every figure of one building over [start, end):
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
export async function buildingFigures(db: Db, window: FiguresWindow): Promise<BuildingFiguresRow> {
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

  // Three statements, each on a connection of its own on a server (one after the other on the
  // embedded database): their sizes follow the period's visits, so side by side they end sooner.
  // The planner cannot foresee those sizes: its estimates made PostgreSQL compile the statement
  // (JIT, 140 ms of a 90-day report) and the sweep's sort of 100,000 arrivals and departures
  // spilled to disk at the default 4 MB. Both are set for these statements alone.
  const run = <Row>(statement: RawBuilder<Row>) => {
    const work = async (trx: Db) => {
      await sql`set local jit = off`.execute(trx);
      await sql`set local work_mem = '64MB'`.execute(trx);
      return (await statement.execute(trx)).rows[0]!;
    };
    return db.isTransaction ? work(db) : db.transaction().execute(work);
  };
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
