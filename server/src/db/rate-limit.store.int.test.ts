// The rate-limit store: exact on one instance, shared through the database between instances.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers/database.ts';
import type { DatabaseHandle } from './database.ts';
import { createRateLimitStore } from './rate-limit.store.ts';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

const MINUTE = 60_000;

/** One instance's store for a route, as @fastify/rate-limit makes it. */
function instance() {
  const Store = createRateLimitStore(database.db);
  return new Store().child({ routeInfo: { method: 'POST', url: '/service/checkin' } });
}

function count(store: ReturnType<typeof instance>, key: string): Promise<{ current: number; ttl: number }> {
  return new Promise((resolve, reject) => {
    store.incr(
      key,
      (error, result) => (error || !result ? reject(error ?? new Error('no result')) : resolve(result)),
      MINUTE,
    );
  });
}

async function sharedCount(key: string): Promise<number> {
  const row = await database.db
    .selectFrom('rate_limits')
    .select('count')
    .where('key', '=', `POST /service/checkin|${key}`)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

describe('the rate-limit store', () => {
  it('counts every request of one instance, a burst included, within the window', async () => {
    const store = instance();
    const burst = await Promise.all(Array.from({ length: 30 }, () => count(store, '10.0.0.1')));
    expect(burst.map((result) => result.current).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 30 }, (_, i) => i + 1),
    );
    expect((await count(store, '10.0.0.1')).current).toBe(31);
    const { ttl } = await count(store, '10.0.0.1');
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(MINUTE);
    // The shared counter holds what this instance sent of it, never more than it made.
    expect(await sharedCount('10.0.0.1')).toBeGreaterThanOrEqual(1);
    expect(await sharedCount('10.0.0.1')).toBeLessThanOrEqual(32);
  });

  it("starts another instance's window from the shared count", async () => {
    const first = instance();
    const second = instance();
    expect((await count(first, '10.0.0.2')).current).toBe(1);
    expect((await count(first, '10.0.0.2')).current).toBe(2);
    // The first instance's first request reached the shared counter before it was answered.
    expect((await count(second, '10.0.0.2')).current).toBeGreaterThanOrEqual(2);
    expect(await sharedCount('10.0.0.2')).toBeGreaterThanOrEqual(2);
  });

  it('keeps addresses apart', async () => {
    const store = instance();
    expect((await count(store, '10.0.0.3')).current).toBe(1);
    expect((await count(store, '10.0.0.4')).current).toBe(1);
    expect((await count(store, '10.0.0.3')).current).toBe(2);
  });
});
