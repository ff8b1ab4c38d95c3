// Live updates fan-out: CLIENTS signed-in clients hold the entry log's live stream
// (GET /live/visits over HTTP, each with its own ticket), then a visitor checks in through the
// phone's typed client (POST /checkin); measured is the time from sending the check-in until
// every client has received its event, over ROUNDS check-ins one after the other, on the embedded
// database and on a PostgreSQL server. The target: within 1 s for 50 clients. The clients
// run in the same process as the server (they share the two cores), so the figure is an upper
// bound of the server's own part. A benchmark, not a test.
import type { AddressInfo } from 'node:net';
import { uuidv7 } from '@vestibule/shared';
import { createApiClient } from '@vestibule/shared/api';
import { buildApp, type DatabaseHandle, loadConfig, migrateToLatest } from '@vestibule/server';
import { SseReader } from '@vestibule/server/bench';
import { createBuilding, createTenant, createUser, qrCodeKeyOf } from '@vestibule/server/testing';
import { onEachDatabase } from './lib/databases.ts';
import { percentile } from './lib/stats.ts';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const WARMUP = 3;
const TARGET_MS = 1000;

async function benchOne(label: string, database: DatabaseHandle): Promise<void> {
  await migrateToLatest(database.db);
  const db = database.db;
  const tenantId = await createTenant(db, { name: 'Live Bench Corp' });
  const buildingId = await createBuilding(db, tenantId, 'Live Bench HQ');
  const qrCodeKey = await qrCodeKeyOf(db, buildingId);
  const config = loadConfig({
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'silent',
    VESTIBULE_DEMO: '0',
    RATE_LIMIT_PUBLIC_PER_MINUTE: '100000000',
    RATE_LIMIT_LOGIN_PER_MINUTE: '100000000',
  });
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const desk = await createUser(db, { tenantId, role: 'ROLE_MASTER' });
  const signIn = createApiClient({ baseUrl: `${base}/service`, getToken: () => null, getLocale: () => 'en' });
  const { token } = await signIn.call('POST /login', { body: { username: desk.username, password: desk.password } });
  const staff = createApiClient({ baseUrl: `${base}/service`, getToken: () => token, getLocale: () => 'en' });
  const phone = createApiClient({ baseUrl: `${base}/service`, getToken: () => null, getLocale: () => 'en' });

  const readers: SseReader[] = [];
  for (let i = 0; i < CLIENTS; i++) {
    const { ticket } = await staff.call('POST /live/ticket', { body: { buildingId } });
    const opened = await SseReader.open(`${base}/service/live/visits?ticket=${encodeURIComponent(ticket)}`);
    if (!opened.reader) throw new Error(`stream refused: ${opened.status}`);
    readers.push(opened.reader);
    await opened.reader.nextOf('ready', 5000);
  }

  const allReceived: number[] = [];
  const eachReceived: number[] = [];
  for (let round = 0; round < WARMUP + ROUNDS; round++) {
    const lastName = `Fanout ${round} ${uuidv7().slice(-6)}`;
    const started = performance.now();
    const arrivals = readers.map(async (reader) => {
      await reader.nextOf('visit', 5000);
      return performance.now() - started;
    });
    const outcome = await phone.call('POST /checkin', {
      body: {
        qrCodeKey,
        visitorType: 'VISITOR',
        checkInForm: { firstName: 'Bench', lastName, host: 'Host', email: `fanout${round}@example.test` },
        questionnairesAnswers: [],
      },
    });
    if (!outcome.allowed) throw new Error(`check-in refused: ${JSON.stringify(outcome)}`);
    const times = await Promise.all(arrivals);
    if (round < WARMUP) continue;
    eachReceived.push(...times);
    allReceived.push(Math.max(...times));
  }
  for (const reader of readers) reader.close();
  await app.close();

  allReceived.sort((a, b) => a - b);
  eachReceived.sort((a, b) => a - b);
  const line = (name: string, sorted: number[], note = '') =>
    `  ${name.padEnd(42)} p50 ${percentile(sorted, 50).toFixed(1).padStart(6)} ms   max ${(sorted.at(-1) ?? 0).toFixed(1).padStart(6)} ms${note ? `   ${note}` : ''}`;
  const worst = allReceived.at(-1) ?? 0;
  console.log(`\n${label}: ${CLIENTS} live clients, ${ROUNDS} check-ins one after the other`);
  console.log(line("one client's event after the check-in", eachReceived));
  console.log(
    line(
      `all ${CLIENTS} clients have it`,
      allReceived,
      `${(worst / TARGET_MS).toFixed(3)}x the ${TARGET_MS} ms target: ${worst <= TARGET_MS ? 'PASS' : 'OVER'}`,
    ),
  );
}

await onEachDatabase('vestibule_live_bench', benchOne);
