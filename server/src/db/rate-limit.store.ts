import { sql } from 'kysely';
import type { Db } from './database.ts';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

interface StoreOptions {
  routeInfo?: { method?: string; url?: string };
}

/** How long an instance counts a key on its own before adding its count to the shared one. */
const SYNC_MS = 200;
/** Keys kept in memory at most (the oldest windows are forgotten first). */
const MAX_KEYS = 50_000;

interface Counter {
  /** The shared count when last read, which includes this instance's first `synced` requests. */
  shared: number;
  synced: number;
  /** This instance's requests in the window. */
  local: number;
  resetAt: number;
  syncedAt: number;
  /** The write in flight, if any: later requests count on it instead of writing again. */
  syncing: Promise<void> | undefined;
}

/**
 * Adds `add` requests to a key's shared counter (a new window when the last one is over) and
 * answers the shared count and the milliseconds left in its window.
 */
async function addShared(db: Db, key: string, add: number, timeWindow: number) {
  const window = `${Math.max(1, Math.round(timeWindow))} milliseconds`;
  const result = await sql<{ count: number; ttl: number }>`
    insert into rate_limits (key, count, reset_at) values (${key}, ${add}, now() + ${window}::interval)
    on conflict (key) do update set
      count = case when rate_limits.reset_at <= now() then ${add} else rate_limits.count + ${add} end,
      reset_at = case when rate_limits.reset_at <= now() then now() + ${window}::interval else rate_limits.reset_at end
    returning count, (extract(epoch from (reset_at - now())) * 1000)::integer as ttl`.execute(db);
  const row = result.rows[0];
  return { count: Number(row?.count ?? add), ttl: Math.max(0, Number(row?.ttl ?? timeWindow)) };
}

/**
 * A @fastify/rate-limit store whose counters live in PostgreSQL, so every server instance
 * behind a load balancer counts against the same limit. Each instance counts its own requests
 * exactly in memory and adds them to the shared counter at most every 200 ms per key (and at
 * once on a window's first request), so a burst of public calls does not queue on one row:
 * what another instance counted in the last 200 ms may be missed, never this instance's own.
 */
export function createRateLimitStore(db: Db) {
  const counters = new Map<string, Counter>();

  function sync(key: string, counter: Counter, timeWindow: number): Promise<void> {
    const upTo = counter.local;
    counter.syncedAt = Date.now();
    counter.syncing = addShared(db, key, upTo - counter.synced, timeWindow)
      .then(({ count, ttl }) => {
        counter.synced = upTo;
        counter.shared = count;
        counter.resetAt = Date.now() + ttl;
      })
      .finally(() => {
        counter.syncing = undefined;
      });
    return counter.syncing;
  }

  function forgetOldest(now: number): void {
    if (counters.size <= MAX_KEYS) return;
    for (const [key, counter] of counters) {
      if (counter.resetAt <= now || counters.size > MAX_KEYS) counters.delete(key);
      if (counters.size <= MAX_KEYS / 2) break;
    }
  }

  return class PostgresRateLimitStore {
    readonly prefix: string;

    constructor(options: unknown = {}) {
      const routeInfo = (options as StoreOptions).routeInfo;
      this.prefix = routeInfo ? `${routeInfo.method ?? ''} ${routeInfo.url ?? ''}` : 'global';
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      const fullKey = `${this.prefix}|${key}`;
      const now = Date.now();
      let counter = counters.get(fullKey);
      if (counter && counter.resetAt <= now && !counter.syncing) counter = undefined;
      // The nth request here is the shared count's position plus those counted here since.
      const answer = (kept: Counter, nth: number) =>
        callback(null, { current: kept.shared + nth - kept.synced, ttl: Math.max(0, kept.resetAt - Date.now()) });
      if (!counter) {
        // A window's first request here: the shared count decides (another instance may have used it up).
        const fresh: Counter = {
          shared: 0,
          synced: 0,
          local: 1,
          resetAt: now + timeWindow,
          syncedAt: now,
          syncing: undefined,
        };
        counters.set(fullKey, fresh);
        forgetOldest(now);
        sync(fullKey, fresh, timeWindow).then(
          () => answer(fresh, 1),
          (error: unknown) => {
            counters.delete(fullKey);
            callback(error instanceof Error ? error : new Error(String(error)));
          },
        );
        return;
      }
      const nth = ++counter.local;
      if (counter.syncing) {
        // Answered with the shared count the write in flight brings back.
        const kept = counter;
        counter.syncing.then(
          () => answer(kept, nth),
          () => answer(kept, nth),
        );
        return;
      }
      answer(counter, nth);
      if (now - counter.syncedAt >= SYNC_MS) sync(fullKey, counter, timeWindow).catch(() => undefined);
    }

    child(routeOptions: unknown): PostgresRateLimitStore {
      return new PostgresRateLimitStore(routeOptions);
    }
  };
}
