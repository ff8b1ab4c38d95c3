import { type Kysely, sql } from 'kysely';

// The visitor's photo taken at check-in (docs/check-in.md, "The visitor's photo"): a row of its
// own, so no list of visits ever reads the bytes (the lists ask only whether a row exists), and
// erased with its visit by the foreign key, whatever deletes the visit (staff, retention, a
// company's deletion). A small JPEG (at most 40,960 bytes, checked by the server).
// The host's arrival notice shows it inline: its attachment names the visit (`visit_photo_of`) and
// the bytes are read when the message is sent, as a building's logo is, so the outbox never keeps
// a copy; a visit erased before its message is sent takes the attachment with it.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table visit_photos (
      visit_id uuid primary key references visits (id) on delete cascade,
      tenant_id uuid not null references tenants (id) on delete cascade,
      content bytea not null,
      byte_size integer not null check (byte_size > 0 and byte_size <= 40960),
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`alter table mail_attachments
      add column visit_photo_of uuid references visits (id) on delete cascade`.execute(db);
  await sql`alter table mail_attachments drop constraint mail_attachments_source_check`.execute(db);
  await sql`alter table mail_attachments add constraint mail_attachments_source_check
      check (num_nonnulls(content, building_logo_of, visit_photo_of) = 1)`.execute(db);
  await sql`create index mail_attachments_visit_photo on mail_attachments (visit_photo_of)
      where visit_photo_of is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from mail_attachments where visit_photo_of is not null`.execute(db);
  await sql`alter table mail_attachments drop constraint mail_attachments_source_check`.execute(db);
  await sql`alter table mail_attachments drop column visit_photo_of`.execute(db);
  await sql`alter table mail_attachments add constraint mail_attachments_source_check
      check ((content is not null) <> (building_logo_of is not null))`.execute(db);
  await sql`drop table visit_photos`.execute(db);
}
