import { type Kysely, sql } from 'kysely';

// How long a company keeps its visits (docs/privacy.md, "Retention"): days after a visit
// happened, 400 unless the company says otherwise; a visit past it is anonymised by the retention
// job (`anonymised_at` set). The job finds a company's due visits on one index: the visits not
// anonymised yet, by company and the moment the visit happened.
//
// The audit log stays never changed, with one exception the law asks for: a transaction that
// erases a person's data (`vestibule.erasure` set for it) may take what its rows said of that
// person out of them; it still can never delete a row.
const readOnly = (erasureAllowed: boolean) => `
  begin
    ${erasureAllowed ? "if tg_op = 'UPDATE' and current_setting('vestibule.erasure', true) = 'on' then return null; end if;" : ''}
    raise exception 'the audit log is never changed' using errcode = 'insufficient_privilege';
  end`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create or replace function audit_log_is_read_only() returns trigger language plpgsql as ${sql.lit(readOnly(true))}`.execute(
    db,
  );
  await sql`alter table tenants add column visit_retention_days integer not null default 400
    check (visit_retention_days between 30 and 3650)`.execute(db);
  await sql`alter table visits add column anonymised_at timestamptz`.execute(db);
  await sql`create index visits_retention_idx on visits (tenant_id, (coalesce(checked_in_at, scheduled_at, created_at)))
    where anonymised_at is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`create or replace function audit_log_is_read_only() returns trigger language plpgsql as ${sql.lit(readOnly(false))}`.execute(
    db,
  );
  await sql`drop index visits_retention_idx`.execute(db);
  await sql`alter table visits drop column anonymised_at`.execute(db);
  await sql`alter table tenants drop column visit_retention_days`.execute(db);
}
