import { sql } from 'kysely';
import type { Db } from './database.ts';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

interface StoreOptions {
  routeInfo?: { method?: string; url?: string };
}

/**
 * A @fastify/rate-limit store whose counters live in PostgreSQL, so every server
 * instance behind a load balancer counts against the same limit. One upsert per request
 * on the limited routes (login and public endpoints).
 */
export function createRateLimitStore(db: Db) {
  return class PostgresRateLimitStore {
    readonly prefix: string;

    constructor(options: unknown = {}) {
      const routeInfo = (options as StoreOptions).routeInfo;
      this.prefix = routeInfo ? `${routeInfo.method ?? ''} ${routeInfo.url ?? ''}` : 'global';
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      const fullKey = `${this.prefix}|${key}`;
      const window = `${Math.max(1, Math.round(timeWindow))} milliseconds`;
      sql<{ count: number; ttl: number }>`
        insert into rate_limits (key, count, reset_at) values (${fullKey}, 1, now() + ${window}::interval)
        on conflict (key) do update set
          count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
          reset_at = case when rate_limits.reset_at <= now() then now() + ${window}::interval else rate_limits.reset_at end
        returning count, (extract(epoch from (reset_at - now())) * 1000)::integer as ttl`
        .execute(db)
        .then((result) => {
          const row = result.rows[0];
          callback(null, { current: row?.count ?? 1, ttl: Math.max(0, row?.ttl ?? timeWindow) });
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    }

    read(key: string, callback: Callback): void {
      const fullKey = `${this.prefix}|${key}`;
      db.selectFrom('rate_limits')
        .select(['count', sql<number>`(extract(epoch from (reset_at - now())) * 1000)::integer`.as('ttl')])
        .where('key', '=', fullKey)
        .where('reset_at', '>', sql<Date>`now()`)
        .executeTakeFirst()
        .then((row) => callback(null, { current: row?.count ?? 0, ttl: Math.max(0, row?.ttl ?? 0) }))
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    }

    child(routeOptions: unknown): PostgresRateLimitStore {
      return new PostgresRateLimitStore(routeOptions);
    }
  };
}
