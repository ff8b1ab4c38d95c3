import { type Kysely, sql } from 'kysely';

// One row per run of a background job on an instance: when it started and ended, how long it
// took, how many rows it acted on, the error text of a failed run. The jobs plugin writes them
// and removes rows older than 30 days, so the table stays bounded.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('job_runs')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('job', 'text', (c) => c.notNull())
    .addColumn('started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('finished_at', 'timestamptz', (c) => c.notNull())
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('rows_affected', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('instance', 'text', (c) => c.notNull())
    .execute();
  await sql`create index job_runs_started_idx on job_runs (started_at desc, id desc)`.execute(db);
  await sql`create index job_runs_failed_idx on job_runs (started_at desc) where error is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('job_runs').execute();
}
