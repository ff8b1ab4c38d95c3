import { type Kysely, sql } from 'kysely';

// A visitor's calendar follows their visit. An invitation moved (a new time or length,
// by the visitor's reschedule or postpone pages or by staff) is sent again, and a cancelled one is
// withdrawn with a cancellation, each `.ics` keeping the visit's UID with a higher SEQUENCE.
// - `invitation_sequence`: the version of the visit's calendar event, raised by each such change
//   and by the cancellation (the change also clears `invitation_sent_at`, so the invitation job
//   sends the new version).
// - `invitation_sent_sequence`: the version the visitor last received (null: no invitation was
//   ever sent, so a cancellation has nobody to tell).
// - `cancellation_sent_at`: the cancellation's notice, claimed once by its job like the others.
//   Cancellations made before this migration are marked told: a deploy sends no burst of late news.
// The live-update trigger leaves the two columns a job's claim writes out of what it compares, as
// it does the other notices' "sent at".

const quietBefore = [
  'updated_at',
  'invitation_sent_at',
  'host_notified_at',
  'start_reminder_sent_at',
  'end_reminder_sent_at',
  'overdue_alert_sent_at',
];
const quietAfter = [...quietBefore, 'invitation_sent_sequence', 'cancellation_sent_at'];

/** The update trigger's function of migration 202611251200, with `quiet` as its unannounced columns. */
function updateNotify(quiet: string[]): string {
  const list = `{${quiet.join(',')}}`;
  return `begin
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
              from (select new_row.tenant_id, new_row.building_id, new_row.id,
             case
               when old_row.checked_in_at is null and new_row.checked_in_at is not null then 'checkedIn'
               when old_row.checked_out_at is null and new_row.checked_out_at is not null then 'checkedOut'
               when old_row.checked_out_at is not null and new_row.checked_out_at is null then 'checkedIn'
               else 'updated'
             end as kind
           from changed as new_row
           join before_rows as old_row on old_row.id = new_row.id
          where to_jsonb(new_row) - '${list}'::text[] is distinct from to_jsonb(old_row) - '${list}'::text[]
         union all
         select old_row.tenant_id, old_row.building_id, old_row.id, 'deleted'
           from before_rows as old_row
           join changed as new_row on new_row.id = old_row.id
          where new_row.building_id <> old_row.building_id) as row_changes
             group by tenant_id, building_id, kind
          ) as grouped;
        return null;
      end`;
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('visits')
    .addColumn('invitation_sequence', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('invitation_sent_sequence', 'integer')
    .addColumn('cancellation_sent_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('visits_cancellation_unsent_idx')
    .on('visits')
    .column('cancelled_at')
    .where(
      sql<boolean>`cancelled_at is not null and cancellation_sent_at is null and invitation_sent_sequence is not null`,
    )
    .execute();
  // First, so the two updates below (notices' columns only) are not announced.
  await sql`create or replace function visits_update_notify() returns trigger language plpgsql as ${sql.lit(
    updateNotify(quietAfter),
  )}`.execute(db);
  await sql`update visits set invitation_sent_sequence = 0 where invitation_sent_at is not null`.execute(db);
  await sql`update visits set cancellation_sent_at = cancelled_at where cancelled_at is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`create or replace function visits_update_notify() returns trigger language plpgsql as ${sql.lit(
    updateNotify(quietBefore),
  )}`.execute(db);
  await db.schema.dropIndex('visits_cancellation_unsent_idx').execute();
  await db.schema
    .alterTable('visits')
    .dropColumn('invitation_sequence')
    .dropColumn('invitation_sent_sequence')
    .dropColumn('cancellation_sent_at')
    .execute();
}
