import { type Kysely, sql } from 'kysely';

// The attendance report (docs/reports.md, "Attendance and absence"):
//
// - It counts a person absent only on their building's working days (settings.workingDays, ISO
//   weekdays). Every building had Monday to Friday in effect until now (the report's default): it
//   is written down so the building's settings show it.
// - It reads the days the directory's people came in: their visits of the period at a building.
//   A covering index on the building and check-in time, of the visits of a person of the directory
//   only, answers that from the index alone (scripts/bench/absenceReport.bench.ts: 5,000 people's
//   month read without touching the table).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`update buildings set settings = settings || '{"workingDays":[1,2,3,4,5]}'::jsonb
    where settings is not null and not settings ? 'workingDays'`.execute(db);
  await sql`create index visits_building_person_in_idx on visits (building_id, checked_in_at) include (person_id)
    where person_id is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index visits_building_person_in_idx`.execute(db);
  await sql`update buildings set settings = settings - 'workingDays' where settings is not null`.execute(db);
}
