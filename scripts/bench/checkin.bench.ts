// POST /checkin throughput and latency under concurrency, on the embedded database and on a
// PostgreSQL server, side by side with a bare insert of the same row through the same pool
// in the same run. Prints figures and the ratio; it is a benchmark, not a test.
import type { AddressInfo } from 'node:net';
import { uuidv7 } from '@vestibule/shared';
import { createApiClient } from '@vestibule/shared/api';
import { buildApp } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../../server/src/db/database.ts';
import {
  createBuilding,
  createQuestion,
  createQuestionnaire,
  createTenant,
  linkEntryQuestionnaire,
} from '../../server/test/helpers/factories.ts';
import { createDatabase, startPostgres } from '../src/lib/postgres.ts';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const WARMUP = 40;

interface Figures {
  perSecond: number;
  p50: number;
  p95: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function measure(count: number, task: (i: number) => Promise<void>): Promise<Figures> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) {
        const i = next++;
        const t0 = performance.now();
        await task(i);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { perSecond: count / seconds, p50: percentile(latencies, 50), p95: percentile(latencies, 95) };
}

async function seedBuilding(
  database: DatabaseHandle,
): Promise<{ tenantId: string; buildingId: string; qrCodeKey: string; questions: string[] }> {
  const db = database.db;
  const tenantId = await createTenant(db, { name: 'Bench Corp' });
  const buildingId = await createBuilding(db, tenantId, 'Bench HQ');
  const questionnaireId = await createQuestionnaire(db, tenantId, 'Health');
  const questions = [await createQuestion(db, questionnaireId, 0), await createQuestion(db, questionnaireId, 1)];
  await linkEntryQuestionnaire(db, buildingId, questionnaireId);
  const { qr_code_key: qrCodeKey } = await db
    .selectFrom('buildings')
    .select('qr_code_key')
    .where('id', '=', buildingId)
    .executeTakeFirstOrThrow();
  return { tenantId, buildingId, qrCodeKey, questions };
}

/** The targets: within 2x the bare insert on a PostgreSQL server, 3x on the embedded one. */
const target = (label: string) => (label.startsWith('embedded') ? 3 : 2);

async function benchOne(label: string, database: DatabaseHandle): Promise<void> {
  await migrateToLatest(database.db);
  const seed = await seedBuilding(database);
  const config = loadConfig({
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'silent',
    VESTIBULE_DEMO: '0',
    RATE_LIMIT_PUBLIC_PER_MINUTE: '100000000',
  });
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  // The phone's own typed client (dates kept raw: no reviver cost in the figure).
  const phone = createApiClient({
    baseUrl: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/service`,
    getToken: () => null,
    getLocale: () => 'en',
    rawDates: true,
  });
  const body = (i: number) => ({
    qrCodeKey: seed.qrCodeKey,
    visitorType: 'VISITOR',
    checkInForm: {
      firstName: 'Bench',
      lastName: `Visitor ${label} ${i}`,
      host: 'Host',
      email: `b${i}-${label.replace(/\W+/g, '-')}@example.test`,
    },
    questionnairesAnswers: [
      { questionnaireId: uuidv7(), answers: { [seed.questions[0] ?? '']: 'NO', [seed.questions[1] ?? '']: 'NO' } },
    ],
  });
  const checkIn = async (i: number) => {
    const outcome = await phone.call('POST /checkin', { body: body(i) });
    if (!outcome.allowed) throw new Error(`check-in refused: ${JSON.stringify(outcome)}`);
  };
  await measure(WARMUP, (i) => checkIn(1_000_000 + i));
  const api = await measure(REQUESTS, checkIn);
  // The floor of any call here: an HTTP exchange with the same client and one trivial query.
  const floor = await measure(REQUESTS, async () => {
    await phone.call('GET /actuator/health', {});
  });
  const bare = await measure(REQUESTS, async (i) => {
    await database.db
      .insertInto('visits')
      .values({
        id: uuidv7(),
        tenant_id: seed.tenantId,
        building_id: seed.buildingId,
        identifier: `B${String(i).padStart(7, '0')}`,
        public_identifier: `bare-${label}-${i}-${uuidv7()}`,
        pin: '1234',
        visitor_type: 'VISITOR',
        first_name: 'Bench',
        last_name: `Bare ${i}`,
        email: `bare${i}@example.test`,
        check_in_form: JSON.stringify({ firstName: 'Bench', lastName: `Bare ${i}` }),
        questionnaires_answers: JSON.stringify([]),
        checked_in_at: new Date(),
        source: 'OWN_DEVICE',
      })
      .execute();
  });
  await app.close();
  const line = (name: string, f: Figures) =>
    `  ${name.padEnd(22)} ${f.perSecond.toFixed(0).padStart(6)} /s   p50 ${f.p50.toFixed(1).padStart(6)} ms   p95 ${f.p95.toFixed(1).padStart(6)} ms`;
  console.log(`\n${label}: ${REQUESTS} requests, concurrency ${CONCURRENCY}`);
  console.log(line('POST /checkin', api));
  console.log(line('bare INSERT (same pool)', bare));
  console.log(line('GET /actuator/health', floor));
  console.log(
    `  ratio: bare insert is ${(bare.perSecond / api.perSecond).toFixed(1)}x the check-in throughput (target ${target(label)}x); check-in p95 is ${(api.p95 / bare.p95).toFixed(1)}x the insert p95`,
  );
  console.log(
    `  the HTTP floor (health call: one exchange, one trivial query) is already ${(bare.perSecond / floor.perSecond).toFixed(1)}x the bare insert; a check-in costs ${(floor.perSecond / api.perSecond).toFixed(1)}x that floor`,
  );
}

const embedded = await openDatabase({ databaseUrl: undefined, dataDir: 'memory://' });
try {
  await benchOne('embedded PGlite', embedded);
} finally {
  await embedded.close();
}

const server = await startPostgres();
try {
  const database = await openDatabase({
    databaseUrl: await createDatabase(server, 'vestibule_bench'),
    dataDir: 'memory://',
    poolSize: 10,
  });
  try {
    await benchOne('PostgreSQL server', database);
  } finally {
    await database.close();
  }
} finally {
  await server.stop();
}
