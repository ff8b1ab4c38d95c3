import { type Kysely, sql } from 'kysely';

// Visitors' phones push through the same endpoint as kiosks (their check-ins are recorded
// against a device id too): the channel tells them apart, so staff lists show kiosks only.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('kiosk_devices')
    .addColumn('channel', 'text', (c) => c.notNull().defaultTo('kiosk'))
    .execute();
  await db.schema
    .alterTable('kiosk_devices')
    .addCheckConstraint('kiosk_devices_channel_check', sql`channel in ('kiosk','ownDevice')`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('kiosk_devices').dropColumn('channel').execute();
}
