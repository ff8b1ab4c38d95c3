import { type Kysely, sql } from 'kysely';

// The visitor's photo taken at check-in (docs/check-in.md, "The visitor's photo"): a row of its
// own, so no list of visits ever reads the bytes (the lists ask only whether a row exists), and
// erased with its visit by the foreign key, whatever deletes the visit (staff, retention, a
// company's deletion). A small JPEG (at most 40,960 bytes, checked by the server).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table visit_photos (
      visit_id uuid primary key references visits (id) on delete cascade,
      tenant_id uuid not null references tenants (id) on delete cascade,
      content bytea not null,
      byte_size integer not null check (byte_size > 0 and byte_size <= 40960),
      created_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table visit_photos`.execute(db);
}
