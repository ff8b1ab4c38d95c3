import { type Kysely, sql } from 'kysely';

// A company may require single sign-on (docs/sso.md, "Requiring it"): its users whose e-mail is
// of the provider's domains no longer sign in with a password.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table sso_providers add column require_sso boolean not null default false`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table sso_providers drop column require_sso`.execute(db);
}
