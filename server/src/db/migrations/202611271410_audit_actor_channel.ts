import { type Kysely, sql } from 'kysely';

// The audit log's actor may be a channel rather than a user: a visitor's own device (their
// visit's links), an enrolled kiosk, or the building's automatic rules (the automatic
// check-out). `actor_channel` names it; `actor_device_id` the device (a kiosk's or a phone's
// device id, as kiosk_devices keeps it) when one acted.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('audit_log')
    .addColumn('actor_channel', 'text', (c) => c.check(sql`actor_channel in ('OWN_DEVICE', 'KIOSK', 'AUTOMATIC')`))
    .addColumn('actor_device_id', 'uuid')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('audit_log').dropColumn('actor_channel').dropColumn('actor_device_id').execute();
}
