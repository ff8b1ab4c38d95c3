import { type Kysely, sql } from 'kysely';

// Whether a company's booking map shows who is where today (docs/space-booking.md, "Who is
// where"): off unless the company turns it on, for its people's privacy.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table tenants add column share_whereabouts boolean not null default false`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table tenants drop column share_whereabouts`.execute(db);
}
