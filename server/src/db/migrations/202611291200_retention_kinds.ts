import { type Kysely, sql } from 'kysely';

// Retention per kind of data (docs/privacy.md, "Retention"): besides its visits, a company keeps
// its visitors' photos, signatures and health data (questionnaire answers and temperatures) for
// periods of their own, and a building may override any of the four (null: the company's).
//
// The job takes a company's buildings grouped by their period for a kind, so its due rows are
// found by building and age, each kind on its own partial index of what is still there:
// - visits not anonymised (this replaces the index by company: a building's own period would
//   have made the job walk another building's rows that are not due);
// - visits still holding health data (answers or a temperature);
// - signatures not erased yet (an erased signature keeps its document, version and time, and
//   loses its image, typed name and signer key);
// - photos, by company and when they were taken (a photo's building is its visit's).
const HEALTH_HELD = sql`questionnaires_answers <> '[]'::jsonb or exit_questionnaires_answers <> '[]'::jsonb
  or temp_measure1 is not null or temp_measure2 is not null
  or exit_temp_measure1 is not null or exit_temp_measure2 is not null`;
const HAPPENED = sql`(coalesce(checked_in_at, scheduled_at, created_at))`;

const kinds = ['photo', 'signature', 'health'] as const;
const defaults = { photo: 30, signature: 30, health: 14 } as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const kind of kinds) {
    const column = sql.ref(`${kind}_retention_days`);
    await sql`alter table tenants add column ${column} integer not null default ${sql.lit(defaults[kind])}
      check (${column} between 1 and 3650)`.execute(db);
  }
  await sql`alter table buildings add column visit_retention_days integer
    check (visit_retention_days between 30 and 3650)`.execute(db);
  for (const kind of kinds) {
    const column = sql.ref(`${kind}_retention_days`);
    await sql`alter table buildings add column ${column} integer check (${column} between 1 and 3650)`.execute(db);
  }
  await sql`drop index visits_retention_idx`.execute(db);
  await sql`create index visits_retention_idx on visits (building_id, ${HAPPENED}) where anonymised_at is null`.execute(
    db,
  );
  await sql`create index visits_health_retention_idx on visits (building_id, ${HAPPENED})
    where anonymised_at is null and (${HEALTH_HELD})`.execute(db);
  await sql`create index visit_document_signatures_retention_idx on visit_document_signatures (building_id, signed_at)
    where signer_key <> ''`.execute(db);
  await sql`create index visit_photos_retention_idx on visit_photos (tenant_id, created_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index visit_photos_retention_idx`.execute(db);
  await sql`drop index visit_document_signatures_retention_idx`.execute(db);
  await sql`drop index visits_health_retention_idx`.execute(db);
  await sql`drop index visits_retention_idx`.execute(db);
  await sql`create index visits_retention_idx on visits (tenant_id, ${HAPPENED}) where anonymised_at is null`.execute(
    db,
  );
  for (const kind of ['visit', ...kinds]) {
    await sql`alter table buildings drop column ${sql.ref(`${kind}_retention_days`)}`.execute(db);
  }
  for (const kind of kinds) {
    await sql`alter table tenants drop column ${sql.ref(`${kind}_retention_days`)}`.execute(db);
  }
}
