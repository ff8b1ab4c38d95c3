import { type Kysely, sql } from 'kysely';

// The core of the buildings table: enough for tenants to own buildings and for the demo
// data; the building administration issue adds its settings in a later migration.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('buildings')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('external_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('buildings_tenant_idx').on('buildings').column('tenant_id').execute();
  await db.schema
    .createIndex('buildings_tenant_external_id_unique')
    .on('buildings')
    .unique()
    .columns(['tenant_id', 'external_id'])
    .where(sql.ref('external_id'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('buildings').execute();
}
