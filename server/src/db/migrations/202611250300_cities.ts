import { type Kysely, sql } from 'kysely';

// Cities: each company's list of city names, which the address forms suggest. A name
// is unique in its company whatever its case ("Paris" and "paris" are one city). A company's
// cities go with it when the company is deleted.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table cities (
      id uuid primary key,
      tenant_id uuid not null references tenants (id) on delete cascade,
      name text not null check (length(name) between 1 and 80),
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index cities_tenant_name_unique on cities (tenant_id, lower(name))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table cities`.execute(db);
}
