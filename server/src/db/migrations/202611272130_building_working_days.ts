import { type Kysely, sql } from 'kysely';

// The attendance report counts a person absent only on their building's working days
// (settings.workingDays, ISO weekdays; docs/reports-entries.md). Every building had Monday to
// Friday in effect until now (the report's default): it is written down so the setting shows it.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`update buildings set settings = settings || '{"workingDays":[1,2,3,4,5]}'::jsonb
    where settings is not null and not settings ? 'workingDays'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`update buildings set settings = settings - 'workingDays' where settings is not null`.execute(db);
}
