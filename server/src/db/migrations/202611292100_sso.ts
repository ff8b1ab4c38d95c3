import { type Kysely, sql } from 'kysely';

// Single sign-on with a company's OpenID Connect provider (docs/sso.md). One provider per company;
// its client secret is kept sealed (security/secretBox). A sign-in under way keeps its state
// (SHA-256 only), nonce and PKCE verifier for ten minutes; the callback marks it used, so a state
// comes back once.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table sso_providers (
      tenant_id uuid primary key references tenants (id) on delete cascade,
      enabled boolean not null default true,
      display_name text not null check (length(display_name) between 1 and 80),
      issuer text not null,
      client_id text not null,
      client_secret_sealed text not null,
      allowed_domains text[] not null check (cardinality(allowed_domains) > 0),
      role_claim text,
      create_users boolean not null default false,
      default_role text not null
        check (default_role in ('ROLE_MASTER', 'ROLE_SUPERVISOR', 'ROLE_USER', 'ROLE_SPACE')),
      updated_at timestamptz not null default now(),
      updated_by uuid references users (id) on delete set null
    )`.execute(db);
  await sql`create table sso_logins (
      state_hash text primary key,
      tenant_id uuid not null references tenants (id) on delete cascade,
      nonce text not null,
      code_verifier text not null,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      used_at timestamptz
    )`.execute(db);
  await sql`create index sso_logins_expiry on sso_logins (expires_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table sso_logins`.execute(db);
  await sql`drop table sso_providers`.execute(db);
}
