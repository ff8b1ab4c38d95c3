import { type Kysely, sql } from 'kysely';

// Floors, their plan image and the spaces drawn on them (docs/floors-and-spaces.md).
// - A floor belongs to a building; its name is unique in the building whatever its case.
// - Its plan image is a row of its own (`floor_plans`), so that no list of floors ever reads the
//   bytes; the row's random key is in the image's public address and changes with each upload,
//   so the address is cached for a year and a new plan is never hidden by an old cache.
// - A space belongs to a floor; its name is unique on the floor whatever its case. Its shape is
//   relative to the plan (0..1), so a new plan of another resolution keeps it in place. An
//   approver who is deleted leaves the space without that approver.
// - `space_bookings` is the start of the bookings: today it holds what deleting a space or a
//   floor must respect (bookings not yet over are cancelled, never dropped silently). A cancelled
//   booking outlives its space (space_id set null), so the history of what was cancelled stays.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table floors (
      id uuid primary key,
      tenant_id uuid not null references tenants (id) on delete cascade,
      building_id uuid not null references buildings (id) on delete cascade,
      name text not null,
      level integer,
      config jsonb not null default '{"gridStep":0.01,"snap":true,"showNames":true}',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index floors_building_name on floors (building_id, lower(name))`.execute(db);
  await sql`create index floors_tenant_building on floors (tenant_id, building_id)`.execute(db);

  await sql`create table floor_plans (
      floor_id uuid primary key references floors (id) on delete cascade,
      key text not null,
      content bytea not null,
      content_type text not null check (content_type in ('image/gif', 'image/png', 'image/jpeg', 'image/bmp')),
      width integer not null check (width > 0),
      height integer not null check (height > 0),
      bytes integer not null check (bytes > 0),
      uploaded_at timestamptz not null default now()
    )`.execute(db);

  await sql`create table spaces (
      id uuid primary key,
      tenant_id uuid not null references tenants (id) on delete cascade,
      floor_id uuid not null references floors (id) on delete cascade,
      name text not null,
      kind text not null check (kind in ('ROOM', 'DESK', 'OTHER')),
      capacity integer,
      color text not null,
      public boolean not null default true,
      available boolean not null default true,
      description text,
      approver1_id uuid references users (id) on delete set null,
      approver2_id uuid references users (id) on delete set null,
      shape jsonb,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index spaces_floor_name on spaces (floor_id, lower(name))`.execute(db);
  await sql`create index spaces_tenant_name on spaces (tenant_id, name)`.execute(db);
  await sql`create index spaces_approver1 on spaces (approver1_id) where approver1_id is not null`.execute(db);
  await sql`create index spaces_approver2 on spaces (approver2_id) where approver2_id is not null`.execute(db);

  await sql`create table space_bookings (
      id uuid primary key,
      tenant_id uuid not null references tenants (id) on delete cascade,
      space_id uuid references spaces (id) on delete set null,
      starts_at timestamptz not null,
      ends_at timestamptz not null,
      status text not null default 'CONFIRMED' check (status in ('PENDING', 'CONFIRMED', 'REJECTED', 'CANCELLED')),
      cancelled_at timestamptz,
      created_at timestamptz not null default now(),
      check (ends_at > starts_at)
    )`.execute(db);
  await sql`create index space_bookings_space on space_bookings (space_id)`.execute(db);
  // The bookings to come of each space, counted on every map (an index-only scan per space).
  await sql`create index space_bookings_space_active on space_bookings (space_id, ends_at)
      where status in ('PENDING', 'CONFIRMED')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['space_bookings', 'spaces', 'floor_plans', 'floors']) {
    await sql`drop table ${sql.table(table)}`.execute(db);
  }
}
