import type { Kysely } from 'kysely';

// A visit checked in back (the entry log's undo of a check-out) is open again from that moment:
// `reopened_at` is when. The automatic check-out, the end reminder and the overdue alert count
// from it as well as from the check-in (shared/src/domain/lifecycle.ts), so a visit the job had
// checked out is not checked out again, nor alerted, within the minute of being re-opened.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('visits').addColumn('reopened_at', 'timestamptz').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('visits').dropColumn('reopened_at').execute();
}
