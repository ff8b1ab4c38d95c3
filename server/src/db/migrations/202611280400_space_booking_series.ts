import { type Kysely, sql } from 'kysely';

// Space booking (docs/space-booking.md): a booking is a series (one event: its space, host,
// title, repeat rule, attendees, ...) and its occurrences are the rows of `space_bookings`.
// - CONFIRMED becomes APPROVED, the word of the approval flow.
// - Two bookings of a space to come (pending or approved) never overlap: an exclusion
//   constraint refuses the second one whichever instance writes it, so no read-then-write
//   check is needed (btree_gist lets the space's uuid join the range in one gist index).
// - A booking made before series existed becomes a series of its own, under the same id.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists btree_gist`.execute(db);

  await sql`alter table space_bookings drop constraint space_bookings_status_check`.execute(db);
  await sql`update space_bookings set status = 'APPROVED' where status = 'CONFIRMED'`.execute(db);
  await sql`alter table space_bookings add constraint space_bookings_status_check
      check (status in ('PENDING', 'APPROVED', 'REJECTED', 'CANCELLED'))`.execute(db);
  await sql`alter table space_bookings alter column status set default 'APPROVED'`.execute(db);
  await sql`drop index space_bookings_space_active`.execute(db);
  await sql`create index space_bookings_space_active on space_bookings (space_id, ends_at)
      where status in ('PENDING', 'APPROVED')`.execute(db);
  await sql`drop index space_bookings_floor_active`.execute(db);
  await sql`create index space_bookings_floor_active on space_bookings (floor_id, ends_at) include (space_id)
      where status in ('PENDING', 'APPROVED')`.execute(db);

  await sql`create table space_booking_series (
      id uuid primary key,
      tenant_id uuid not null references tenants (id) on delete cascade,
      space_id uuid references spaces (id) on delete set null,
      host_id uuid references users (id) on delete set null,
      created_by uuid references users (id) on delete set null,
      title text not null default '',
      description text,
      comment text,
      repeat text not null default 'NONE' check (repeat in ('NONE', 'DAILY', 'WEEKDAYS', 'WEEKLY', 'MONTHLY', 'YEARLY')),
      repeat_until date,
      time_zone text not null default 'UTC',
      scheduling text not null default 'NONE' check (scheduling in ('NONE', 'ICS', 'GOOGLE')),
      create_invitation boolean not null default false,
      export_key text not null default replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''),
      ics_sequence integer not null default 0,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index space_booking_series_export_key on space_booking_series (export_key)`.execute(db);
  await sql`create index space_booking_series_tenant on space_booking_series (tenant_id)`.execute(db);
  await sql`create index space_booking_series_host on space_booking_series (host_id)`.execute(db);

  await sql`create table space_booking_attendees (
      series_id uuid not null references space_booking_series (id) on delete cascade,
      position integer not null,
      first_name text not null,
      last_name text not null,
      email text not null,
      role text,
      verified boolean not null default false,
      primary key (series_id, position)
    )`.execute(db);

  await sql`alter table space_bookings
      add column series_id uuid references space_booking_series (id) on delete cascade,
      add column occurrence integer not null default 1 check (occurrence > 0)`.execute(db);
  await sql`insert into space_booking_series (id, tenant_id, space_id, created_at, updated_at)
      select id, tenant_id, space_id, created_at, created_at from space_bookings`.execute(db);
  await sql`update space_bookings set series_id = id`.execute(db);
  await sql`alter table space_bookings alter column series_id set not null`.execute(db);
  await sql`create unique index space_bookings_series_occurrence on space_bookings (series_id, occurrence)`.execute(db);
  // The list of a company's bookings over a period.
  await sql`create index space_bookings_tenant_starts on space_bookings (tenant_id, starts_at)`.execute(db);
  await sql`alter table space_bookings add constraint space_bookings_no_overlap
      exclude using gist (space_id with =, tstzrange(starts_at, ends_at) with &&)
      where (status in ('PENDING', 'APPROVED'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table space_bookings drop constraint space_bookings_no_overlap`.execute(db);
  await sql`drop index space_bookings_tenant_starts`.execute(db);
  await sql`drop index space_bookings_series_occurrence`.execute(db);
  await sql`alter table space_bookings drop column occurrence, drop column series_id`.execute(db);
  await sql`drop table space_booking_attendees`.execute(db);
  await sql`drop table space_booking_series`.execute(db);
  await sql`alter table space_bookings drop constraint space_bookings_status_check`.execute(db);
  await sql`update space_bookings set status = 'CONFIRMED' where status = 'APPROVED'`.execute(db);
  await sql`alter table space_bookings add constraint space_bookings_status_check
      check (status in ('PENDING', 'CONFIRMED', 'REJECTED', 'CANCELLED'))`.execute(db);
  await sql`alter table space_bookings alter column status set default 'CONFIRMED'`.execute(db);
  for (const index of ['space_bookings_space_active', 'space_bookings_floor_active'])
    await sql`drop index ${sql.id(index)}`.execute(db);
  await sql`create index space_bookings_space_active on space_bookings (space_id, ends_at)
      where status in ('PENDING', 'CONFIRMED')`.execute(db);
  await sql`create index space_bookings_floor_active on space_bookings (floor_id, ends_at) include (space_id)
      where status in ('PENDING', 'CONFIRMED')`.execute(db);
}
