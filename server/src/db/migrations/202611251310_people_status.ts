import { type Kysely, sql } from 'kysely';

// A person of the directory is OUT when a visit of theirs was checked out today (their
// building's day). The list asks it as a range of checked_out_at for the 20 people of a page; this
// index answers each with one probe instead of intersecting the building's whole visit history.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index visits_person_checked_out_idx on visits (person_id, checked_out_at)
    where person_id is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index visits_person_checked_out_idx`.execute(db);
}
