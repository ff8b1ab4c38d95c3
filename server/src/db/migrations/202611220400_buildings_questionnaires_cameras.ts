import { type Kysely, sql } from 'kysely';

// Building administration: address and settings of a building, its check-in forms, logo,
// kiosk devices and mobile token; cameras; questionnaires with their questions; and the
// ordered links between buildings and questionnaires per person type, entry and exit.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('buildings')
    .addColumn('address1', 'text')
    .addColumn('address2', 'text')
    .addColumn('city', 'text')
    .addColumn('zip', 'text')
    .addColumn('state', 'text')
    .addColumn('country_code', 'text')
    .addColumn('phone', 'text')
    .addColumn('email', 'text')
    .addColumn('pin_code', 'text')
    .addColumn('qr_code_key', 'text')
    .addColumn('mobile_token', 'text')
    .addColumn('mobile_token_change_days', 'integer', (c) => c.notNull().defaultTo(30))
    .addColumn('mobile_token_next_refresh_at', 'timestamptz')
    .addColumn('check_in_logo_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('devices_limit', 'integer', (c) => c.notNull().defaultTo(5))
    .addColumn('devices_ids', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('devices_success_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('devices_attention_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('settings', 'jsonb')
    .addColumn('check_in_forms', 'jsonb')
    .execute();
  // Existing rows (demo data) get a key; new rows always set one.
  await sql`update buildings set qr_code_key = replace(gen_random_uuid()::text, '-', '') where qr_code_key is null`.execute(
    db,
  );
  await sql`alter table buildings alter column qr_code_key set not null`.execute(db);
  await db.schema.createIndex('buildings_qr_code_key_unique').on('buildings').unique().column('qr_code_key').execute();

  await db.schema
    .createTable('building_logos')
    .addColumn('building_id', 'uuid', (c) => c.primaryKey().references('buildings.id').onDelete('cascade'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('content', 'bytea', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('cameras')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('building_id', 'uuid', (c) => c.notNull().references('buildings.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('ip_address', 'text', (c) => c.notNull())
    .addColumn('auth_user', 'text')
    .addColumn('auth_password', 'text')
    .addColumn('camera_place', 'text', (c) => c.notNull())
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('simulated', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('cameras_place_check', sql`camera_place in ('ENTRY','EXIT','ENTRY_EXIT')`)
    .execute();
  await db.schema.createIndex('cameras_building_idx').on('cameras').column('building_id').execute();

  await db.schema
    .createTable('questionnaires')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('questionnaires_tenant_idx').on('questionnaires').column('tenant_id').execute();

  await db.schema
    .createTable('questions')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('questionnaire_id', 'uuid', (c) => c.notNull().references('questionnaires.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('question_type', 'text', (c) => c.notNull())
    .addColumn('alert_answer', 'text')
    .addColumn('warning_answer', 'text')
    .addColumn('previous_question_id', 'uuid', (c) => c.references('questions.id').onDelete('set null'))
    .addColumn('previous_question_answer', 'text')
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('questions_type_check', sql`question_type in ('YESNO','YESNONA','FREEFORM')`)
    .execute();
  await db.schema
    .createIndex('questions_questionnaire_idx')
    .on('questions')
    .columns(['questionnaire_id', 'sort_order'])
    .execute();

  await db.schema
    .createTable('building_questionnaires')
    .addColumn('building_id', 'uuid', (c) => c.notNull().references('buildings.id').onDelete('cascade'))
    .addColumn('questionnaire_id', 'uuid', (c) => c.notNull().references('questionnaires.id').onDelete('restrict'))
    .addColumn('visitor_type', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('building_questionnaires_pk', ['building_id', 'kind', 'visitor_type', 'questionnaire_id'])
    .addCheckConstraint('building_questionnaires_kind_check', sql`kind in ('ENTRY','EXIT')`)
    .addCheckConstraint('building_questionnaires_type_check', sql`visitor_type in ('VISITOR','CONTRACTOR','EMPLOYEE')`)
    .execute();
  await db.schema
    .createIndex('building_questionnaires_questionnaire_idx')
    .on('building_questionnaires')
    .column('questionnaire_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['building_questionnaires', 'questions', 'questionnaires', 'cameras', 'building_logos']) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.dropIndex('buildings_qr_code_key_unique').execute();
  let alter = db.schema.alterTable('buildings').dropColumn('address1');
  for (const column of [
    'address2',
    'city',
    'zip',
    'state',
    'country_code',
    'phone',
    'email',
    'pin_code',
    'qr_code_key',
    'mobile_token',
    'mobile_token_change_days',
    'mobile_token_next_refresh_at',
    'check_in_logo_version',
    'devices_limit',
    'devices_ids',
    'devices_success_text',
    'devices_attention_text',
    'settings',
    'check_in_forms',
  ]) {
    alter = alter.dropColumn(column);
  }
  await alter.execute();
}
