import { type Kysely, sql } from 'kysely';

// A company's watchlist (docs/watchlist.md): people it refuses at the door (DENY) or lets in only
// once staff approve (HOLD), named by a name, an e-mail, a phone or their company. `match_key` is
// the value as every check-in compares it (shared `watchKey`: case, accents, word order and the
// phone's form aside); kiosks hold only keyed hashes of it, salted per company (`watchlist_salt`),
// so a lost tablet does not give the list away. A change raises the configuration version of the
// company's buildings, so check-ins and kiosks read the new list with their configuration.
//
// A visit matched keeps the entry (`watchlist_entry_id`); one held waits with `watch_hold` HELD
// and no check-in time until staff approve (then APPROVED and checked in, and only then is the
// host told: the arrival notice follows the check-in time) or refuse (refused, reason WATCHLIST).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table tenants add column watchlist_salt text not null
    default encode(sha256(gen_random_uuid()::text::bytea || clock_timestamp()::text::bytea), 'hex')`.execute(db);
  await sql`create table watchlist_entries (
      id uuid primary key,
      tenant_id uuid not null references tenants (id) on delete cascade,
      kind text not null check (kind in ('NAME','EMAIL','PHONE','COMPANY')),
      value text not null check (length(value) between 1 and 200),
      match_key text not null check (length(match_key) between 1 and 200),
      action text not null check (action in ('DENY','HOLD')),
      reason text not null check (length(reason) between 1 and 500),
      created_at timestamptz not null default now(),
      created_by uuid references users (id) on delete set null,
      updated_at timestamptz not null default now(),
      unique (tenant_id, kind, match_key)
    )`.execute(db);
  await sql`alter table visits add column watchlist_entry_id uuid references watchlist_entries (id) on delete set null`.execute(
    db,
  );
  await sql`alter table visits add column watch_hold text check (watch_hold in ('HELD','APPROVED'))`.execute(db);
  await sql`create index visits_held on visits (building_id) where watch_hold = 'HELD'`.execute(db);
  await sql`create index visits_watchlist_entry on visits (watchlist_entry_id) where watchlist_entry_id is not null`.execute(
    db,
  );
  await sql`alter table visits drop constraint visits_refusal_check`.execute(db);
  await sql`alter table visits add constraint visits_refusal_check
    check (refusal_reason is null or refusal_reason in ('ALERT_ANSWER','TEMPERATURE','WATCHLIST'))`.execute(db);
  await sql`create function watchlist_config_version() returns trigger language plpgsql as ${sql.lit(`begin
      update buildings set config_version = config_version + 1
        where tenant_id in (select tenant_id from changed);
      return null;
    end`)}`.execute(db);
  for (const [op, referencing] of [
    ['insert', 'new table as changed'],
    ['update', 'new table as changed'],
    ['delete', 'old table as changed'],
  ] as const) {
    await sql`create trigger ${sql.raw(`watchlist_config_version_${op}`)} after ${sql.raw(op)} on watchlist_entries
      referencing ${sql.raw(referencing)} for each statement execute function watchlist_config_version()`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const op of ['insert', 'update', 'delete']) {
    await sql`drop trigger ${sql.raw(`watchlist_config_version_${op}`)} on watchlist_entries`.execute(db);
  }
  await sql`drop function watchlist_config_version()`.execute(db);
  await sql`update visits set refusal_reason = null, allowed = true where refusal_reason = 'WATCHLIST'`.execute(db);
  await sql`alter table visits drop constraint visits_refusal_check`.execute(db);
  await sql`alter table visits add constraint visits_refusal_check
    check (refusal_reason is null or refusal_reason in ('ALERT_ANSWER','TEMPERATURE'))`.execute(db);
  await sql`drop index visits_watchlist_entry`.execute(db);
  await sql`drop index visits_held`.execute(db);
  await sql`alter table visits drop column watch_hold`.execute(db);
  await sql`alter table visits drop column watchlist_entry_id`.execute(db);
  await sql`drop table watchlist_entries`.execute(db);
  await sql`alter table tenants drop column watchlist_salt`.execute(db);
}
