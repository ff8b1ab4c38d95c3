import { type Kysely, sql } from 'kysely';

// The evacuation list's roll call, shared by every warden (docs/visits.md, "The roll call"). A
// roll call belongs to a building: a warden starts it (an alarm or a drill), marks belong to it,
// it ends. At most one runs per building at a time. Marks are a history, never changed: each row
// says who marked (a user, or a kiosk on its staff screen), whom (the visit), how (present,
// absent, or null for a mark taken back) and when; a person's mark is the latest by its time
// (shared/src/domain/rollCall.ts). The names of who started, ended and marked are kept as they
// were, so the record stays readable after a user is deleted or a kiosk renamed.
//
// A kiosk that starts a roll call offline makes its id itself; when it syncs, that id becomes an
// alias of the building's roll call of that moment if there was one (`roll_call_aliases`), so
// its later marks join the roll call the other wardens work on.
//
// Live updates: each statement that starts or ends roll calls, or writes marks, is announced on
// `vestibule_roll_calls` with a number from the visits' event sequence (migration 202611251200),
// so one Last-Event-ID orders and catches up both kinds of event on the stream.
//
// A kiosk's roll-call entries go through the sync's `applied_mutations` like its check-ins: a
// start or an end names no visit.

const notifyGroups = (rows: string) => `begin
        perform pg_notify('vestibule_roll_calls', json_build_object(
            'seq', nextval('visit_event_seq'),
            'tenantId', grouped.tenant_id,
            'buildingId', grouped.building_id,
            'rollCallId', grouped.roll_call_id,
            'count', grouped.count,
            'kind', grouped.kind,
            'at', clock_timestamp())::text)
          from (
            select tenant_id, building_id, roll_call_id, kind, count(*) as count
              from (${rows}) as row_changes
             group by tenant_id, building_id, roll_call_id, kind
          ) as grouped;
        return null;
      end`;

const triggers = [
  {
    name: 'roll_calls_insert_notify',
    table: 'roll_calls',
    operation: 'insert',
    referencing: 'new table as changed',
    rows: `select tenant_id, building_id, id as roll_call_id, 'started' as kind from changed`,
  },
  {
    name: 'roll_calls_update_notify',
    table: 'roll_calls',
    operation: 'update',
    referencing: 'old table as before_rows new table as changed',
    rows: `select new_row.tenant_id, new_row.building_id, new_row.id as roll_call_id,
             case when new_row.ended_at is not null then 'ended' else 'started' end as kind
           from changed as new_row
           join before_rows as old_row on old_row.id = new_row.id
          where new_row.ended_at is distinct from old_row.ended_at
             or new_row.started_at is distinct from old_row.started_at`,
  },
  {
    name: 'roll_call_marks_insert_notify',
    table: 'roll_call_marks',
    operation: 'insert',
    referencing: 'new table as changed',
    rows: `select tenant_id, building_id, roll_call_id, 'marked' as kind from changed`,
  },
];

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table roll_calls (
      id uuid primary key,
      tenant_id uuid not null references tenants (id) on delete cascade,
      building_id uuid not null references buildings (id) on delete cascade,
      reason text not null check (reason in ('ALARM', 'DRILL')),
      started_at timestamptz not null,
      started_by_user_id uuid references users (id) on delete set null,
      started_by_device_id uuid,
      started_by_name text,
      ended_at timestamptz,
      ended_by_user_id uuid references users (id) on delete set null,
      ended_by_device_id uuid,
      ended_by_name text,
      created_at timestamptz not null default now(),
      constraint roll_calls_ends_after_start check (ended_at is null or ended_at >= started_at)
    )`.execute(db);
  // One running roll call per building: two wardens starting at once share it.
  await sql`create unique index roll_calls_running on roll_calls (building_id) where ended_at is null`.execute(db);
  await sql`create index roll_calls_building_started on roll_calls (building_id, started_at desc)`.execute(db);

  await sql`create table roll_call_aliases (
      id uuid primary key,
      roll_call_id uuid not null references roll_calls (id) on delete cascade,
      device_id uuid not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index roll_call_aliases_roll_call on roll_call_aliases (roll_call_id)`.execute(db);

  await sql`create table roll_call_marks (
      id uuid primary key,
      roll_call_id uuid not null references roll_calls (id) on delete cascade,
      tenant_id uuid not null references tenants (id) on delete cascade,
      building_id uuid not null references buildings (id) on delete cascade,
      visit_id uuid not null references visits (id) on delete cascade,
      status text check (status in ('PRESENT', 'ABSENT')),
      marked_at timestamptz not null,
      marked_by_user_id uuid references users (id) on delete set null,
      marked_by_device_id uuid,
      marked_by_name text,
      recorded_at timestamptz not null default now(),
      constraint roll_call_marks_one_marker check (marked_by_user_id is null or marked_by_device_id is null)
    )`.execute(db);
  await sql`create index roll_call_marks_roll_call on roll_call_marks (roll_call_id, recorded_at, id)`.execute(db);
  await sql`create index roll_call_marks_visit on roll_call_marks (visit_id)`.execute(db);

  for (const trigger of triggers) {
    const name = sql.raw(trigger.name);
    await sql`create function ${name}() returns trigger language plpgsql as ${sql.lit(notifyGroups(trigger.rows))}`.execute(
      db,
    );
    await sql`create trigger ${name} after ${sql.raw(trigger.operation)} on ${sql.raw(trigger.table)}
      referencing ${sql.raw(trigger.referencing)} for each statement execute function ${name}()`.execute(db);
  }

  await sql`alter table applied_mutations alter column visit_id drop not null`.execute(db);
  await sql`alter table applied_mutations drop constraint applied_mutations_type_check`.execute(db);
  await sql`alter table applied_mutations add constraint applied_mutations_type_check
      check (type in ('checkIn', 'checkOut', 'rollCall'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from applied_mutations where type = 'rollCall'`.execute(db);
  await sql`alter table applied_mutations drop constraint applied_mutations_type_check`.execute(db);
  await sql`alter table applied_mutations add constraint applied_mutations_type_check
      check (type in ('checkIn', 'checkOut'))`.execute(db);
  await sql`alter table applied_mutations alter column visit_id set not null`.execute(db);
  for (const trigger of triggers) {
    const name = sql.raw(trigger.name);
    await sql`drop trigger ${name} on ${sql.raw(trigger.table)}`.execute(db);
    await sql`drop function ${name}()`.execute(db);
  }
  await sql`drop table roll_call_marks`.execute(db);
  await sql`drop table roll_call_aliases`.execute(db);
  await sql`drop table roll_calls`.execute(db);
}
