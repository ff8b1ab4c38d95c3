import type { Kysely } from 'kysely';

// A one-time sign-in link remembers the administrator who made it: opened for another user, it
// starts an impersonation by that administrator (docs/roles.md, "Signing in as another user").
// Their links die with them.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('sso_tokens')
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('cascade'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sso_tokens').dropColumn('created_by').execute();
}
