import { type Kysely, sql } from 'kysely';

// Visits ("meetings" in the HTTP paths): who came to which building, with what answers, when they
// checked in and out, and how the visit was made. Visits created offline keep the id the
// kiosk generated, so `id` has no default.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('visits')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('building_id', 'uuid', (c) => c.notNull().references('buildings.id').onDelete('cascade'))
    .addColumn('identifier', 'text', (c) => c.notNull())
    .addColumn('public_identifier', 'text', (c) => c.notNull())
    .addColumn('pin', 'text', (c) => c.notNull())
    .addColumn('visitor_type', 'text', (c) => c.notNull())
    .addColumn('person_id', 'uuid')
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('company_name', 'text')
    .addColumn('host', 'text')
    .addColumn('check_in_form', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('scheduled_at', 'timestamptz')
    .addColumn('scheduled_duration', 'text')
    .addColumn('checked_in_at', 'timestamptz')
    .addColumn('checked_out_at', 'timestamptz')
    .addColumn('cancelled_at', 'timestamptz')
    .addColumn('allowed', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('refusal_reason', 'text')
    .addColumn('flagged', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('temp_measure1', 'double precision')
    .addColumn('temp_measure2', 'double precision')
    .addColumn('comments', 'text')
    .addColumn('exit_temp_measure1', 'double precision')
    .addColumn('exit_temp_measure2', 'double precision')
    .addColumn('exit_comments', 'text')
    .addColumn('questionnaires_answers', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('questionnaires_answered_at', 'timestamptz')
    .addColumn('exit_questionnaires_answers', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('consent_accepted', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('email_me', 'text')
    .addColumn('locale', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('device_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'visits_visitor_type_check',
      sql`visitor_type in ('VISITOR','CONTRACTOR','EMPLOYEE','RESIDENT')`,
    )
    .addCheckConstraint('visits_source_check', sql`source in ('OWN_DEVICE','KIOSK','STAFF')`)
    .addCheckConstraint(
      'visits_refusal_check',
      sql`refusal_reason is null or refusal_reason in ('ALERT_ANSWER','TEMPERATURE')`,
    )
    .execute();
  await db.schema.createIndex('visits_identifier_unique').on('visits').unique().column('identifier').execute();
  await db.schema
    .createIndex('visits_public_identifier_unique')
    .on('visits')
    .unique()
    .column('public_identifier')
    .execute();
  await db.schema
    .createIndex('visits_building_checked_in_idx')
    .on('visits')
    .columns(['building_id', 'checked_in_at'])
    .execute();
  await db.schema.createIndex('visits_tenant_created_idx').on('visits').columns(['tenant_id', 'created_at']).execute();
  // "Already checked in" looks for an open visit of the same person at the building.
  await db.schema
    .createIndex('visits_open_idx')
    .on('visits')
    .columns(['building_id', 'email'])
    .where(sql.ref('checked_out_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('visits').execute();
}
