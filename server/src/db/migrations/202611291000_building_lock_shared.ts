import { type Kysely, sql } from 'kysely';
import {
  body as rollupBodyBefore,
  buildingExists,
  personColumns,
  personKey,
  recountPeopleOf,
  touched,
} from './202611272150_building_day_rollups.ts';
import {
  bodies as attendanceBodiesBefore,
  bitOf,
  keysOf,
  personDays,
  recount,
} from './202611280100_person_attendance_months.ts';

// Check-ins in one building no longer wait for each other (docs/reports.md, "How the building
// report stays fast"; docs/scale.md, "A stalled instance stalls nobody else"). The report
// triggers took the building's report lock exclusively and upserted the building-day's dirty
// mark (a row lock) for every visit change, so the check-ins of a building ran one transaction at
// a time: one instance stalled mid-transaction (starved of CPU, a long pause) held every lobby of
// that building, and then the other instances' connections waiting behind it. Now:
// - A change that only adds (a visit inserted checked in, a visit's first check-in, a check-out)
//   takes the building's lock SHARED: what it writes commutes (a first visit lowered with
//   `least`, a day's bit set with `|`, a dirty mark that exists), so such changes run side by
//   side. A change that takes away (a checked-in visit's person, building or check-in changed, a
//   visit deleted) recounts from the visits and takes it EXCLUSIVE, waiting for the additions in
//   flight and seeing them committed. Each building takes one mode per statement, in building
//   order, and both triggers take the same set, so they never lock in different orders.
// - A dirty mark is SHARE-locked (FOR SHARE) instead of updated: concurrent changes share it, and
//   the rollup job's claim (FOR UPDATE SKIP LOCKED) still passes over a mark whose change it
//   cannot see yet. A mark the job took and cleared meanwhile is inserted again.

const versions = (where: string) => `
  select o.* from old_rows o join new_rows n on n.id = o.id where ${where}
  union all
  select n.* from old_rows o join new_rows n on n.id = o.id where ${where}`;

const personChanged = `(${personColumns.replaceAll('%', 'o')}) is distinct from (${personColumns.replaceAll('%', 'n')})`;
/** An update that takes away from what a checked-in visit counted: recounted, exclusively. */
const takesAway = `o.checked_in_at is not null and ${personChanged}`;
/** An update that checks a visit in for the first time: added, as an insert is. */
const firstCheckIn = 'o.checked_in_at is null and n.checked_in_at is not null';

/** Each building a statement touches, with whether it takes its report lock exclusively. */
const lockModes = (op: 'INSERT' | 'UPDATE' | 'DELETE') => {
  if (op === 'INSERT') return `select building_id, false as exclusive from (${touched(op)}) t`;
  if (op === 'DELETE') return `select building_id, true as exclusive from (${touched(op)}) t`;
  return `select t.building_id, false as exclusive from (${touched(op)}) t
    union all
    select r.building_id, true from (${versions(takesAway)}) r`;
};

const lockBuildings = (op: 'INSERT' | 'UPDATE' | 'DELETE') => `
  perform case when k.exclusive
      then pg_advisory_xact_lock(hashtextextended('building_day_rollups:' || k.building_id::text, 0))
      else pg_advisory_xact_lock_shared(hashtextextended('building_day_rollups:' || k.building_id::text, 0)) end
    from (select building_id, bool_or(exclusive) as exclusive from (${lockModes(op)}) m
           where ${buildingExists('m')} group by 1 order by 1) k;`;

/** The building-days a statement's visits touch (docs/reports.md: one day wider on each side in UTC). */
const dirtyDays = (op: 'INSERT' | 'UPDATE' | 'DELETE') => `
  select distinct t.building_id, d::date as day
    from (${touched(op)}) t,
      generate_series((t.checked_in_at at time zone 'UTC')::date - 1,
        (greatest(t.checked_in_at, coalesce(t.checked_out_at, now())) at time zone 'UTC')::date + 1,
        interval '1 day') d
   where ${buildingExists('t')}`;

const markDirty = (op: 'INSERT' | 'UPDATE' | 'DELETE') => `
  select count(*) into wanted from (${dirtyDays(op)}) w;
  loop
    perform 1 from building_day_dirty d join (${dirtyDays(op)}) w on w.building_id = d.building_id and w.day = d.day
      for share of d;
    get diagnostics held = row_count;
    exit when held >= wanted;
    insert into building_day_dirty (building_id, day)
    select building_id, day from (${dirtyDays(op)}) w order by 1, 2
    on conflict (building_id, day) do nothing;
  end loop;`;

/** Lowers the first visits of `rows` (building_id, checked_in_at, person_key). */
const lowerFirstVisits = (rows: string) => `
  insert into person_first_visits (building_id, person_key, first_checked_in_at)
  select building_id, person_key, min(checked_in_at) from (${rows}) t
   where ${buildingExists('t')}
   group by 1, 2 order by 1, 2
  on conflict (building_id, person_key) do update
    set first_checked_in_at = least(person_first_visits.first_checked_in_at, excluded.first_checked_in_at);`;

const personRows = (rows: string) =>
  `select building_id, checked_in_at, ${personKey('r')} as person_key from (${rows}) r where r.checked_in_at is not null`;

const rollupBodies = {
  INSERT: `${lockBuildings('INSERT')}${markDirty('INSERT')}${lowerFirstVisits(touched('INSERT'))}`,
  UPDATE: `${lockBuildings('UPDATE')}${markDirty('UPDATE')}
  ${lowerFirstVisits(personRows(`select n.* from old_rows o join new_rows n on n.id = o.id where ${firstCheckIn}`))}
  ${recountPeopleOf(personRows(versions(takesAway)))}`,
  DELETE: `${lockBuildings('DELETE')}${markDirty('DELETE')}${recountPeopleOf(touched('DELETE'))}`,
} as const;

/** Sets the days of `rows` (visits, alias r) in the attendance months. */
const addAttendance = (rows: string) => `
  insert into person_attendance_months (building_id, month, person_id, days)
  select t.building_id, date_trunc('month', t.local)::date, t.person_id, bit_or(${bitOf('t.local')})
    from (${personDays(rows)}) t
   group by 1, 2, 3 order by 1, 2, 3
  on conflict (building_id, month, person_id) do update set days = person_attendance_months.days | excluded.days;`;

const attendanceChanged = `(o.building_id, o.person_id, o.checked_in_at) is distinct from (n.building_id, n.person_id, n.checked_in_at)`;
const attendanceTakesAway = `o.checked_in_at is not null and ${attendanceChanged}`;

const attendanceBodies = {
  INSERT: `${lockBuildings('INSERT')}${addAttendance('new_rows')}`,
  UPDATE: `${lockBuildings('UPDATE')}
  ${addAttendance(`(select n.* from old_rows o join new_rows n on n.id = o.id where ${firstCheckIn})`)}
  ${recount(`${keysOf(`(select o.* from old_rows o join new_rows n on n.id = o.id where ${attendanceTakesAway})`)}
    union ${keysOf(`(select n.* from old_rows o join new_rows n on n.id = o.id where ${attendanceTakesAway})`)}`)}`,
  DELETE: `${lockBuildings('DELETE')}${recount(keysOf('old_rows'))}`,
} as const;

const events = { insert: 'INSERT', update: 'UPDATE', delete: 'DELETE' } as const;
const eventOf = { INSERT: 'insert', UPDATE: 'update', DELETE: 'delete' } as const;

async function replaceFunctions(
  db: Kysely<any>,
  rollups: (op: 'INSERT' | 'UPDATE' | 'DELETE') => string,
  attendance: (op: 'INSERT' | 'UPDATE' | 'DELETE') => string,
): Promise<void> {
  for (const [event, op] of Object.entries(events)) {
    await sql`create or replace function ${sql.raw(`visits_report_rollups_${event}`)}() returns trigger
      language plpgsql as ${sql.lit(`declare wanted bigint; held bigint; begin ${rollups(op)} return null; end`)}`.execute(
      db,
    );
    await sql`create or replace function ${sql.raw(`visits_person_attendance_${event}`)}() returns trigger
      language plpgsql as ${sql.lit(`begin ${attendance(op)} return null; end`)}`.execute(db);
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await replaceFunctions(
    db,
    (op) => rollupBodies[op],
    (op) => attendanceBodies[op],
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await replaceFunctions(db, rollupBodyBefore, (op) => attendanceBodiesBefore[eventOf[op]]);
}
