import { type Kysely, sql } from 'kysely';

// Signed documents (docs/check-in.md, "Signed documents"): the documents a building asks its
// visitors to sign at check-in (an NDA, the site rules, a safety induction), their versions and
// the signatures a visit holds.
// - A document's text is a version: publishing a new text adds a row (version + 1, unique per
//   document); no version is ever edited, so a signature always names the exact text signed. The
//   current version is the highest.
// - A signature belongs to its visit (erased with it). It keeps the document and version it
//   signed even when the document is deactivated (a document with signatures is never deleted).
// - `signer_key` (the signer's e-mail, else "first last", lowercased) with the building answers
//   "has this person signed the current version lately?" on one index.
// - A kiosk caches the wizard's configuration by the building's configuration version
//   (migration 202611240100): a change to a document or a new version raises it.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table building_documents (
      id uuid primary key,
      tenant_id uuid not null references tenants (id) on delete cascade,
      building_id uuid not null references buildings (id) on delete cascade,
      kind text not null check (kind in ('NDA', 'SITE_RULES', 'SAFETY_INDUCTION', 'OTHER')),
      title text not null,
      visitor_types text[] not null default '{}',
      sign_method text not null check (sign_method in ('DRAW', 'TYPE')),
      active boolean not null default true,
      sort_order integer not null default 0,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index building_documents_building on building_documents (building_id, sort_order)`.execute(db);
  await sql`create index building_documents_tenant on building_documents (tenant_id)`.execute(db);

  await sql`create table building_document_versions (
      id uuid primary key,
      document_id uuid not null references building_documents (id) on delete cascade,
      version integer not null check (version > 0),
      body text not null,
      created_at timestamptz not null default now(),
      created_by uuid references users (id) on delete set null,
      unique (document_id, version)
    )`.execute(db);

  await sql`create table visit_document_signatures (
      id uuid primary key,
      tenant_id uuid not null references tenants (id) on delete cascade,
      building_id uuid not null references buildings (id) on delete cascade,
      visit_id uuid not null references visits (id) on delete cascade,
      document_id uuid not null references building_documents (id),
      version_id uuid not null references building_document_versions (id),
      signed_at timestamptz not null,
      method text not null check (method in ('DRAW', 'TYPE')),
      typed_name text,
      image bytea,
      signer_key text not null
    )`.execute(db);
  await sql`create index visit_document_signatures_visit on visit_document_signatures (visit_id)`.execute(db);
  await sql`create index visit_document_signatures_signer
      on visit_document_signatures (building_id, signer_key, version_id, signed_at)`.execute(db);
  await sql`create index visit_document_signatures_document on visit_document_signatures (document_id)`.execute(db);
  await sql`create index visit_document_signatures_version on visit_document_signatures (version_id)`.execute(db);

  await sql`create function building_documents_config_version() returns trigger language plpgsql as ${sql.lit(`begin
        update buildings set config_version = config_version + 1
          where id in (
            case when tg_op <> 'DELETE' then new.building_id end,
            case when tg_op <> 'INSERT' then old.building_id end
          );
        return null;
      end`)}`.execute(db);
  await sql`create trigger building_documents_config_version after insert or update or delete on building_documents
    for each row execute function building_documents_config_version()`.execute(db);
  await sql`create function building_document_versions_config_version() returns trigger language plpgsql as ${sql.lit(`begin
        update buildings set config_version = config_version + 1
          where id = (select building_id from building_documents where id = new.document_id);
        return null;
      end`)}`.execute(db);
  await sql`create trigger building_document_versions_config_version after insert on building_document_versions
    for each row execute function building_document_versions_config_version()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table visit_document_signatures`.execute(db);
  await sql`drop table building_document_versions`.execute(db);
  await sql`drop table building_documents`.execute(db);
  await sql`drop function building_document_versions_config_version()`.execute(db);
  await sql`drop function building_documents_config_version()`.execute(db);
}
