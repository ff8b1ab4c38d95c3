import { type Kysely, sql } from 'kysely';

// The people directory: a company's regulars, each of one building. The pass
// identifier is what a person's QR code encodes (random, unique, replaced when the pass is
// revoked); the personal PIN is stored hashed (scrypt, as passwords). An external id is unique in
// its company (re-importing a file updates people by it). A visit names its person (person_id);
// deleting a person keeps their visits, unlinked.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table people (
      id uuid primary key,
      tenant_id uuid not null references tenants (id) on delete cascade,
      building_id uuid not null references buildings (id) on delete cascade,
      first_name text not null check (length(first_name) between 1 and 64),
      last_name text not null check (length(last_name) between 1 and 64),
      email text check (length(email) <= 254),
      phone text check (length(phone) <= 40),
      visitor_type text not null check (visitor_type in ('VISITOR','CONTRACTOR','EMPLOYEE','RESIDENT')),
      external_id text check (length(external_id) <= 254),
      job_title text check (length(job_title) <= 254),
      department text check (length(department) <= 254),
      company_name text check (length(company_name) <= 126),
      default_duration integer check (default_duration between 5 and 1440 and default_duration % 5 = 0),
      valid_from date,
      valid_to date,
      locale text not null default 'en' check (locale in ('en','fr','es')),
      pin_hash text,
      pass_identifier text not null unique,
      deactivated boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check (visitor_type <> 'EMPLOYEE' or default_duration is not null),
      check (valid_to is null or valid_from is null or valid_to >= valid_from)
    )`.execute(db);
  await sql`create unique index people_tenant_external_id_unique on people (tenant_id, external_id)
      where external_id is not null`.execute(db);
  await sql`create index people_tenant_last_name_idx on people (tenant_id, lower(last_name), lower(first_name), id)`.execute(
    db,
  );
  await sql`create index people_building_idx on people (building_id)`.execute(db);
  await sql`create index visits_person_checked_in_idx on visits (person_id, checked_in_at)
      where person_id is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index visits_person_checked_in_idx`.execute(db);
  await sql`drop table people`.execute(db);
}
