import { type Kysely, sql } from 'kysely';

// The self-test: a throwaway company (tenants.self_test) where the service checks visitors in and
// out through its own services, removed with everything in it when the run ends.
// - self_test_runs: one row per run, its progress and figures; at most one running at a time
//   across instances (a unique index on the running row), its heartbeat telling a live run
//   from one whose instance stopped.
// - The audit log keeps no row of a self-test company: the log refuses DELETE, so the run's
//   rows are not written at all (a trigger drops them) rather than left behind.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('tenants')
    .addColumn('self_test', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .createTable('self_test_runs')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('tenant_id', 'uuid')
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('duration_s', 'integer', (c) => c.notNull())
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('errors', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('heartbeat_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .addColumn('result', 'jsonb')
    .addColumn('error', 'text')
    .addColumn('instance', 'text', (c) => c.notNull())
    .addCheckConstraint('self_test_runs_status_check', sql`status in ('running','done','failed','interrupted')`)
    .execute();
  await sql`create unique index self_test_runs_one_running on self_test_runs ((true)) where status = 'running'`.execute(
    db,
  );
  await sql`create index self_test_runs_started_idx on self_test_runs (started_at desc)`.execute(db);
  await sql`create function audit_log_skips_self_test() returns trigger language plpgsql as $$
    begin
      if new.tenant_id is not null and exists (select 1 from tenants where id = new.tenant_id and self_test) then
        return null;
      end if;
      return new;
    end
    $$`.execute(db);
  await sql`create trigger audit_log_skips_self_test before insert on audit_log
    for each row execute function audit_log_skips_self_test()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger audit_log_skips_self_test on audit_log`.execute(db);
  await sql`drop function audit_log_skips_self_test()`.execute(db);
  await db.schema.dropTable('self_test_runs').execute();
  await db.schema.alterTable('tenants').dropColumn('self_test').execute();
}
