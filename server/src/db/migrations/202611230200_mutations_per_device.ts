import { type Kysely, sql } from 'kysely';

// A kiosk's mutation ids are its own: the same id from another device is another
// mutation, never a "duplicate" answered with someone else's outcome. The key keeps its name,
// which the push uses to recognise a second delivery.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table applied_mutations drop constraint applied_mutations_pkey`.execute(db);
  await sql`alter table applied_mutations add constraint applied_mutations_pkey primary key (device_id, mutation_id)`.execute(
    db,
  );
  await db.schema.createIndex('applied_mutations_mutation_idx').on('applied_mutations').column('mutation_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('applied_mutations_mutation_idx').execute();
  await sql`alter table applied_mutations drop constraint applied_mutations_pkey`.execute(db);
  await sql`alter table applied_mutations add constraint applied_mutations_pkey primary key (mutation_id)`.execute(db);
}
