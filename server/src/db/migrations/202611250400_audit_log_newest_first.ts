import { type Kysely, sql } from 'kysely';

// The Logs screen reads the audit log newest first, across every company, a page at a
// time (and audit.csv walks it the same way, row after row). Without an index on the moment,
// each page would sort the whole log, which grows with every sign-in.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index audit_log_at_idx on audit_log (at desc, id desc)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index audit_log_at_idx`.execute(db);
}
