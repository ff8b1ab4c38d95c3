import { type Kysely, sql } from 'kysely';

// Accounts: the buildings assigned to a user, the one-time links of password resets
// and e-mail verifications (kept hashed), and the audit log (never changed once written).

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table user_buildings (
      user_id uuid not null references users (id) on delete cascade,
      building_id uuid not null references buildings (id) on delete cascade,
      created_at timestamptz not null default now(),
      primary key (user_id, building_id)
    )`.execute(db);
  await sql`create index user_buildings_building_idx on user_buildings (building_id)`.execute(db);

  await sql`create table account_tokens (
      token_hash text primary key,
      user_id uuid not null references users (id) on delete cascade,
      purpose text not null check (purpose in ('RESET_PASSWORD', 'VERIFY_EMAIL')),
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      used_at timestamptz
    )`.execute(db);
  await sql`create index account_tokens_user_idx on account_tokens (user_id, purpose)`.execute(db);

  // Who did what, to what, with the row before and after. actor_id is the person at the keyboard
  // (the administrator during an impersonation), acting_as_id the user they act as. No foreign
  // keys: the log outlives the users and rows it names.
  await sql`create table audit_log (
      id uuid primary key,
      at timestamptz not null default now(),
      tenant_id uuid,
      actor_id uuid,
      actor_username text,
      acting_as_id uuid,
      action text not null,
      entity text not null,
      entity_id text,
      before jsonb,
      after jsonb,
      client_ip text
    )`.execute(db);
  await sql`create index audit_log_tenant_at_idx on audit_log (tenant_id, at desc)`.execute(db);
  await sql`create index audit_log_entity_idx on audit_log (entity, entity_id)`.execute(db);
  await sql`create function audit_log_is_read_only() returns trigger language plpgsql as $$
    begin
      raise exception 'the audit log is never changed' using errcode = 'insufficient_privilege';
    end
    $$`.execute(db);
  await sql`create trigger audit_log_is_read_only before update or delete on audit_log
    for each statement execute function audit_log_is_read_only()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table audit_log`.execute(db);
  await sql`drop function audit_log_is_read_only()`.execute(db);
  await sql`drop table account_tokens`.execute(db);
  await sql`drop table user_buildings`.execute(db);
}
