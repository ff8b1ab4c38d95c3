import { type Kysely, sql } from 'kysely';

// Sessions that end. A token names its session (`sid`); the session is what can be
// revoked (sign-out, account changes), what goes idle, what an impersonation's 60 minutes are
// counted on, and what holds the company an admin or tech user last selected.
// Sign-in failures are counted per username and address; an address where a user signed in
// before stays usable when the username as a whole is being attacked.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sessions')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('impersonator_id', 'uuid', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('selected_tenant_id', 'uuid', (c) => c.references('tenants.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();
  await db.schema.createIndex('sessions_impersonator_idx').on('sessions').column('impersonator_id').execute();

  // Blocking a user, changing their password or their role ends their sessions, and the
  // impersonations they started, whichever code path makes the change.
  await sql`
    create function vestibule_end_sessions_on_account_change() returns trigger language plpgsql as $$
    begin
      if new.blocked is distinct from old.blocked
        or new.password_hash is distinct from old.password_hash
        or new.role is distinct from old.role then
        update sessions set revoked_at = now()
          where (user_id = new.id or impersonator_id = new.id) and revoked_at is null;
      end if;
      return new;
    end;
    $$`.execute(db);
  await sql`
    create trigger users_end_sessions after update of blocked, password_hash, role on users
    for each row execute function vestibule_end_sessions_on_account_change()`.execute(db);

  await db.schema
    .createTable('login_known_addresses')
    .addColumn('username_key', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('last_success_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('login_known_addresses_pk', ['username_key', 'address'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('login_known_addresses').execute();
  await sql`drop trigger users_end_sessions on users`.execute(db);
  await sql`drop function vestibule_end_sessions_on_account_change()`.execute(db);
  await db.schema.dropTable('sessions').execute();
}
