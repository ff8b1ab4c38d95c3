import { type Kysely, sql } from 'kysely';

// Tenants, users and the server-side state of sign-in (settings such as the generated
// JWT secret, login failures and blocks, one-time SSO tokens, rate-limit counters), all
// in PostgreSQL so that several server instances can share one database.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('app_settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('tenants')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('address1', 'text')
    .addColumn('address2', 'text')
    .addColumn('city', 'text')
    .addColumn('state', 'text')
    .addColumn('zip', 'text')
    .addColumn('phone', 'text')
    .addColumn('phone2', 'text')
    .addColumn('fax', 'text')
    .addColumn('country_code', 'text')
    .addColumn('email', 'text')
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('licences_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('building_limit', 'integer', (c) => c.notNull().defaultTo(10))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('tenants_licences_count_check', sql`licences_count >= 0`)
    .addCheckConstraint('tenants_building_limit_check', sql`building_limit >= 0`)
    .execute();
  await db.schema
    .createIndex('tenants_name_unique')
    .on('tenants')
    .unique()
    .expression(sql`lower(name)`)
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.references('tenants.id').onDelete('cascade'))
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('phone', 'text')
    .addColumn('city', 'text')
    .addColumn('country', 'text')
    .addColumn('user_locale', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('date_format', 'text', (c) => c.notNull().defaultTo('yyyy-MM-dd'))
    .addColumn('time_format', 'text', (c) => c.notNull().defaultTo('HH:mm'))
    .addColumn('time_zone', 'text')
    .addColumn('favourite_building_id', 'uuid')
    .addColumn('verified', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('verification_needed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('blocked', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('selected_tenant_id', 'uuid', (c) => c.references('tenants.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'users_role_check',
      sql`role in ('ROLE_ADMIN','ROLE_MASTER','ROLE_SUPERVISOR','ROLE_USER','ROLE_SPACE','ROLE_TECH_1','ROLE_TECH_2')`,
    )
    .addCheckConstraint('users_locale_check', sql`user_locale in ('en','fr','es')`)
    .execute();
  await db.schema
    .createIndex('users_username_unique')
    .on('users')
    .unique()
    .expression(sql`lower(username)`)
    .execute();
  await db.schema.createIndex('users_tenant_idx').on('users').column('tenant_id').execute();
  await db.schema
    .createIndex('users_email_unique')
    .on('users')
    .unique()
    .expression(sql`lower(email)`)
    .where(sql.ref('email'), 'is not', null)
    .execute();

  await db.schema
    .createTable('login_failures')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('username_key', 'text', (c) => c.notNull())
    .addColumn('failed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('login_failures_username_idx')
    .on('login_failures')
    .columns(['username_key', 'failed_at'])
    .execute();

  await db.schema
    .createTable('login_blocks')
    .addColumn('username_key', 'text', (c) => c.primaryKey())
    .addColumn('blocked_until', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sso_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('reset_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'rate_limits',
    'sso_tokens',
    'login_blocks',
    'login_failures',
    'users',
    'tenants',
    'app_settings',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
