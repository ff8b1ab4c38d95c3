// POST /checkin throughput and latency under concurrency, on the embedded database and on a
// PostgreSQL server, side by side with a bare insert of the same row through the same pool, in
// the same run. Four measures, interleaved over ROUNDS rounds (medians printed), since this
// 2-core machine moves a figure by a third from one run to the next:
// - the bare insert: one INSERT of a visit row through the server's pool;
// - the check-in's own work: the server's check-in service called in process (the building's
//   rules, the answers re-checked, the visit written with its guards), no HTTP; the
//   target (2x the bare insert on a server, 3x embedded) applies to this ratio;
// - the HTTP floor: GET /actuator/health through the same client (one exchange, one query);
// - POST /checkin through the phone's typed client: the check-in's work plus an HTTP exchange.
// The HTTP floor alone is about twice the bare insert here (client and server share the two
// cores), so the HTTP check-in is also printed against that floor. A benchmark, not a test.
import type { AddressInfo } from 'node:net';
import { checkInRequestSchema, uuidv7 } from '@vestibule/shared';
import { createApiClient } from '@vestibule/shared/api';
import { buildApp, type DatabaseHandle, loadConfig, migrateToLatest } from '@vestibule/server';
import { checkIn as checkInService } from '@vestibule/server/bench';
import {
  createBuilding,
  createQuestion,
  createQuestionnaire,
  createTenant,
  linkEntryQuestionnaire,
} from '@vestibule/server/testing';
import { onEachDatabase } from './lib/databases.ts';
import { percentile } from './lib/stats.ts';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 600);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARMUP = 40;

interface Figures {
  perSecond: number;
  p50: number;
  p95: number;
}

/** The round with the median throughput (its latencies with it). */
function median(rounds: Figures[]): Figures {
  const sorted = [...rounds].sort((a, b) => a.perSecond - b.perSecond);
  return sorted[Math.floor(sorted.length / 2)] ?? { perSecond: 0, p50: 0, p95: 0 };
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
  let serial = 0;
  const checkIn = async () => {
    const outcome = await phone.call('POST /checkin', { body: body(serial++) });
    if (!outcome.allowed) throw new Error(`check-in refused: ${JSON.stringify(outcome)}`);
  };
  // What the route's handler runs, called in process (a phone's channel, as the route makes it).
  const channel = { fromKiosk: false, clientIp: '127.0.0.1', locale: 'en' as const, origin: 'http://127.0.0.1' };
  const service = async () => {
    const outcome = await checkInService(app.ctx, checkInRequestSchema.parse(body(serial++)), channel);
    if (!outcome.body.allowed) throw new Error(`check-in refused: ${JSON.stringify(outcome.body)}`);
  };
  const health = async () => {
    await phone.call('GET /actuator/health', {});
  };
  const bareInsert = async () => {
    const i = serial++;
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
        phone: null,
        company_name: null,
        host: 'Host',
        check_in_form: JSON.stringify({ firstName: 'Bench', lastName: `Bare ${i}`, host: 'Host' }),
        scheduled_duration: '01:00',
        checked_in_at: new Date(),
        checked_out_at: null,
        exit_temp_measure1: null,
        exit_temp_measure2: null,
        exit_comments: null,
        allowed: true,
        refusal_reason: null,
        flagged: false,
        temp_measure1: null,
        temp_measure2: null,
        comments: null,
        questionnaires_answers: JSON.stringify([]),
        questionnaires_answered_at: new Date(),
        consent_accepted: false,
        email_me: null,
        locale: 'en',
        source: 'OWN_DEVICE',
        device_id: null,
      })
      .execute();
  };
  const tasks = { bare: bareInsert, service, health, http: checkIn };
  const rounds: Record<keyof typeof tasks, Figures[]> = { bare: [], service: [], health: [], http: [] };
  for (const task of Object.values(tasks)) await measure(WARMUP, task);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, task] of Object.entries(tasks) as [keyof typeof tasks, () => Promise<void>][]) {
      rounds[name].push(await measure(REQUESTS, task));
    }
  }
  await app.close();
  const [bare, own, floor, http] = [
    median(rounds.bare),
    median(rounds.service),
    median(rounds.health),
    median(rounds.http),
  ];
  const times = (f: Figures) => `${(bare.perSecond / f.perSecond).toFixed(1)}x the bare insert`;
  const line = (name: string, f: Figures, note = '') =>
    `  ${name.padEnd(34)} ${f.perSecond.toFixed(0).padStart(6)} /s   p50 ${f.p50.toFixed(1).padStart(5)} ms   p95 ${f.p95.toFixed(1).padStart(5)} ms${note ? `   ${note}` : ''}`;
  const goal = target(label);
  const ratio = bare.perSecond / own.perSecond;
  console.log(`\n${label}: ${REQUESTS} calls a measure, concurrency ${CONCURRENCY}, median of ${ROUNDS} rounds`);
  console.log(line('bare INSERT (same pool)', bare));
  console.log(
    line("check-in, the server's own work", own, `${times(own)} (target ${goal}x): ${ratio <= goal ? 'PASS' : 'OVER'}`),
  );
  console.log(line('GET /actuator/health over HTTP', floor, `the HTTP floor, ${times(floor)}`));
  console.log(
    line(
      'POST /checkin over HTTP',
      http,
      `${times(http)}, ${(floor.perSecond / http.perSecond).toFixed(1)}x the HTTP floor`,
    ),
  );
}

await onEachDatabase('vestibule_bench', benchOne);
