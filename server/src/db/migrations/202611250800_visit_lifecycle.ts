import { type Kysely, sql } from 'kysely';

// The front desk: what a visit needs once staff invite and follow it.
// - The host is an employee of the people directory (host keeps the name shown, for visits
//   whose host is typed or whose person is later deleted).
// - Who invited, and how the visit was checked out (the auto check-out keeps its reason).
// - Every notice is sent once: each has its own "sent at" column, claimed by the job that sends
//   it in the transaction that puts the message in the outbox, so a job that runs twice or on
//   two instances acts once.
// - A visit never checked in is marked expired by a job (expired_at), the status rule still
//   reading the times.
// - A visitor's own registration is a source of its own.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('visits')
    .addColumn('host_person_id', 'uuid', (c) => c.references('people.id').onDelete('set null'))
    .addColumn('invited_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('is_invitation', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('checkout_method', 'text')
    .addColumn('invitation_sent_at', 'timestamptz')
    .addColumn('host_notified_at', 'timestamptz')
    .addColumn('start_reminder_sent_at', 'timestamptz')
    .addColumn('end_reminder_sent_at', 'timestamptz')
    .addColumn('overdue_alert_sent_at', 'timestamptz')
    .addColumn('expired_at', 'timestamptz')
    .execute();
  await sql`alter table visits add constraint visits_checkout_method_check check (checkout_method is null
    or checkout_method in ('OWN_DEVICE','KIOSK','STAFF','AUTO_TIMEOUT','AUTO_SPECIFIC_TIME'))`.execute(db);
  await sql`alter table visits drop constraint visits_source_check`.execute(db);
  await sql`alter table visits add constraint visits_source_check
    check (source in ('OWN_DEVICE','KIOSK','STAFF','REGISTRATION'))`.execute(db);
  await db.schema.createIndex('visits_host_person_idx').on('visits').column('host_person_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table visits drop constraint visits_source_check`.execute(db);
  await sql`alter table visits add constraint visits_source_check check (source in ('OWN_DEVICE','KIOSK','STAFF'))`.execute(
    db,
  );
  await sql`alter table visits drop constraint visits_checkout_method_check`.execute(db);
  await db.schema
    .alterTable('visits')
    .dropColumn('host_person_id')
    .dropColumn('invited_by')
    .dropColumn('is_invitation')
    .dropColumn('checkout_method')
    .dropColumn('invitation_sent_at')
    .dropColumn('host_notified_at')
    .dropColumn('start_reminder_sent_at')
    .dropColumn('end_reminder_sent_at')
    .dropColumn('overdue_alert_sent_at')
    .dropColumn('expired_at')
    .execute();
}
