import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { type SyncPushRequest, uuidv7 } from '@vestibule/shared';
import type { LiveVisitEvent } from '@vestibule/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../src/db/database.ts';
import { SseReader } from '../src/modules/live/sseReader.ts';
import {
  assignBuildings,
  createBuilding,
  createTenant,
  createUser,
  createVisit,
  qrCodeKeyOf,
} from './helpers/factories.ts';
import { type OwnCluster, startOwnCluster } from './helpers/postgresCluster.ts';
import { signIn } from './helpers/serverProcess.ts';
import { enrolledKiosk, testConfig } from './helpers/test-app.ts';

// A fault under a live stream (docs/architecture.md, "A database restart ends no instance"): the
// PostgreSQL server restarted with a fast shutdown (every connection ended) while a supervisor's
// entry log follows the building, a transaction of the server is open and a kiosk pushes
// check-ins, sending again each push that failed, as a kiosk does. Every check-in the server
// acknowledged is in the database once, the open transaction kept nothing, the server goes on
// serving, and the client is caught up: one `resync` for what was announced while the instance
// was not listening (the client reloads its list then), an event for each change after. On a
// cluster of its own, since the suite's server serves the files running beside this one, and on
// a PostgreSQL server only (vitest.config.ts): the embedded database lives in the server's
// process, whose crash faults.int.test.ts covers.

/** How long the kiosk and the client wait for the server to come back, at most. */
const DEADLINE_MS = 15_000;
/** A kiosk's pause before it sends a failed push again. */
const RETRY_PAUSE_MS = 50;
const family = `Restart${Date.now()}`;

let cluster: OwnCluster;
let database: DatabaseHandle;
let app: FastifyInstance;
let origin: string;
let tenantId: string;
let buildingId: string;
let supervisor: { username: string; password: string };
let kiosk: Awaited<ReturnType<typeof enrolledKiosk>> & { qrCodeKey: string };
const cleanups: (() => Promise<void> | void)[] = [];

beforeAll(async () => {
  const suiteServer = process.env.TEST_DATABASE_URL;
  if (!suiteServer) throw new Error('runs on a PostgreSQL server only: TEST_DATABASE_URL (vitest.config.ts)');
  cluster = await startOwnCluster(suiteServer);
  cleanups.push(() => cluster.stop());
  database = await openDatabase({ databaseUrl: cluster.url, dataDir: 'memory://', poolSize: 5 });
  cleanups.push(() => database.close());
  await migrateToLatest(database.db);
  tenantId = await createTenant(database.db, { name: 'Restart Corp' });
  buildingId = await createBuilding(database.db, tenantId, 'Restart HQ');
  const user = await createUser(database.db, { tenantId, role: 'ROLE_SUPERVISOR' });
  await assignBuildings(database.db, user.id, [buildingId]);
  supervisor = user;
  app = await buildApp({ config: testConfig(), database, logger: false });
  cleanups.push(() => app.close());
  kiosk = { ...(await enrolledKiosk(app, buildingId)), qrCodeKey: await qrCodeKeyOf(database.db, buildingId) };
  await app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** The supervisor's live stream of the building, open once `ready` came. */
async function openStream(token: string): Promise<SseReader> {
  const { ticket } = await json<{ ticket: string }>(
    await fetch(`${origin}/service/live/ticket`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ buildingId }),
    }),
  );
  const opened = await SseReader.open(`${origin}/service/live/visits?ticket=${encodeURIComponent(ticket)}`);
  if (!opened.reader) throw new Error(`stream refused: ${opened.status} ${opened.body}`);
  const reader = opened.reader;
  cleanups.push(() => reader.close());
  await reader.nextOf('ready', 5000);
  return reader;
}

/**
 * One check-in the kiosk pushes, and pushes again after each failure (no answer, or not a 200)
 * until the server acknowledges it or the deadline passes: the visit, and how many pushes it took.
 */
async function checkIn(
  firstName: string,
  onRefused?: () => void,
): Promise<{ visitId: string; acknowledged: boolean; pushes: number; refusals: string[] }> {
  const visitId = uuidv7();
  const occurredAt = new Date().toISOString();
  const batch: SyncPushRequest = {
    deviceId: kiosk.deviceId,
    sentAt: occurredAt,
    qrCodeKey: kiosk.qrCodeKey,
    pendingCount: 1,
    mutations: [
      {
        mutationId: uuidv7(),
        deviceId: kiosk.deviceId,
        seq: 1,
        type: 'checkIn',
        visitId,
        occurredAt,
        payload: {
          qrCodeKey: kiosk.qrCodeKey,
          visitorType: 'VISITOR',
          checkInForm: { firstName, lastName: family, host: 'Host' },
        },
      },
    ],
  };
  const deadline = Date.now() + DEADLINE_MS;
  /** Each answer that was not a 200: its status, error code and Retry-After. */
  const refusals: string[] = [];
  for (let pushes = 1; ; pushes++) {
    const response = await fetch(`${origin}/service/sync/push`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...kiosk.headers },
      body: JSON.stringify(batch),
    }).catch(() => undefined);
    if (response?.status === 200) {
      const { results } = (await response.json()) as { results: { status: string }[] };
      const acknowledged = results.every((result) => ['applied', 'duplicate'].includes(result.status));
      return { visitId, acknowledged, pushes, refusals };
    }
    if (response) {
      const { errorCode } = (await response.json()) as { errorCode?: string };
      refusals.push(`${response.status} ${errorCode} retry-after ${response.headers.get('retry-after')}`);
    }
    onRefused?.();
    if (Date.now() > deadline) return { visitId, acknowledged: false, pushes, refusals };
    await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS));
  }
}

/** A promise, and what resolves it. */
function signal(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

async function health(): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${origin}/service/actuator/health`);
  return { status: response.status, body: await response.json() };
}

/** The supervisor's entry log: what its stream told it, and what it reloaded on each `resync`. */
class EntryLog {
  readonly seen = new Set<string>();
  resyncs = 0;
  readonly #reader: SseReader;
  readonly #token: string;

  constructor(reader: SseReader, token: string) {
    this.#reader = reader;
    this.#token = token;
  }

  /** Reads the stream until `done()`; fails, saying what it waited for, at the deadline. */
  async follow(waitingFor: string, done: () => boolean): Promise<void> {
    const deadline = Date.now() + DEADLINE_MS;
    while (!done()) {
      const message = await this.#reader.next(Math.max(1, deadline - Date.now())).catch((error: unknown) => {
        throw new Error(`the stream gave no ${waitingFor}: ${String(error)}`);
      });
      if (message.event === 'visit') {
        const { visitId } = JSON.parse(message.data) as LiveVisitEvent;
        if (visitId) this.seen.add(visitId);
      } else if (message.event === 'resync') {
        this.resyncs++;
        for (const id of await this.#reload()) this.seen.add(id);
      }
    }
  }

  /** The visits of this test the list shows now. */
  async #reload(): Promise<string[]> {
    const list = await json<{ docs: { id: string }[] }>(
      await fetch(`${origin}/service/meeting?search=${family}&limit=500`, {
        headers: { authorization: `Bearer ${this.#token}` },
      }),
    );
    return list.docs.map((visit) => visit.id);
  }
}

describe('PostgreSQL restarted (fast shutdown) under a live stream', () => {
  it('keeps each acknowledged check-in once, and the stream catches up: a resync for the outage, then events', async () => {
    const token = await signIn(origin, supervisor.username, supervisor.password);
    const log = new EntryLog(await openStream(token), token);

    const before = await checkIn('Before');
    expect(before.acknowledged).toBe(true);
    await log.follow('event of the check-in before the restart', () => log.seen.has(before.visitId));

    // A transaction of the server's pool open across the restart, between two statements as a
    // push's is while the server judges its next entry: it ends with its connection, keeping
    // nothing, and that connection's error ends no process (src/db/database.ts).
    const opened = signal();
    const resumed = signal();
    const inFlight = database.db.transaction().execute(async (trx) => {
      await createVisit(trx, tenantId, buildingId, { first_name: 'Unacknowledged', last_name: family });
      opened.resolve();
      await resumed.promise;
      await createVisit(trx, tenantId, buildingId, { first_name: 'Unacknowledged', last_name: family });
    });
    await opened.promise;

    // The restart, in its two halves: a check-in pushed while the database is down is refused
    // at least once, and the database starts again once it has been.
    await cluster.shutDown();
    let sawDown = false;
    while (!sawDown) sawDown = (await health()).status === 503;
    const refused = signal();
    const pushedDuring = checkIn('During', refused.resolve);
    await refused.promise;
    await cluster.start();
    const during = await pushedDuring;
    resumed.resolve();
    const inFlightEnded = await inFlight.then(
      () => 'committed',
      () => 'failed',
    );
    // Right after the restart: the instance's LISTEN is still on its way back.
    const after = await checkIn('After');
    await log.follow('resync after the restart', () => log.resyncs > 0);
    const later = await checkIn('Later');
    await log.follow('event of the check-in after the resync', () => log.seen.has(later.visitId));

    const changes = [before, during, after, later];
    expect(sawDown).toBe(true);
    expect(inFlightEnded).toBe('failed');
    expect(during.pushes).toBeGreaterThan(1);
    // Refused while the database was away: a 503 to send again, never a 500 (src/db/unreachable.ts).
    expect(new Set(during.refusals)).toEqual(new Set(['503 SERVICE_UNAVAILABLE retry-after 2']));
    expect(changes.map((change) => change.acknowledged)).toEqual([true, true, true, true]);
    expect(log.resyncs).toBe(1);
    expect(changes.filter((change) => !log.seen.has(change.visitId))).toEqual([]);
    const rows = await database.db
      .selectFrom('visits')
      .select(['first_name', 'id'])
      .where('last_name', '=', family)
      .orderBy('first_name')
      .execute();
    expect(rows.map((row) => [row.first_name, row.id])).toEqual([
      ['After', after.visitId],
      ['Before', before.visitId],
      ['During', during.visitId],
      ['Later', later.visitId],
    ]);
    expect(await health()).toEqual({ status: 200, body: expect.objectContaining({ status: 'UP' }) });
  });
});
