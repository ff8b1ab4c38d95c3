import { type Kysely, sql } from 'kysely';

// A revoked kiosk's entries that reach the server after its revocation are held for review
// (docs/kiosk.md, "Revocation and held entries"): outcome 'held' until an administrator applies
// or discards each; `review` says which they did ('refused' when the check-in rules refused the
// entry they applied), with when and who.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table applied_mutations drop constraint applied_mutations_outcome_check`.execute(db);
  await sql`alter table applied_mutations add constraint applied_mutations_outcome_check
    check (outcome in ('applied','rejected','held'))`.execute(db);
  await db.schema
    .alterTable('applied_mutations')
    .addColumn('review', 'text', (c) => c.check(sql`review in ('applied','refused','discarded')`))
    .addColumn('reviewed_at', 'timestamptz')
    .addColumn('reviewed_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('applied_mutations_held_idx')
    .on('applied_mutations')
    .columns(['building_id', 'received_at'])
    .where(sql.ref('outcome'), '=', 'held')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  // Never lost: an entry still held becomes a refused one, for staff to resolve.
  await sql`update applied_mutations set outcome = 'rejected', error_code = 'KIOSK_DEVICE_REVOKED'
    where outcome = 'held'`.execute(db);
  await db.schema.dropIndex('applied_mutations_held_idx').execute();
  await db.schema.alterTable('applied_mutations').dropColumn('reviewed_by').execute();
  await db.schema.alterTable('applied_mutations').dropColumn('reviewed_at').execute();
  await db.schema.alterTable('applied_mutations').dropColumn('review').execute();
  await sql`alter table applied_mutations drop constraint applied_mutations_outcome_check`.execute(db);
  await sql`alter table applied_mutations add constraint applied_mutations_outcome_check
    check (outcome in ('applied','rejected'))`.execute(db);
}
