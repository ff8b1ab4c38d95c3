import { type Kysely, sql } from 'kysely';

// The building report's daily rollups (docs/reports.md, "How the building report stays fast";
// decision in docs/architecture.md): a 90-day report of the busiest building read 54,000 visits
// three times (totals, per-day counts, heat map, hosts, companies, the peak-occupancy sweep).
// Each closed day of a building (before its today, on its clock) is kept in
// `building_day_rollups`, rebuilt from the visits by an idempotent job (jobs/buildingRollups.job.ts):
// what adds up day by day (visits by type and hour, hosts, companies, overdue among the visits
// checked out, automatic check-outs, the day's peak occupancy), and what does not add up but can be
// merged exactly: the day's people (their keys, counted once over the period) and stays (minutes,
// for the average and the median). Correct by construction:
// - every change to a visit marks, in the same transaction, the days it touches dirty in
//   `building_day_dirty` (a statement-level trigger): its check-in day through its check-out day,
//   or through today while it is inside (a stay counts in each day's peak: a kiosk's check-in of
//   last week synced now, still inside, is in every day's peak since), one day wider on each side
//   in UTC so that the days are right on any building clock without reading the building's zone;
// - the report reads a day's rollup only when it exists, is clean, is of a closed day and was made
//   on the building's current zone; any other day is counted from the visits in the same
//   statement, so the answer always equals a recount;
// - a building's zone change marks every day it has a rollup for (±1 day) dirty.
// A building deleted with its visits (a company's deletion cascades) is marked nothing.
// The dirty row is upserted (`do update`), so it is row-locked by the visit's transaction: the job
// (FOR UPDATE SKIP LOCKED) never clears a mark whose change it cannot see yet.
//
// `person_first_visits`: each person's (visit_person_key) first check-in in a building, kept by
// the same trigger: the people first seen in a period are one range of its index, and those
// returning the rest, instead of one probe of the visits per person (18,000 in a 90-day report).
// Inserted visits can only make a first visit earlier (`least`); a person whose visit was changed
// or deleted is recounted from the visits. The trigger first takes a transaction lock of the
// building, so two transactions changing a building's visits mark and recount one after the
// other, each seeing what the other committed (a check-in already waited for the previous one on
// today's dirty mark, so this adds no wait), and never deadlock on marks taken in another order.

export const personKey = (alias: string) =>
  `visit_person_key(${alias}.person_id, ${alias}.email, ${alias}.first_name, ${alias}.last_name, ${alias}.phone, ${alias}.id)`;

/** The columns a rollup or a first visit depends on: an update changing none of them marks nothing. */
export const watched = [
  'building_id',
  'checked_in_at',
  'checked_out_at',
  'visitor_type',
  'company_name',
  'host',
  'host_person_id',
  'host_user_id',
  'scheduled_duration',
  'checkout_method',
  'person_id',
  'email',
  'first_name',
  'last_name',
  'phone',
]
  .map((column) => `%.${column}`)
  .join(', ');
/** The person columns: a change of none of them (nor of the building or check-in) keeps first visits. */
export const personColumns = ['building_id', 'checked_in_at', 'person_id', 'email', 'first_name', 'last_name', 'phone']
  .map((column) => `%.${column}`)
  .join(', ');

/**
 * The visit rows a statement touched (checked in, before or after the change); of an update, the
 * rows whose `columns` changed.
 */
export const touched = (op: 'INSERT' | 'UPDATE' | 'DELETE', columns = watched) => {
  const select = `building_id, checked_in_at, checked_out_at, ${personKey('r')} as person_key`;
  if (op === 'INSERT') return `select ${select} from new_rows r where r.checked_in_at is not null`;
  if (op === 'DELETE') return `select ${select} from old_rows r where r.checked_in_at is not null`;
  const changed = `(${columns.replaceAll('%', 'o')}) is distinct from (${columns.replaceAll('%', 'n')})`;
  return `select ${select} from (
      select o.* from old_rows o join new_rows n on n.id = o.id where ${changed}
      union all
      select n.* from old_rows o join new_rows n on n.id = o.id where ${changed}
    ) r where r.checked_in_at is not null`;
};

export const buildingExists = (alias: string) => `exists (select 1 from buildings b where b.id = ${alias}.building_id)`;

/** The people whose first visit a statement may have changed, recounted from the visits. */
const recountPeople = (op: 'UPDATE' | 'DELETE') => recountPeopleOf(touched(op, personColumns));

/** The people of `rows` (building_id, person_key) recounted from the visits. */
export const recountPeopleOf = (rows: string) => `
  insert into person_first_visits (building_id, person_key, first_checked_in_at)
  select k.building_id, k.person_key, k.first
    from (select k.building_id, k.person_key,
            (select min(v.checked_in_at) from visits v
              where v.building_id = k.building_id and v.checked_in_at is not null
                and ${personKey('v')} = k.person_key) as first
            from (select distinct building_id, person_key from (${rows}) t) k) k
   where k.first is not null and ${buildingExists('k')}
   order by 1, 2
  on conflict (building_id, person_key) do update set first_checked_in_at = excluded.first_checked_in_at;

  delete from person_first_visits p
   using (select distinct building_id, person_key from (${rows}) t) k
   where p.building_id = k.building_id and p.person_key = k.person_key
     and not exists (select 1 from visits v where v.building_id = k.building_id and v.checked_in_at is not null
       and ${personKey('v')} = k.person_key);`;

export const body = (op: 'INSERT' | 'UPDATE' | 'DELETE') => `
  perform pg_advisory_xact_lock(hashtextextended('building_day_rollups:' || k.building_id::text, 0))
    from (select distinct building_id from (${touched(op)}) t where ${buildingExists('t')} order by 1) k;

  insert into building_day_dirty (building_id, day)
  select distinct t.building_id, d::date
    from (${touched(op)}) t,
      generate_series((t.checked_in_at at time zone 'UTC')::date - 1,
        (greatest(t.checked_in_at, coalesce(t.checked_out_at, now())) at time zone 'UTC')::date + 1,
        interval '1 day') d
   where ${buildingExists('t')}
   order by 1, 2
  on conflict (building_id, day) do update set marked_at = excluded.marked_at;
${
  op === 'INSERT'
    ? `
  insert into person_first_visits (building_id, person_key, first_checked_in_at)
  select building_id, person_key, min(checked_in_at) from (${touched(op)}) t
   where ${buildingExists('t')}
   group by 1, 2 order by 1, 2
  on conflict (building_id, person_key) do update
    set first_checked_in_at = least(person_first_visits.first_checked_in_at, excluded.first_checked_in_at);`
    : recountPeople(op)
}`;

const triggers = {
  insert: { referencing: 'new table as new_rows', op: 'INSERT' },
  update: { referencing: 'old table as old_rows new table as new_rows', op: 'UPDATE' },
  delete: { referencing: 'old table as old_rows', op: 'DELETE' },
} as const;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table building_day_rollups (
    building_id uuid not null references buildings (id) on delete cascade,
    day date not null,
    time_zone text not null,
    visits integer not null,
    by_type jsonb not null,
    by_hour jsonb not null,
    person_keys text[] not null,
    stays numeric[] not null,
    overdue integer not null,
    auto_check_outs integer not null,
    peak integer not null,
    peak_at timestamptz,
    hosts jsonb not null,
    companies jsonb not null,
    built_at timestamptz not null default now(),
    primary key (building_id, day)
  )`.execute(db);
  await sql`create table building_day_dirty (
    building_id uuid not null references buildings (id) on delete cascade,
    day date not null,
    marked_at timestamptz not null default now(),
    primary key (building_id, day)
  )`.execute(db);
  await sql`create table person_first_visits (
    building_id uuid not null references buildings (id) on delete cascade,
    person_key text not null,
    first_checked_in_at timestamptz not null,
    primary key (building_id, person_key)
  )`.execute(db);
  await sql`create index person_first_visits_building_first_idx on person_first_visits (building_id, first_checked_in_at)`.execute(
    db,
  );

  for (const [event, trigger] of Object.entries(triggers)) {
    const name = `visits_report_rollups_${event}`;
    await sql`create function ${sql.raw(name)}() returns trigger language plpgsql as ${sql.lit(
      `begin ${body(trigger.op)} return null; end`,
    )}`.execute(db);
    await sql`create trigger ${sql.raw(name)} after ${sql.raw(event)} on visits
      referencing ${sql.raw(trigger.referencing)} for each statement execute function ${sql.raw(name)}()`.execute(db);
  }
  await sql`create function buildings_report_zone_changed() returns trigger language plpgsql as $$
    begin
      insert into building_day_dirty (building_id, day)
      select distinct new.id, d::date
        from building_day_rollups r, generate_series(r.day - 1, r.day + 1, interval '1 day') d
       where r.building_id = new.id
       order by 1, 2
      on conflict (building_id, day) do update set marked_at = excluded.marked_at;
      return null;
    end $$`.execute(db);
  await sql`create trigger buildings_report_zone_changed after update of settings on buildings
    for each row when (old.settings->>'timeZoneId' is distinct from new.settings->>'timeZoneId')
    execute function buildings_report_zone_changed()`.execute(db);

  // The visits already there: every day they touch is dirty (the job builds it), every person's
  // first visit is recorded.
  await sql`insert into building_day_dirty (building_id, day)
    select distinct building_id, d::date from visits,
      generate_series((checked_in_at at time zone 'UTC')::date - 1,
        (greatest(checked_in_at, coalesce(checked_out_at, now())) at time zone 'UTC')::date + 1, interval '1 day') d
     where checked_in_at is not null`.execute(db);
  await sql`insert into person_first_visits (building_id, person_key, first_checked_in_at)
    select building_id, ${sql.raw(personKey('visits'))}, min(checked_in_at) from visits
     where checked_in_at is not null group by 1, 2`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger buildings_report_zone_changed on buildings`.execute(db);
  await sql`drop function buildings_report_zone_changed()`.execute(db);
  for (const event of Object.keys(triggers)) {
    const name = `visits_report_rollups_${event}`;
    await sql`drop trigger ${sql.raw(name)} on visits`.execute(db);
    await sql`drop function ${sql.raw(name)}()`.execute(db);
  }
  await sql`drop table person_first_visits`.execute(db);
  await sql`drop table building_day_dirty`.execute(db);
  await sql`drop table building_day_rollups`.execute(db);
}
