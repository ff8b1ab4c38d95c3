import { type Kysely, sql } from 'kysely';

// Retention (docs/privacy.md, "Retention") empties the payload of the kiosk entries that made the
// visits it anonymises, found by their visit: without this index each batch read every entry ever
// pushed.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index applied_mutations_visit_idx on applied_mutations (visit_id) where visit_id is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index applied_mutations_visit_idx`.execute(db);
}
