import { type Kysely, sql } from 'kysely';

// Live updates: every change to a visit, whoever writes it (a phone's check-in, a kiosk's
// sync, staff, a job, a plain SQL statement), is announced on the channel `vestibule_visits` with
// NOTIFY, delivered at commit to every server instance that LISTENs (the embedded database
// included). Each instance fans it out to its signed-in clients of that building (modules/live).
//
// Statement-level triggers with transition tables, as for people (migration 202611250600): a job
// that checks out 300 visits in one UPDATE, or a statement that touches many rows, sends one
// notification per building and kind of change, not one per row. The payload is a small JSON
// object (about 250 bytes, far under NOTIFY's 8000): `{seq, tenantId, buildingId, visitId, count,
// kind, at}`, `visitId` null when the statement changed several visits of that building in the
// same way (`count` says how many). `seq` comes from one sequence, so every instance names an event
// alike: it is the event's id on the stream, which a client reconnecting to another instance sends
// back as Last-Event-ID.
//
// Updates that change nothing the entry log shows (a job claiming a reminder's "sent at", the
// `updated_at` stamp alone) are not announced: the row is compared without those columns.
//
// A change to a user's assigned buildings is announced on `vestibule_assignments` (the user's id),
// so an open stream of a supervisor, user or space user follows the new assignment at once.

const quietColumns = [
  'updated_at',
  'invitation_sent_at',
  'host_notified_at',
  'start_reminder_sent_at',
  'end_reminder_sent_at',
  'overdue_alert_sent_at',
];
const quiet = `{${quietColumns.join(',')}}`;

/** The notification of each group of `rows` (tenant_id, building_id, id, kind). */
const notifyGroups = (rows: string) => `
        perform pg_notify('vestibule_visits', json_build_object(
            'seq', nextval('visit_event_seq'),
            'tenantId', grouped.tenant_id,
            'buildingId', grouped.building_id,
            'visitId', case when grouped.count = 1 then grouped.visit_id end,
            'count', grouped.count,
            'kind', grouped.kind,
            'at', clock_timestamp())::text)
          from (
            select tenant_id, building_id, kind, count(*) as count, min(id::text) as visit_id
              from (${rows}) as row_changes
             group by tenant_id, building_id, kind
          ) as grouped;`;

const visitTriggers = {
  insert: {
    referencing: 'new table as changed',
    rows: `select tenant_id, building_id, id,
             case when checked_in_at is not null then 'checkedIn' else 'created' end as kind
           from changed`,
  },
  update: {
    referencing: 'old table as before_rows new table as changed',
    rows: `select new_row.tenant_id, new_row.building_id, new_row.id,
             case
               when old_row.checked_in_at is null and new_row.checked_in_at is not null then 'checkedIn'
               when old_row.checked_out_at is null and new_row.checked_out_at is not null then 'checkedOut'
               when old_row.checked_out_at is not null and new_row.checked_out_at is null then 'checkedIn'
               else 'updated'
             end as kind
           from changed as new_row
           join before_rows as old_row on old_row.id = new_row.id
          where to_jsonb(new_row) - '${quiet}'::text[] is distinct from to_jsonb(old_row) - '${quiet}'::text[]
         union all
         select old_row.tenant_id, old_row.building_id, old_row.id, 'deleted'
           from before_rows as old_row
           join changed as new_row on new_row.id = old_row.id
          where new_row.building_id <> old_row.building_id`,
  },
  delete: {
    referencing: 'old table as changed',
    rows: `select tenant_id, building_id, id, 'deleted' as kind from changed`,
  },
};

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create sequence visit_event_seq`.execute(db);
  for (const [operation, { referencing, rows }] of Object.entries(visitTriggers)) {
    const name = sql.raw(`visits_${operation}_notify`);
    const body = `begin${notifyGroups(rows)}
        return null;
      end`;
    await sql`create function ${name}() returns trigger language plpgsql as ${sql.lit(body)}`.execute(db);
    await sql`create trigger ${name} after ${sql.raw(operation)} on visits
      referencing ${sql.raw(referencing)} for each statement execute function ${name}()`.execute(db);
  }
  await sql`create function user_buildings_notify() returns trigger language plpgsql as ${sql.lit(`begin
        perform pg_notify('vestibule_assignments', user_id::text)
          from (select user_id from changed) as users group by user_id;
        return null;
      end`)}`.execute(db);
  for (const operation of ['insert', 'delete']) {
    const name = sql.raw(`user_buildings_${operation}_notify`);
    await sql`create trigger ${name} after ${sql.raw(operation)} on user_buildings
      referencing ${sql.raw(operation === 'insert' ? 'new' : 'old')} table as changed
      for each statement execute function user_buildings_notify()`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const operation of ['insert', 'delete']) {
    await sql`drop trigger ${sql.raw(`user_buildings_${operation}_notify`)} on user_buildings`.execute(db);
  }
  await sql`drop function user_buildings_notify()`.execute(db);
  for (const operation of Object.keys(visitTriggers)) {
    const name = sql.raw(`visits_${operation}_notify`);
    await sql`drop trigger ${name} on visits`.execute(db);
    await sql`drop function ${name}()`.execute(db);
  }
  await sql`drop sequence visit_event_seq`.execute(db);
}
