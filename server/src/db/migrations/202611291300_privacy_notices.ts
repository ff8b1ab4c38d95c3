import { type Kysely, sql } from 'kysely';

// A company's privacy notice (docs/privacy.md, "The privacy notice"): markdown, versioned like
// the signed documents (publishing adds a version, none is ever edited), shown on the visitor's
// pages and the kiosk's welcome screen. A visit records the version its visitor was shown when
// checking in, so what they were told can always be read again. A new version raises the
// configuration version of every building of the company (migration 202611240100): check-ins
// and kiosks read the notice with their building's configuration.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table privacy_notices (
      tenant_id uuid not null references tenants (id) on delete cascade,
      version integer not null check (version > 0),
      body text not null,
      created_at timestamptz not null default now(),
      created_by uuid references users (id) on delete set null,
      primary key (tenant_id, version)
    )`.execute(db);
  await sql`alter table visits add column privacy_notice_version integer`.execute(db);
  await sql`create function privacy_notices_config_version() returns trigger language plpgsql as ${sql.lit(`begin
      update buildings set config_version = config_version + 1 where tenant_id = new.tenant_id;
      return null;
    end`)}`.execute(db);
  await sql`create trigger privacy_notices_config_version after insert on privacy_notices
    for each row execute function privacy_notices_config_version()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger privacy_notices_config_version on privacy_notices`.execute(db);
  await sql`drop function privacy_notices_config_version()`.execute(db);
  await sql`alter table visits drop column privacy_notice_version`.execute(db);
  await sql`drop table privacy_notices`.execute(db);
}
