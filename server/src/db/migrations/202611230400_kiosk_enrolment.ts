import { type Kysely, sql } from 'kysely';

// Enrolled kiosks: an administrator creates a one-time, short-lived enrolment code
// for a building; the tablet that opens it gets its own credential (only its hash is kept)
// and can be renamed or revoked.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('kiosk_enrolments')
    .addColumn('code_hash', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('building_id', 'uuid', (c) => c.notNull().references('buildings.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('device_id', 'uuid')
    .execute();
  await db.schema
    .alterTable('kiosk_devices')
    .addColumn('name', 'text')
    .addColumn('credential_hash', 'text')
    .addColumn('enrolled_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('kiosk_devices')
    .dropColumn('name')
    .dropColumn('credential_hash')
    .dropColumn('enrolled_at')
    .dropColumn('revoked_at')
    .execute();
  await db.schema.dropTable('kiosk_enrolments').execute();
}
