import type { WatchlistAction, WatchlistKind } from '@vestibule/shared';
import { type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database.ts';

// The company's watchlist (docs/watchlist.md): its entries, and those a check-in's keys match
// (one probe of the unique index by company, kind and key).

export const WATCHLIST_KEY_UNIQUE = 'watchlist_entries_tenant_id_kind_match_key_key';

export interface WatchlistRowValues {
  kind: WatchlistKind;
  value: string;
  match_key: string;
  action: WatchlistAction;
  reason: string;
}

function entries(db: Db, tenantId: string) {
  return db
    .selectFrom('watchlist_entries as entry')
    .leftJoin('users', 'users.id', 'entry.created_by')
    .select([
      'entry.id',
      'entry.kind',
      'entry.value',
      'entry.action',
      'entry.reason',
      'entry.created_at',
      'users.username as created_by',
      sql<number>`(select count(*)::int from visits where visits.watchlist_entry_id = entry.id)`.as('matches'),
    ])
    .where('entry.tenant_id', '=', tenantId);
}
export type WatchlistRow = Awaited<ReturnType<typeof listWatchlist>>[number];

export function listWatchlist(db: Db, tenantId: string) {
  return entries(db, tenantId).orderBy('entry.created_at', 'desc').orderBy('entry.id').execute();
}

export function findWatchlistEntry(db: Db, tenantId: string, id: string) {
  return entries(db, tenantId).where('entry.id', '=', id).executeTakeFirst();
}

export async function insertWatchlistEntry(
  db: Db,
  row: WatchlistRowValues & { id: string; tenant_id: string; created_by: string | null },
): Promise<void> {
  await db.insertInto('watchlist_entries').values(row).execute();
}

export async function updateWatchlistEntry(
  db: Db,
  tenantId: string,
  id: string,
  values: WatchlistRowValues,
): Promise<boolean> {
  const result = await db
    .updateTable('watchlist_entries')
    .set({ ...values, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteWatchlistEntry(db: Db, tenantId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('watchlist_entries')
    .where('id', '=', id)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The company's entries one of `keys` names (a check-in's name, e-mail, phone and company). */
export function matchingEntries(db: Db, tenantId: string, keys: readonly { kind: WatchlistKind; key: string }[]) {
  if (keys.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('watchlist_entries')
    .select(['id', 'kind', 'action'])
    .where('tenant_id', '=', tenantId)
    .where(
      sql<SqlBool>`(kind, match_key) in (select * from unnest(${keys.map((key) => key.kind)}::text[], ${keys.map((key) => key.key)}::text[]))`,
    )
    .orderBy('created_at')
    .execute();
}

/** The company's salt and every entry's key and action: what a kiosk's hashed copy is made of. */
export async function watchlistKeys(db: Db, tenantId: string) {
  const [tenant, rows] = await Promise.all([
    db.selectFrom('tenants').select('watchlist_salt').where('id', '=', tenantId).executeTakeFirst(),
    db
      .selectFrom('watchlist_entries')
      .select(['kind', 'match_key', 'action'])
      .where('tenant_id', '=', tenantId)
      .orderBy('id')
      .execute(),
  ]);
  return { salt: tenant?.watchlist_salt ?? null, rows };
}
