import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type SyncPushRequest, uuidv7 } from '@vestibule/shared';
import { buildApp } from '../src/app.ts';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../src/db/database.ts';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from './helpers/database.ts';
import { createBuilding, createTenant, createUser, qrCodeKeyOf } from './helpers/factories.ts';
import { enrolledKiosk, testConfig } from './helpers/test-app.ts';
import { listeningPort, printed, signIn, startServer } from './helpers/serverProcess.ts';

// A fault with real processes (docs/scale.md, "A kiosk's queue lands in one transaction"): the
// server killed (SIGKILL) while it applies a kiosk's batch, then started again, and the kiosk
// sending the batch again, as it does after any failed push. Nothing is half-applied, nothing is
// lost, nothing is applied twice. On the embedded database the server is the database, so the
// kill also proves the database comes back whole after a crash; on a PostgreSQL server (the
// suite's TEST_DATABASE_URL) the instance dies with its transaction open.
const BATCH = 100;
const dirs: string[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/**
 * A database with a company, a building (no questionnaire), its master and an enrolled kiosk,
 * made before the server process starts: on the suite's PostgreSQL server, or in an embedded
 * database's folder the process then owns.
 */
async function preparedWorld() {
  const made = await createTestDatabase();
  let database: DatabaseHandle = made;
  let env: NodeJS.ProcessEnv;
  if (made.url) {
    cleanups.push(() => made.close());
    env = { DATABASE_URL: made.url, VESTIBULE_DEMO: '0' };
  } else {
    await made.close();
    const dataDir = mkdtempSync(join(tmpdir(), 'vestibule-faults-'));
    dirs.push(dataDir);
    database = await openDatabase({ databaseUrl: undefined, dataDir });
    await migrateToLatest(database.db);
    env = { DATA_DIR: dataDir, VESTIBULE_DEMO: '0' };
  }
  const tenantId = await createTenant(database.db, { name: 'Faults Corp' });
  const buildingId = await createBuilding(database.db, tenantId, 'Faults HQ');
  const master = await createUser(database.db, { tenantId, role: 'ROLE_MASTER' });
  const qrCodeKey = await qrCodeKeyOf(database.db, buildingId);
  const app = await buildApp({ config: testConfig(), database, logger: false });
  const enrolled = await enrolledKiosk(app, buildingId);
  await app.close();
  if (database !== made) await database.close();
  return { env, master, kiosk: { ...enrolled, qrCodeKey } };
}

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

type Kiosk = Awaited<ReturnType<typeof preparedWorld>>['kiosk'];

function push(base: string, kiosk: Kiosk, batch: SyncPushRequest) {
  return fetch(`${base}/service/sync/push`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...kiosk.headers },
    body: JSON.stringify(batch),
  });
}

/** How many visits of the company the entry log finds by `search`, as its master sees it. */
async function visitsFound(
  base: string,
  master: { username: string; password: string },
  search: string,
): Promise<number> {
  const token = await signIn(base, master.username, master.password);
  const list = await json<{ totalDocs: number }>(
    await fetch(`${base}/service/meeting?search=${encodeURIComponent(search)}&limit=500`, {
      headers: { authorization: `Bearer ${token}` },
    }),
  );
  return list.totalDocs;
}

describe('a server killed while it applies a kiosk batch', () => {
  it('keeps none or all of the batch, and the kiosk sending it again leaves exactly one visit per entry', async () => {
    const world = await preparedWorld();
    const { kiosk, master } = world;
    const env = { PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...world.env };
    const first = startServer(env);
    const firstBase = `http://127.0.0.1:${await listeningPort(first)}`;
    const family = `Killed${Date.now()}`;
    const occurredAt = new Date().toISOString();
    const batch: SyncPushRequest = {
      deviceId: kiosk.deviceId,
      sentAt: occurredAt,
      qrCodeKey: kiosk.qrCodeKey,
      pendingCount: BATCH,
      mutations: Array.from({ length: BATCH }, (_, index) => ({
        mutationId: uuidv7(),
        deviceId: kiosk.deviceId,
        seq: index + 1,
        type: 'checkIn' as const,
        visitId: uuidv7(),
        occurredAt,
        payload: {
          qrCodeKey: kiosk.qrCodeKey,
          visitorType: 'VISITOR',
          checkInForm: { firstName: `Entry${index + 1}`, lastName: family, host: 'Host' },
        },
      })),
    };

    // The server logs the push as it starts on it: killed then, mid-batch.
    const logged = printed(first, /"url":"\/service\/sync\/push"/);
    const answer = push(firstBase, kiosk, batch).then(
      (response) => response.status,
      () => 'no answer' as const,
    );
    await logged;
    first.child.kill('SIGKILL');
    await first.exited;
    expect(await answer).toBe('no answer');

    // Started again on the same database: the batch is there whole or not at all.
    const second = startServer(env);
    const secondBase = `http://127.0.0.1:${await listeningPort(second)}`;
    expect([0, BATCH]).toContain(await visitsFound(secondBase, master, family));

    // The kiosk sends the batch again: every entry applied (or already applied), one visit each.
    const retried = await json<{ results: { status: string }[] }>(await push(secondBase, kiosk, batch));
    expect(retried.results).toHaveLength(BATCH);
    expect(retried.results.filter((result) => !['applied', 'duplicate'].includes(result.status))).toEqual([]);
    expect(await visitsFound(secondBase, master, family)).toBe(BATCH);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 120_000);
});
