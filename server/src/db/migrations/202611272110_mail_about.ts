import { type Kysely, sql } from 'kysely';

// What an e-mail is about (a visit, a person, a user), so the history of one object lists its
// e-mails with their delivery state. No foreign key: the e-mail outlives the row it names, as the
// audit log does.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('mail_outbox').addColumn('entity', 'text').addColumn('entity_id', 'text').execute();
  await sql`alter table mail_outbox add constraint mail_outbox_entity_check
    check (entity is null or entity in ('visit','person','user'))`.execute(db);
  await sql`create index mail_outbox_entity_idx on mail_outbox (entity, entity_id) where entity is not null`.execute(
    db,
  );
  await sql`create index mail_outbox_created_idx on mail_outbox (created_at desc, id desc)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index mail_outbox_created_idx`.execute(db);
  await sql`drop index mail_outbox_entity_idx`.execute(db);
  await db.schema.alterTable('mail_outbox').dropConstraint('mail_outbox_entity_check').execute();
  await db.schema.alterTable('mail_outbox').dropColumn('entity').dropColumn('entity_id').execute();
}
