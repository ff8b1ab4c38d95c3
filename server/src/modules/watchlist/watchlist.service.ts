import {
  type HashedWatchlist,
  type Watchlist,
  type WatchlistEntry,
  type WatchlistEntryInput,
  type WatchedVisitor,
  type WatchlistKind,
  decidingEntry,
  uuidv7,
  visitorWatchKeys,
  watchHash,
  watchKey,
} from '@vestibule/shared';
import type { ServerContext } from '../../context.ts';
import { AppError, notFound } from '../../errors.ts';
import { type AuditActor, audit } from '../audit/audit.service.ts';
import {
  WATCHLIST_KEY_UNIQUE,
  type WatchlistRow,
  type WatchlistRowValues,
  deleteWatchlistEntry,
  findWatchlistEntry,
  insertWatchlistEntry,
  listWatchlist,
  matchingEntries,
  updateWatchlistEntry,
  watchlistKeys,
} from './watchlist.repo.ts';

// The company's watchlist (docs/watchlist.md): administrators and corporate users keep it; every
// check-in on a visitor's channel (a phone, a kiosk online or synced) is compared with it. Each
// change is audited with the entry's kind and action, never its value or reason (the audit log is
// read by more people than the list).

function toEntry(row: WatchlistRow): WatchlistEntry {
  return {
    id: row.id,
    kind: row.kind,
    value: row.value,
    action: row.action,
    reason: row.reason,
    createdAt: row.created_at.toISOString(),
    createdBy: row.created_by,
    matches: row.matches,
  };
}

function valuesOf(input: WatchlistEntryInput): WatchlistRowValues {
  const key = watchKey(input.kind, input.value);
  // The input schema refused a value that names nobody.
  if (key === null) throw new AppError('VALIDATION_FAILED', { field: 'value' });
  return { kind: input.kind, value: input.value, match_key: key, action: input.action, reason: input.reason };
}

/** Runs `work`; the unique key refusing it means the company has that person listed that way already. */
async function refusingDuplicate<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
    if (code === '23505' && constraint === WATCHLIST_KEY_UNIQUE) throw new AppError('WATCHLIST_ENTRY_EXISTS');
    throw error;
  }
}

export async function watchlist(ctx: ServerContext, tenantId: string): Promise<Watchlist> {
  return { entries: (await listWatchlist(ctx.db, tenantId)).map(toEntry) };
}

export async function addWatchlistEntry(
  ctx: ServerContext,
  actor: AuditActor,
  tenantId: string,
  input: WatchlistEntryInput,
): Promise<WatchlistEntry> {
  const values = valuesOf(input);
  const id = uuidv7();
  const row = await refusingDuplicate(() =>
    ctx.db.transaction().execute(async (trx) => {
      await insertWatchlistEntry(trx, { id, tenant_id: tenantId, created_by: actor.userId, ...values });
      await audit(trx, actor, {
        tenantId,
        action: 'WATCHLIST_ENTRY_ADDED',
        entity: 'watchlistEntry',
        entityId: id,
        after: { kind: values.kind, action: values.action },
      });
      return findWatchlistEntry(trx, tenantId, id);
    }),
  );
  if (!row) throw notFound();
  return toEntry(row);
}

export async function changeWatchlistEntry(
  ctx: ServerContext,
  actor: AuditActor,
  tenantId: string,
  id: string,
  input: WatchlistEntryInput,
): Promise<WatchlistEntry> {
  const values = valuesOf(input);
  const before = await findWatchlistEntry(ctx.db, tenantId, id);
  if (!before) throw notFound();
  const row = await refusingDuplicate(() =>
    ctx.db.transaction().execute(async (trx) => {
      if (!(await updateWatchlistEntry(trx, tenantId, id, values))) throw notFound();
      await audit(trx, actor, {
        tenantId,
        action: 'WATCHLIST_ENTRY_CHANGED',
        entity: 'watchlistEntry',
        entityId: id,
        before: { kind: before.kind, action: before.action },
        after: { kind: values.kind, action: values.action },
      });
      return findWatchlistEntry(trx, tenantId, id);
    }),
  );
  if (!row) throw notFound();
  return toEntry(row);
}

export async function removeWatchlistEntry(
  ctx: ServerContext,
  actor: AuditActor,
  tenantId: string,
  id: string,
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const before = await findWatchlistEntry(trx, tenantId, id);
    if (!before || !(await deleteWatchlistEntry(trx, tenantId, id))) throw notFound();
    await audit(trx, actor, {
      tenantId,
      action: 'WATCHLIST_ENTRY_REMOVED',
      entity: 'watchlistEntry',
      entityId: id,
      before: { kind: before.kind, action: before.action },
    });
  });
}

/** The entry that decides a check-in of this visitor (a refusal before a hold), or undefined. */
export async function watchlistMatch(ctx: ServerContext, tenantId: string, visitor: WatchedVisitor) {
  return decidingEntry(await matchingEntries(ctx.db, tenantId, visitorWatchKeys(visitor)));
}

/**
 * Hashes already worked out, by salt, kind and key: PBKDF2 is slow on purpose, and a change of
 * the list makes every building of the company build its kiosks' configuration again.
 */
const madeHashes = new Map<string, Promise<string>>();
const MADE_HASHES_MAX = 20_000;

function hashOf(salt: string, kind: WatchlistKind, key: string): Promise<string> {
  const id = `${salt}|${kind}|${key}`;
  let hash = madeHashes.get(id);
  if (!hash) {
    if (madeHashes.size >= MADE_HASHES_MAX) madeHashes.clear();
    hash = watchHash(salt, kind, key);
    madeHashes.set(id, hash);
  }
  return hash;
}

/**
 * The company's list as a kiosk holds it (docs/watchlist.md, "On a kiosk"): its salt and a keyed
 * hash and the action of each entry; never a value, a reason or a kind.
 */
export async function kioskWatchlist(ctx: ServerContext, tenantId: string): Promise<HashedWatchlist> {
  const { salt, rows } = await watchlistKeys(ctx.db, tenantId);
  if (salt === null) return { salt: '', entries: [] };
  return {
    salt,
    entries: await Promise.all(
      rows.map(async (row) => ({ hash: await hashOf(salt, row.kind, row.match_key), action: row.action })),
    ),
  };
}
