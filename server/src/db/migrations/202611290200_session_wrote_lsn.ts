import { type Kysely, sql } from 'kysely';

// Read your own writes with a replica (docs/scale.md, "Reads on a replica"): where the primary's
// log stood after a session's last change. A list read by that session goes to the replica only
// once the replica has replayed that far. Null: the session has changed nothing since it began
// (or no replica is configured).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table sessions add column wrote_lsn pg_lsn`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table sessions drop column wrote_lsn`.execute(db);
}
