import { type Kysely, sql } from 'kysely';

// Kiosk sync (docs/kiosk.md): each pushed mutation is recorded once, in the transaction that
// applies it (primary key on the mutation id), with its outcome; devices are known by the
// id they generated, with their last contact, clock skew and counts for the staff screens.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('kiosk_devices')
    .addColumn('device_id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('building_id', 'uuid', (c) => c.notNull().references('buildings.id').onDelete('cascade'))
    .addColumn('first_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_ip', 'text')
    .addColumn('app_version', 'text')
    .addColumn('config_version', 'text')
    .addColumn('pending_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('clock_skew_ms', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('clock_skew_flagged', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema.createIndex('kiosk_devices_building_idx').on('kiosk_devices').column('building_id').execute();

  await db.schema
    .createTable('applied_mutations')
    .addColumn('mutation_id', 'uuid', (c) => c.primaryKey())
    .addColumn('device_id', 'uuid', (c) => c.notNull())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('building_id', 'uuid', (c) => c.notNull().references('buildings.id').onDelete('cascade'))
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('visit_id', 'uuid', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('error_code', 'text')
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('occurred_at', 'timestamptz', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('resolved_at', 'timestamptz')
    .addColumn('resolved_by', 'uuid')
    .addCheckConstraint('applied_mutations_outcome_check', sql`outcome in ('applied','rejected')`)
    .addCheckConstraint('applied_mutations_type_check', sql`type in ('checkIn','checkOut')`)
    .execute();
  await db.schema
    .createIndex('applied_mutations_device_seq_idx')
    .on('applied_mutations')
    .columns(['device_id', 'seq'])
    .execute();
  await db.schema
    .createIndex('applied_mutations_rejected_idx')
    .on('applied_mutations')
    .columns(['building_id', 'received_at'])
    .where(sql.ref('outcome'), '=', 'rejected')
    .execute();

  await db.schema
    .createTable('device_alerts')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('device_id', 'uuid', (c) => c.notNull().references('kiosk_devices.device_id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('details', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('device_alerts_kind_check', sql`kind in ('SEQ_GAP','CLOCK_SKEW')`)
    .execute();
  await db.schema
    .createIndex('device_alerts_unique')
    .on('device_alerts')
    .unique()
    .columns(['device_id', 'kind', 'details'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['device_alerts', 'applied_mutations', 'kiosk_devices'])
    await db.schema.dropTable(table).execute();
}
