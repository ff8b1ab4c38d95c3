import { type Kysely, sql } from 'kysely';
import { newBuildingSettings } from '@vestibule/shared';

// The attendance report's days (docs/reports.md, "How the attendance report stays fast"): a
// month of 5,000 people is 80,000 person-days; finding them among the visits (each check-in's
// local day, once per person and day) took 70 of the report's 140 ms. `person_attendance_months`
// keeps, per building, month of its calendar and person of the directory, the days of that month
// the person checked in there as bits (bit d-1 for day d): the month is one row per person.
// Correct by construction, in the transaction of the visit change (statement triggers):
// - inserted visits set their day's bit (`|`: a bit is only ever added by an insert);
// - a visit whose building, person or check-in time changed, or that was deleted, has the months it
//   was and is in recounted from the visits (visits_person_checked_in_idx: the person's visits of
//   one month);
// - a building's zone change recounts all its months on the new clock;
// - the trigger first takes the building's report lock (the one the daily rollups' trigger takes),
//   so two transactions changing a building's visits recount one after the other, each seeing what
//   the other committed.
// A building without a zone in its settings is on the default zone, as everywhere else.
// The covering index the report read the visits by before is no longer read: dropped, so that a
// check-in writes one index less.

const defaultZone = newBuildingSettings().timeZoneId.replaceAll("'", "''");
export const zoneOf = (building: string) =>
  `coalesce(nullif(${building}.settings->>'timeZoneId', ''), '${defaultZone}')`;

/** The local check-in of `rows` (alias r) with the building's zone: the person-days they set. */
export const personDays = (rows: string) => `
  select r.building_id, r.person_id, r.checked_in_at at time zone ${zoneOf('b')} as local
    from ${rows} r join buildings b on b.id = r.building_id
   where r.person_id is not null and r.checked_in_at is not null`;

export const bitOf = (local: string) => `(1 << (extract(day from ${local})::int - 1))`;

/** The months of `keys` (building_id, person_id, month) recounted from the visits; empty months removed. */
export const recount = (keys: string) => `
  insert into person_attendance_months (building_id, month, person_id, days)
  select k.building_id, k.month, k.person_id,
      coalesce((select bit_or(${bitOf(`v.checked_in_at at time zone ${zoneOf('b')}`)}) from visits v
        where v.person_id = k.person_id and v.building_id = k.building_id
          and v.checked_in_at >= k.month::timestamp at time zone ${zoneOf('b')}
          and v.checked_in_at < (k.month + interval '1 month')::timestamp at time zone ${zoneOf('b')}), 0)
    from (${keys}) k join buildings b on b.id = k.building_id
   order by 1, 2, 3
  on conflict (building_id, month, person_id) do update set days = excluded.days;
  delete from person_attendance_months where days = 0;`;

const lockBuildings = (rows: string) => `
  perform pg_advisory_xact_lock(hashtextextended('building_day_rollups:' || k.building_id::text, 0))
    from (select distinct building_id from ${rows} x order by 1) k;`;

const changed = `(o.building_id, o.person_id, o.checked_in_at) is distinct from (n.building_id, n.person_id, n.checked_in_at)`;

export const keysOf = (rows: string) =>
  `select distinct t.building_id, t.person_id, date_trunc('month', t.local)::date as month from (${personDays(rows)}) t`;

export const bodies = {
  insert: `
  ${lockBuildings('new_rows')}
  insert into person_attendance_months (building_id, month, person_id, days)
  select t.building_id, date_trunc('month', t.local)::date, t.person_id, bit_or(${bitOf('t.local')})
    from (${personDays('new_rows')}) t
   group by 1, 2, 3 order by 1, 2, 3
  on conflict (building_id, month, person_id) do update set days = person_attendance_months.days | excluded.days;`,
  update: `
  ${lockBuildings(`(select o.building_id from old_rows o join new_rows n on n.id = o.id where ${changed}
    union select n.building_id from old_rows o join new_rows n on n.id = o.id where ${changed})`)}
  ${recount(`${keysOf(`(select o.* from old_rows o join new_rows n on n.id = o.id where ${changed})`)}
    union ${keysOf(`(select n.* from old_rows o join new_rows n on n.id = o.id where ${changed})`)}`)}`,
  delete: `
  ${lockBuildings('old_rows')}
  ${recount(keysOf('old_rows'))}`,
} as const;

const referencing = {
  insert: 'new table as new_rows',
  update: 'old table as old_rows new table as new_rows',
  delete: 'old table as old_rows',
} as const;

/** Every month of `buildings` (alias b) counted from the visits. */
const countAll = (where: string) => `
  insert into person_attendance_months (building_id, month, person_id, days)
  select t.building_id, date_trunc('month', t.local)::date, t.person_id, bit_or(${bitOf('t.local')})
    from (select v.building_id, v.person_id, v.checked_in_at at time zone ${zoneOf('b')} as local
            from visits v join buildings b on b.id = v.building_id
           where v.person_id is not null and v.checked_in_at is not null and ${where}) t
   group by 1, 2, 3`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table person_attendance_months (
    building_id uuid not null references buildings (id) on delete cascade,
    month date not null,
    person_id uuid not null,
    days integer not null,
    primary key (building_id, month, person_id) include (days)
  )`.execute(db);
  for (const event of ['insert', 'update', 'delete'] as const) {
    const name = `visits_person_attendance_${event}`;
    await sql`create function ${sql.raw(name)}() returns trigger language plpgsql as ${sql.lit(
      `begin ${bodies[event]} return null; end`,
    )}`.execute(db);
    await sql`create trigger ${sql.raw(name)} after ${sql.raw(event)} on visits
      referencing ${sql.raw(referencing[event])} for each statement execute function ${sql.raw(name)}()`.execute(db);
  }
  await sql`create function buildings_person_attendance_zone_changed() returns trigger language plpgsql as ${sql.lit(`
    begin
      perform pg_advisory_xact_lock(hashtextextended('building_day_rollups:' || new.id::text, 0));
      delete from person_attendance_months where building_id = new.id;
      ${countAll('v.building_id = new.id')};
      return null;
    end`)}`.execute(db);
  await sql`create trigger buildings_person_attendance_zone_changed after update of settings on buildings
    for each row when (old.settings->>'timeZoneId' is distinct from new.settings->>'timeZoneId')
    execute function buildings_person_attendance_zone_changed()`.execute(db);
  await sql.raw(countAll('true')).execute(db);
  await sql`drop index visits_building_person_in_idx`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`create index visits_building_person_in_idx on visits (building_id, checked_in_at) include (person_id)
    where person_id is not null`.execute(db);
  await sql`drop trigger buildings_person_attendance_zone_changed on buildings`.execute(db);
  await sql`drop function buildings_person_attendance_zone_changed()`.execute(db);
  for (const event of ['insert', 'update', 'delete'] as const) {
    const name = `visits_person_attendance_${event}`;
    await sql`drop trigger ${sql.raw(name)} on visits`.execute(db);
    await sql`drop function ${sql.raw(name)}()`.execute(db);
  }
  await sql`drop table person_attendance_months`.execute(db);
}
