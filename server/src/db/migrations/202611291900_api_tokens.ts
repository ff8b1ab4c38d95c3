import { type Kysely, sql } from 'kysely';

// A company's API tokens (docs/api-tokens.md): other systems call with one instead of a person's
// session. Only the token's SHA-256 is kept (`token_hash`), and its first characters to recognise
// it; it acts with the authority of who made it (`created_by`, refused once that user is blocked
// or gone) within its company and its scopes, until it expires or is revoked.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table api_tokens (
      id uuid primary key,
      tenant_id uuid not null references tenants (id) on delete cascade,
      name text not null check (length(name) between 1 and 80),
      scopes text[] not null check (cardinality(scopes) > 0),
      token_hash text not null unique,
      prefix text not null,
      created_at timestamptz not null default now(),
      created_by uuid references users (id) on delete set null,
      expires_at timestamptz not null,
      last_used_at timestamptz,
      revoked_at timestamptz
    )`.execute(db);
  await sql`create index api_tokens_tenant on api_tokens (tenant_id, created_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table api_tokens`.execute(db);
}
