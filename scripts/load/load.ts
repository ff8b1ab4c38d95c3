// `npm run load` (docs/load.md): with real parts, what the product carries, what each request costs
// the server, and that faults lose nothing. PostgreSQL on loopback (and a streaming replica with
// LOAD_REPLICA=1), two server processes behind HAProxy, N kiosks simulated in this process with the
// kiosk's own offline modules (Dexie on fake-indexeddb, one database per kiosk) on their real cycle
// (docs/kiosk.md, "Sync exactly once"), visitors' phones checking in and out, and staff holding the
// entry log's live stream while they invite, search and page. First a calibration drives one
// request kind at a time to measure the instances' CPU per request (the capacity model); then the
// run, with four faults one after the other (faults.ts): an instance killed, PostgreSQL restarted,
// a quarter of the kiosks cut off, an instance starved of CPU. The report (report.ts): per request
// kind and phase count, errors and latency percentiles, recovery after each fault, the streams'
// catch-up, the targets; then every entry each device committed against the server's rows. Exits
// non-zero only when an entry is lost, duplicated or still pending. Knobs: LOAD_KIOSKS,
// LOAD_BUILDINGS, LOAD_SECONDS, LOAD_KIOSK_RATE, LOAD_PHONE_RATE, LOAD_STAFF, LOAD_REPLICA,
// LOAD_CALIBRATION_SECONDS.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import type * as OfflineModule from '@vestibule/kiosk/offline';
import type { KioskDb, OutboxEntry, SyncTransport } from '@vestibule/kiosk/offline';
import { SERVICE_BASE } from '@vestibule/shared';
import { type ApiClient, ApiError, createApiClient } from '@vestibule/shared/api';
import { buildApp, loadConfig, migrateToLatest, openDatabase } from '@vestibule/server';
import { createBuilding, createTenant, enrolledKiosk } from '@vestibule/server/testing';
import { freePort } from '../src/lib/freePort.ts';
import { createDatabase, startPostgres } from '../src/lib/postgres.ts';
import { log, root } from '../src/lib/run.ts';
import { type CalibrationDriver, calibrate, capacityModel, cpuByPhase, printCapacity, sampleCpu } from './capacity.ts';
import { type FaultRecord, faultPlan, runFaults, watchHaproxy } from './faults.ts';
import {
  catchUps,
  phasesOf,
  printCatchUps,
  printRecoveries,
  printRows,
  printTargets,
  recoveries,
  requestRows,
  targets,
} from './report.ts';
import { type Kind, clock, samples, sleep, timedFetchAs } from './samples.ts';
import {
  LiveStream,
  STAFF_EVERY_MS,
  entryLogPage,
  expectCatchUp,
  invite,
  liveTicket,
  peopleSearch,
  seedStaff,
  staffWork,
  watchCommits,
} from './staff.ts';
import {
  type Instance,
  type InstanceEnv,
  cleanUp,
  onCleanUp,
  startHaproxy,
  startInstance,
  until200,
  untilHaproxySays,
} from './topology.ts';

type Offline = typeof OfflineModule;
/** The sync engine's module (kiosk/src/offline/syncEngine.ts), one instance per kiosk. */
type SyncEngine = Pick<Offline, 'pushPending' | 'httpTransport' | 'retryDelayMs'>;

// IndexedDB in Node, as the kiosk's own tests have it (fake-indexeddb, a kiosk dependency), set
// before the kiosk's modules (Dexie) load.
const fromKiosk = createRequire(join(root, 'kiosk', 'package.json'));
await import(pathToFileURL(fromKiosk.resolve('fake-indexeddb/auto')).href);

const KIOSKS = Number(process.env.LOAD_KIOSKS ?? 1000);
const BUILDINGS = Number(process.env.LOAD_BUILDINGS ?? 10);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 300);
/** Check-ins (and check-outs) a kiosk commits per minute, on average. */
const KIOSK_RATE = Number(process.env.LOAD_KIOSK_RATE ?? 3);
/** Visitors checking in on their own phones, per second over all buildings (0: none). */
const PHONE_RATE = Number(process.env.LOAD_PHONE_RATE ?? 50);
/** Staff users holding the live stream and working in the admin app. */
const STAFF = Number(process.env.LOAD_STAFF ?? 50);
/** A streaming replica for lists and reports (READ_DATABASE_URL), when 1. */
const REPLICA = process.env.LOAD_REPLICA === '1';
/** Seconds each request kind is driven alone in the calibration (0: no calibration, no capacity model). */
const CALIBRATION_SECONDS = Number(process.env.LOAD_CALIBRATION_SECONDS ?? 5);
/** The share of the phones' visitors who check out on their phone, after a stay. */
const PHONE_CHECKOUT_SHARE = 0.5;
/** Their stay, drawn between these (ms). */
const PHONE_STAY_MS = [10_000, 40_000] as const;
/** Sync engine instances the phones share (each phone holds one only while it pushes). */
const PHONE_ENGINES = 64;
/** Before the reported run: the kiosks' first pushes and configuration fetches (scaled for short runs). */
const WARMUP_MS = Math.max(5_000, 20_000 * Math.min(1, SECONDS / 300));
/** The runner pushes after each write and every 30 s (docs/kiosk.md, "Sync exactly once"). */
const PUSH_EVERY_MS = 30_000;
/** A kiosk revalidates its configuration after a successful push, at most this often. */
const CONFIG_EVERY_MS = 30_000;
const BATCH = 100;

function kindOf(url: string): Kind {
  if (url.includes('/sync/push')) return 'push';
  if (url.includes('/sync/config/')) return 'config';
  return 'other';
}
const timedFetch = timedFetchAs(kindOf);
/** A phone's push is its own kind (a visitor's check-in through the building's link), its check-out another. */
const phoneFetch = timedFetchAs((url) => {
  if (url.includes('/checkoutable/')) return 'phoneOut';
  return kindOf(url) === 'push' ? 'phone' : kindOf(url);
});

interface SeededKiosk {
  deviceId: string;
  credential: string;
  qrCodeKey: string;
  buildingId: string;
}

interface SimKiosk extends SeededKiosk {
  db: KioskDb;
  engine: SyncEngine;
  transport: SyncTransport;
  client: ApiClient;
  commits: number;
  /** Cut off from the network: its pushes are not sent (the fetch fails, as offline). */
  cut: boolean;
  /** The most entries it held pending when its network came back. */
  queuedWhenBack: number;
  /** A kiosk, or a visitor's phone (no credential, the link's mobile token in its entries). */
  channel: 'kiosk' | 'ownDevice';
}

/** A phone's check-out (PATCH /checkoutable): answered, refused (its code), or never answered. */
type PhoneCheckOut = { visitId: string; outcome: 'done' | 'unanswered' | `refused ${string}`; attempts: number };

async function main(): Promise<number> {
  const temp = mkdtempSync(join(tmpdir(), 'vestibule-load-'));
  onCleanUp(async () => rmSync(temp, { recursive: true, force: true }));
  const postgres = await startPostgres();
  onCleanUp(() => postgres.stop());
  const databaseUrl = await createDatabase(postgres, 'vestibule_load');

  // Seeded in this process: one tenant, B buildings, N kiosks enrolled round-robin over them. The
  // handle stays open for the harness's own LISTEN and the final check (its pool survives a restart).
  const database = await openDatabase({ databaseUrl, dataDir: 'memory://', poolSize: 5 });
  onCleanUp(() => database.close());
  await migrateToLatest(database.db);
  const app = await buildApp({
    config: loadConfig({ DATABASE_URL: databaseUrl, DATA_DIR: 'memory://', LOG_LEVEL: 'silent', VESTIBULE_DEMO: '0' }),
    database,
    logger: false,
  });
  const tenantId = await createTenant(database.db, { name: 'Load Corp' });
  const buildings: { id: string; qrCodeKey: string; mobileToken: string | null }[] = [];
  for (let b = 0; b < BUILDINGS; b++) {
    const id = await createBuilding(database.db, tenantId, `Load building ${b + 1}`);
    const { qr_code_key: qrCodeKey, mobile_token: mobileToken } = await database.db
      .selectFrom('buildings')
      .select(['qr_code_key', 'mobile_token'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    buildings.push({ id, qrCodeKey, mobileToken });
  }
  const seeded: SeededKiosk[] = [];
  for (let k = 0; k < KIOSKS; k++) {
    const building = buildings[k % buildings.length];
    if (!building) throw new Error('no building');
    const enrolled = await enrolledKiosk(app, building.id);
    const credential = Object.values(enrolled.headers)[0] ?? '';
    seeded.push({ deviceId: enrolled.deviceId, credential, qrCodeKey: building.qrCodeKey, buildingId: building.id });
  }
  await app.close();
  log(`seeded 1 tenant, ${BUILDINGS} buildings, ${KIOSKS} enrolled kiosks`);

  // The replica copies the cluster as it is now (the load database in it) and streams from then on.
  let readDatabaseUrl: string | undefined;
  if (REPLICA) {
    const replica = await postgres.startReplica();
    onCleanUp(() => replica.stop());
    readDatabaseUrl = replica.url.replace(/\/postgres$/, '/vestibule_load');
    log(`streaming replica for the instances' reads: ${readDatabaseUrl}`);
  }

  const instanceEnv: InstanceEnv = { databaseUrl, readDatabaseUrl, jwtSecret: randomBytes(32).toString('hex'), temp };
  const instances: Instance[] = [
    { name: 'a', port: await freePort() },
    { name: 'b', port: await freePort() },
  ];
  for (const instance of instances) startInstance(instance, instanceEnv);
  for (const instance of instances) await until200(`http://127.0.0.1:${instance.port}/service/actuator/health`, 60_000);
  const proxyPort = await freePort();
  const statsPort = await freePort();
  await startHaproxy(proxyPort, statsPort, instances, temp);
  for (const instance of instances) await untilHaproxySays(statsPort, instance.name, 'UP', 30_000);
  log(`two instances (:${instances.map((i) => i.port).join(', :')}) behind HAProxy on 127.0.0.1:${proxyPort}`);
  const origin = `http://127.0.0.1:${proxyPort}`;
  const baseUrl = `${origin}${SERVICE_BASE}`;

  // The kiosk's own modules, file by file: its index (@vestibule/kiosk/offline) also loads the
  // page's runner, whose app version Vite fills in (import.meta.env), undefined in Node. Each
  // kiosk gets its own instance of the sync engine (a query on its URL), as each tablet has its
  // own push lock: Node has no Web Locks, and the engine's fallback is one push per module.
  const moduleUrl = (file: string) => pathToFileURL(join(root, 'kiosk', 'src', 'offline', file)).href;
  const { openKioskDb } = (await import(moduleUrl('kioskDb.ts'))) as Pick<Offline, 'openKioskDb'>;
  const { commitCheckIn, commitCheckOut, deviceIdOf, pendingCount } = (await import(moduleUrl('outbox.ts'))) as Pick<
    Offline,
    'commitCheckIn' | 'commitCheckOut' | 'deviceIdOf' | 'pendingCount'
  >;
  const { withCredential } = (await import(moduleUrl('credential.ts'))) as Pick<Offline, 'withCredential'>;
  const { kioskClient } = (await import(moduleUrl('kioskClient.ts'))) as Pick<Offline, 'kioskClient'>;
  const { refreshConfig } = (await import(moduleUrl('configCache.ts'))) as Pick<Offline, 'refreshConfig'>;
  const engineUrl = moduleUrl('syncEngine.ts');
  const { newVisitCodes } = await import('@vestibule/shared');
  const kiosks: SimKiosk[] = [];
  for (const [k, s] of seeded.entries()) {
    const db = openKioskDb(`load-kiosk-${k}`);
    await db.open();
    await db.meta.bulkPut([
      { key: 'credential', value: s.credential },
      { key: 'deviceId', value: s.deviceId },
      { key: 'qrCodeKey', value: s.qrCodeKey },
    ]);
    const engine = (await import(`${engineUrl}?kiosk=${k}`)) as SyncEngine;
    const client = kioskClient({ baseUrl, fetchImpl: withCredential(() => db, timedFetch) });
    const http = engine.httpTransport(client);
    const kiosk: SimKiosk = {
      ...s,
      db,
      engine,
      client,
      transport: http,
      commits: 0,
      cut: false,
      queuedWhenBack: 0,
      channel: 'kiosk',
    };
    // Offline, the browser's fetch fails with a TypeError: the engine keeps the batch pending.
    kiosk.transport = (body) => (kiosk.cut ? Promise.reject(new TypeError('offline')) : http(body));
    kiosks.push(kiosk);
  }

  const push = (kiosk: SimKiosk) =>
    kiosk.engine.pushPending(kiosk.db, kiosk.transport, {
      qrCodeKey: kiosk.qrCodeKey,
      batchSize: BATCH,
      channel: kiosk.channel,
    });
  /** A kiosk's check-in of a new visitor (one already checked in would be refused: docs/kiosk.md). */
  const kioskCheckIn = async (kiosk: SimKiosk) => {
    kiosk.commits++;
    return commitCheckIn(
      kiosk.db,
      {
        qrCodeKey: kiosk.qrCodeKey,
        visitorType: 'VISITOR',
        checkInForm: {
          firstName: 'Load',
          lastName: `Visitor ${kiosk.deviceId.slice(-6)}-${kiosk.commits}`,
          host: 'Host',
        },
      },
      { codes: newVisitCodes() },
    );
  };

  // --- Phones ---------------------------------------------------------------------------------
  // Each phone is a device of its own (its own outbox) that commits one check-in with the link's
  // mobile token and pushes it on the ownDevice channel, retrying with back-off until it lands or
  // the run ends; some check out later through their visit's own link (PATCH /checkoutable). A
  // phone done with its push keeps only its outbox's entries (for the final check): its database
  // is deleted, so thousands of phones fit in memory.
  const phoneEngines: SyncEngine[] = [];
  for (let j = 0; j < PHONE_ENGINES; j++) phoneEngines.push((await import(`${engineUrl}?phone=${j}`)) as SyncEngine);
  const phoneEntries: OutboxEntry[] = [];
  const phoneDeviceIds: string[] = [];
  /** Phones still holding a pending entry when the run ended: the final drain pushes them. */
  const phonesPending: SimKiosk[] = [];
  const phoneCheckOuts: PhoneCheckOut[] = [];
  const publicClient = createApiClient({ baseUrl, getToken: () => null, fetchImpl: phoneFetch });
  let phoneCount = 0;
  let end = Number.POSITIVE_INFINITY;

  /** A new phone checks in and pushes until it lands; answers its visit when the server applied it. */
  async function phoneCheckIn(): Promise<{ visitId: string; publicIdentifier: string } | undefined> {
    const i = phoneCount++;
    const building = buildings[i % buildings.length];
    const engine = phoneEngines[i % PHONE_ENGINES];
    if (!building || !engine) return undefined;
    const db = openKioskDb(`load-phone-${i}`);
    await db.open();
    const client = kioskClient({ baseUrl, fetchImpl: withCredential(() => db, phoneFetch) });
    const device: SimKiosk = {
      deviceId: await deviceIdOf(db),
      credential: '',
      qrCodeKey: building.qrCodeKey,
      buildingId: building.id,
      db,
      engine,
      client,
      transport: engine.httpTransport(client),
      commits: 1,
      cut: false,
      queuedWhenBack: 0,
      channel: 'ownDevice',
    };
    phoneDeviceIds.push(device.deviceId);
    const codes = newVisitCodes();
    const made = await commitCheckIn(
      db,
      {
        qrCodeKey: building.qrCodeKey,
        visitorType: 'VISITOR',
        checkInForm: { firstName: 'Phone', lastName: `Visitor ${i}`, host: 'Host' },
        mt: building.mobileToken,
      },
      { codes },
    );
    for (let failures = 0; Date.now() < end && (await pendingCount(db)) > 0;) {
      const outcome = await push(device).catch(() => ({ failed: true, busy: false }));
      if (outcome.failed) await sleep(engine.retryDelayMs(++failures));
      else if (outcome.busy) await sleep(100);
    }
    if ((await pendingCount(db)) > 0) {
      phonesPending.push(device);
      return undefined;
    }
    const entries = await db.outbox.toArray();
    phoneEntries.push(...entries);
    db.close();
    await db.delete();
    const applied = entries.some((e) => e.status === 'applied' || e.status === 'duplicate');
    return applied && codes.publicIdentifier
      ? { visitId: made.visitId, publicIdentifier: codes.publicIdentifier }
      : undefined;
  }

  /** A phone's check-out through its visit's link, sent again (with the engine's back-off) until answered. */
  async function phoneCheckOut(visit: { visitId: string; publicIdentifier: string }): Promise<void> {
    const record: PhoneCheckOut = { visitId: visit.visitId, outcome: 'unanswered', attempts: 0 };
    phoneCheckOuts.push(record);
    const engine = phoneEngines[0];
    while (Date.now() < end + 30_000) {
      record.attempts++;
      try {
        await publicClient.call('PATCH /checkoutable/:publicIdentifier', {
          params: { publicIdentifier: visit.publicIdentifier },
          body: { questionnairesAnswers: [] },
        });
        record.outcome = 'done';
        return;
      } catch (error) {
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
          record.outcome = `refused ${error.errorCode}`;
          return;
        }
        await sleep(engine?.retryDelayMs(record.attempts) ?? 1000);
      }
    }
  }

  async function visitor(): Promise<void> {
    const visit = await phoneCheckIn();
    if (!visit || Math.random() >= PHONE_CHECKOUT_SHARE) return;
    const stay = PHONE_STAY_MS[0] + Math.random() * (PHONE_STAY_MS[1] - PHONE_STAY_MS[0]);
    if (Date.now() + stay >= end) return;
    await sleep(stay);
    await phoneCheckOut(visit);
  }

  async function visitors(): Promise<void> {
    if (PHONE_RATE <= 0) return;
    const started: Promise<void>[] = [];
    while (Date.now() < end) {
      started.push(visitor());
      await sleep((1000 / PHONE_RATE) * (0.5 + Math.random()));
    }
    await Promise.all(started);
  }

  // --- Staff ------------------------------------------------------------------------------------
  const { staff, hosts } = await seedStaff(database.db, origin, tenantId, buildings, STAFF);
  log(`seeded the directory and ${STAFF} staff users (supervisors of every building), signed in`);

  // --- Calibration: each kind alone, the instances' CPU per request (capacity.ts) ----------------
  const calibrationVisits: { visitId: string; publicIdentifier: string }[] = [];
  const someKiosk = (worker: number) => kiosks[worker % Math.max(1, kiosks.length)];
  const someStaff = (worker: number) => staff[worker % Math.max(1, staff.length)];
  const drivers: CalibrationDriver[] = [
    {
      kind: 'push',
      once: async (worker) => {
        const kiosk = someKiosk(worker);
        if (!kiosk) return;
        await kioskCheckIn(kiosk);
        await push(kiosk);
      },
    },
    {
      kind: 'config',
      once: async (worker) => {
        const kiosk = someKiosk(worker);
        if (kiosk) await refreshConfig(kiosk.db, kiosk.qrCodeKey, kiosk.client);
      },
    },
    {
      kind: 'phone',
      once: async () => {
        const visit = await phoneCheckIn();
        if (visit) calibrationVisits.push(visit);
      },
    },
    {
      kind: 'phoneOut',
      once: async () => {
        const visit = calibrationVisits.shift();
        if (visit) await phoneCheckOut(visit);
        else await sleep(50);
      },
    },
    ...(
      [
        ['ticket', (s) => liveTicket(s).then(() => undefined)],
        ['invitation', (s) => invite(s, buildings, hosts)],
        ['peopleSearch', peopleSearch],
        ['entryLog', entryLogPage],
      ] as const satisfies readonly (readonly [Kind, (s: (typeof staff)[number]) => Promise<void>])[]
    ).map(([kind, work]) => ({
      kind,
      once: async (worker: number) => {
        const s = someStaff(worker);
        if (s) await work(s);
      },
    })),
  ];
  const calibration =
    CALIBRATION_SECONDS > 0 && STAFF > 0 && KIOSKS > 0
      ? await calibrate(instances, drivers, CALIBRATION_SECONDS)
      : { idleCpuPerSecond: 0, kinds: [] };

  // --- The live streams, open before the run starts ---------------------------------------------
  clock.phase = 'setup';
  const streams = staff.map((s) => new LiveStream(s, origin));
  const streamsDone = Promise.all(streams.map((stream) => stream.run()));
  for (let waited = 0; waited < 30_000 && streams.some((s) => s.opened === 0); waited += 200) await sleep(200);
  const commits = watchCommits(database);
  log(`${streams.filter((s) => s.opened > 0).length} of ${STAFF} live streams open`);

  // --- The run ----------------------------------------------------------------------------------
  // The kiosks and phones start in a warm-up that is not reported: each kiosk's first push and first
  // full configuration fetch fall in it, so `before` is the steady no-fault baseline.
  clock.phase = 'warmup';
  end = Date.now() + WARMUP_MS + SECONDS * 1000;
  let running = true;

  /** One kiosk on its cycle until the run ends: commit, push, revalidate the configuration now and then. */
  async function cycle(kiosk: SimKiosk): Promise<void> {
    const meanGapMs = 60_000 / KIOSK_RATE;
    let nextCommit = Date.now() + Math.random() * meanGapMs;
    let lastPush = Date.now();
    let lastConfig = 0;
    let failures = 0;
    let retryAt = 0;
    let wasCut = false;
    let online = false;
    const present: string[] = [];
    while (Date.now() < end) {
      const now = Date.now();
      const wake = Math.min(nextCommit, lastPush + PUSH_EVERY_MS, retryAt > now ? retryAt : Infinity, end);
      // Woken at least every second, to notice the network coming back.
      if (wake > now) await sleep(Math.min(wake - now, 1000));
      // The runner pushes at once when the browser comes back online (docs/kiosk.md).
      if (wasCut && !kiosk.cut) {
        retryAt = 0;
        online = true;
      }
      wasCut = kiosk.cut;
      if (Date.now() >= end) break;
      let wrote = false;
      if (Date.now() >= nextCommit) {
        nextCommit = Date.now() + meanGapMs * (0.5 + Math.random());
        const visitId = present.length > 2 && Math.random() < 0.3 ? present.shift() : undefined;
        // A visit the server refused is forgotten by the device: no check-out to commit then.
        if (visitId) {
          await commitCheckOut(kiosk.db, visitId, {}).catch(() => undefined);
          kiosk.commits++;
        } else present.push((await kioskCheckIn(kiosk)).visitId);
        wrote = true;
      }
      // After a failure the runner waits with back-off; a write asks for a push, still after it.
      if (Date.now() < retryAt) continue;
      if (!wrote && !online && Date.now() < lastPush + PUSH_EVERY_MS) continue;
      online = false;
      lastPush = Date.now();
      const outcome = await push(kiosk).catch(() => ({ failed: true }));
      if (outcome.failed) {
        failures++;
        retryAt = Date.now() + kiosk.engine.retryDelayMs(failures);
        continue;
      }
      failures = 0;
      retryAt = 0;
      if (Date.now() - lastConfig >= CONFIG_EVERY_MS) {
        lastConfig = Date.now();
        await refreshConfig(kiosk.db, kiosk.qrCodeKey, kiosk.client).catch(() => undefined);
      }
    }
  }

  log(`warm-up: ${KIOSKS} kiosks and the phones start, for ${(WARMUP_MS / 1000).toFixed(0)} s`);
  const devicesDone = Promise.all([visitors(), ...kiosks.map((kiosk) => cycle(kiosk))]);
  await sleep(WARMUP_MS);
  clock.start = Date.now();
  clock.phase = 'before';
  end = clock.start + SECONDS * 1000;

  /** A quarter of the kiosks cut off (the cut fault), then back with their queues. */
  const cutOff = kiosks.filter((_, k) => k % 4 === 0);
  const cut = { kiosks: cutOff.length, queuedWhenBack: 0, largestQueue: 0 };
  const plans = faultPlan(SECONDS);
  const faultsDone = runFaults(plans, {
    instances,
    instanceEnv,
    statsPort,
    restartPostgres: () => postgres.restart(),
    cutOff: async () => {
      for (const kiosk of cutOff) kiosk.cut = true;
      return `${cutOff.length} kiosks cut off`;
    },
    reconnect: async () => {
      await Promise.all(
        cutOff.map(async (kiosk) => {
          kiosk.queuedWhenBack = await pendingCount(kiosk.db);
          kiosk.cut = false;
        }),
      );
      cut.queuedWhenBack = cutOff.reduce((sum, k) => sum + k.queuedWhenBack, 0);
      cut.largestQueue = Math.max(0, ...cutOff.map((k) => k.queuedWhenBack));
      return `back with ${cut.queuedWhenBack} queued entries (at most ${cut.largestQueue} on one)`;
    },
    onEnd: (fault) => expectCatchUp(streams, fault, commits.last),
  });
  const haproxyChanges = watchHaproxy(statsPort, () => !running);
  // The harness's own event loop: how late it runs says how much of each latency is the harness's.
  const harnessDelay = monitorEventLoopDelay({ resolution: 20 });
  harnessDelay.enable();
  const cpuPoints = sampleCpu(instances, () => !running);

  log(
    `the run: ${SECONDS} s, ${KIOSKS} kiosks (${KIOSK_RATE} entries a minute each), phones ${PHONE_RATE}/s, ${STAFF} staff; faults at ${plans.map((p) => `${p.name} ${(p.atMs / 1000).toFixed(0)} s`).join(', ')}`,
  );
  const [faults] = await Promise.all([
    faultsDone,
    devicesDone,
    ...staff.map((s) => staffWork(s, buildings, hosts, end)),
  ]);
  const runEndMs = Date.now() - clock.start;

  // The final drain, both instances up: each kiosk pushes until nothing is pending.
  clock.phase = 'drain';
  for (const instance of instances) await untilHaproxySays(statsPort, instance.name, 'UP', 60_000);
  const drainStart = Date.now();
  await Promise.all(
    [...kiosks, ...phonesPending].map(async (kiosk) => {
      for (let round = 0; round < 20 && (await pendingCount(kiosk.db)) > 0; round++) {
        const outcome = await push(kiosk).catch(() => ({ failed: true, busy: false }));
        if (outcome.failed || outcome.busy) await sleep(500);
      }
    }),
  );
  const drainMs = Date.now() - drainStart;
  // The streams get a moment to receive the drain's events, then close.
  await sleep(2000);
  running = false;
  for (const stream of streams) stream.stop();
  await Promise.all([streamsDone, commits.close()]);

  // --- Report -----------------------------------------------------------------------------------
  const rows = requestRows(samples, phasesOf(faults));
  printRows(rows);
  const recovered = recoveries(samples, faults, runEndMs);
  printRecoveries(recovered, faults);
  const streamCatchUps = catchUps(streams, faults, runEndMs);
  printCatchUps(streamCatchUps);
  harnessDelay.disable();
  // The histogram holds the time between its 20 ms ticks: late by what exceeds the 20 ms.
  const lateMs = (ns: number) => Math.max(0, ns / 1e6 - 20);
  const harnessLoop = {
    p50Ms: lateMs(harnessDelay.percentile(50)),
    p99Ms: lateMs(harnessDelay.percentile(99)),
    maxMs: lateMs(harnessDelay.max),
  };
  console.log(
    `\nthe harness's event loop ran late by p50 ${harnessLoop.p50Ms.toFixed(0)} ms, p99 ${harnessLoop.p99Ms.toFixed(0)} ms, max ${harnessLoop.maxMs.toFixed(0)} ms (in every latency above)`,
  );
  const changes = await haproxyChanges;
  console.log(
    `\nHAProxy's view of the instances: ${changes.map((c) => `${c.instance} ${c.from} → ${c.to} at ${c.atS.toFixed(1)} s`).join('; ') || 'no change'}`,
  );
  const cpu = cpuByPhase(await cpuPoints);
  console.log(
    `instances' CPU by phase (100% = one core): ${Object.entries(cpu)
      .map(([phase, share]) => `${phase} ${share.toFixed(0)}%`)
      .join(', ')}`,
  );
  for (const fault of faults)
    console.log(
      `fault ${fault.name}: ${fault.startS.toFixed(1)} s to ${fault.endS.toFixed(1)} s; ${fault.notes.join('; ')}`,
    );

  // Exactly once: every entry each device committed against the server's rows.
  const exactly = await exactlyOnce(
    database.db,
    [...(await Promise.all([...kiosks, ...phonesPending].map((k) => k.db.outbox.toArray()))).flat(), ...phoneEntries],
    [...kiosks.map((k) => k.deviceId), ...phoneDeviceIds],
    phoneDeviceIds,
    phoneCheckOuts,
  );
  console.log(
    `\nexactly once: ${exactly.summary.committed} entries committed (${exactly.summary.checkIns} check-ins, ${exactly.summary.checkOuts} check-outs) on ${KIOSKS} kiosks and ${phoneDeviceIds.length} phones, and ${phoneCheckOuts.length} phones' check-outs; server: ${exactly.summary.serverMutations} mutations, ${exactly.summary.serverVisits} visits`,
  );
  console.log(
    `  lost ${exactly.lost.length}, duplicated ${exactly.duplicated.length}, rejected ${exactly.summary.rejected} ${JSON.stringify(exactly.summary.rejectedCodes)}, pending after the final drain ${exactly.summary.pending} (drain ${drainMs} ms); phones' check-outs ${JSON.stringify(exactly.summary.phoneCheckOuts)}`,
  );
  for (const line of [...exactly.lost, ...exactly.duplicated].slice(0, 50)) console.log(`  ${line}`);

  // The capacity model, from the calibration's CPU per request and the run's own mix.
  const runPhases = new Set(phasesOf(faults).filter((p) => p !== 'drain'));
  const runCounts: Partial<Record<Kind, number>> = {};
  for (const s of samples) if (runPhases.has(s.phase)) runCounts[s.kind] = (runCounts[s.kind] ?? 0) + 1;
  const kioskCheckIns = exactly.checkInsByChannel.kiosk;
  const capacity =
    calibration.kinds.length > 0
      ? capacityModel(
          Object.fromEntries(calibration.kinds.map((c) => [c.kind, c.cpuMsPerRequest])),
          runCounts,
          { kiosk: kioskCheckIns, phone: exactly.checkInsByChannel.phone },
          runEndMs / 1000,
          BUILDINGS,
          STAFF,
        )
      : undefined;
  if (capacity) printCapacity(capacity);

  const targetLines = targets(rows, recovered, faults, {
    lost: exactly.lost.length,
    duplicated: exactly.duplicated.length,
    pending: exactly.summary.pending,
  });
  printTargets(targetLines);

  const report = {
    ranAt: new Date(clock.start).toISOString(),
    command: 'npm run load',
    settings: {
      kiosks: KIOSKS,
      buildings: BUILDINGS,
      seconds: SECONDS,
      kioskRatePerMinute: KIOSK_RATE,
      phoneRatePerSecond: PHONE_RATE,
      phoneCheckOutShare: PHONE_CHECKOUT_SHARE,
      staff: STAFF,
      staffEveryMs: STAFF_EVERY_MS,
      replica: REPLICA,
      calibrationSeconds: CALIBRATION_SECONDS,
      batch: BATCH,
    },
    faults: faults satisfies FaultRecord[],
    haproxyChanges: changes,
    cutOff: cut,
    cpuByPhase: cpu,
    harnessLoop,
    drainMs,
    requests: rows,
    recoveries: recovered,
    liveStreams: {
      streams: streams.length,
      opened: streams.reduce((sum, s) => sum + s.opened, 0),
      events: streams.reduce((sum, s) => sum + s.events, 0),
      resyncs: streams.reduce((sum, s) => sum + s.resyncs.length, 0),
      catchUps: streamCatchUps,
    },
    calibration,
    capacity,
    targets: targetLines,
    exactlyOnce: exactly.summary,
    lost: exactly.lost,
    duplicated: exactly.duplicated,
    stillPending: exactly.stillPending,
  };
  writeFileSync(join(root, 'scripts', 'load', 'last-run.json'), `${JSON.stringify(report, null, 2)}\n`);
  for (const kiosk of [...kiosks, ...phonesPending]) kiosk.db.close();
  const passed = exactly.lost.length === 0 && exactly.duplicated.length === 0 && exactly.summary.pending === 0;
  log(passed ? 'PASS: nothing lost, nothing duplicated, nothing pending' : 'FAIL: see the list above');
  return passed ? 0 : 1;
}

/**
 * Every entry the devices committed, and the phones' check-outs, against the server's rows:
 * lost (no applied_mutations row, an applied check-in with no visit, a check-out whose visit is
 * still in), duplicated (a mutation or visit twice, a row of these devices no device committed),
 * rejected and pending.
 */
async function exactlyOnce(
  db: Parameters<typeof watchCommits>[0]['db'],
  entries: readonly OutboxEntry[],
  deviceIds: readonly string[],
  phoneDeviceIds: readonly string[],
  phoneCheckOuts: readonly PhoneCheckOut[],
) {
  const committed = new Map<string, OutboxEntry>();
  const checkIns = new Map<string, string>();
  const checkOuts = new Set<string>();
  const stillPending: string[] = [];
  const checkInsByChannel = { kiosk: 0, phone: 0 };
  const phones = new Set(phoneDeviceIds);
  for (const entry of entries) {
    committed.set(entry.mutationId, entry);
    if (entry.type === 'checkIn') {
      checkIns.set(entry.visitId, entry.mutationId);
      checkInsByChannel[phones.has(entry.deviceId) ? 'phone' : 'kiosk']++;
    }
    if (entry.type === 'checkOut') checkOuts.add(entry.visitId);
    if (entry.status === 'pending') stillPending.push(entry.mutationId);
  }
  const applied = deviceIds.length
    ? await db
        .selectFrom('applied_mutations')
        .select(['mutation_id', 'outcome'])
        .where('device_id', 'in', [...deviceIds])
        .execute()
    : [];
  const visits = deviceIds.length
    ? await db
        .selectFrom('visits')
        .select(['id', 'checked_out_at'])
        .where('device_id', 'in', [...deviceIds])
        .execute()
    : [];
  const mutationRows = new Map<string, number>();
  for (const row of applied) mutationRows.set(row.mutation_id, (mutationRows.get(row.mutation_id) ?? 0) + 1);
  const visitRows = new Map<string, { n: number; checkedOut: boolean }>();
  for (const row of visits) {
    const known = visitRows.get(row.id);
    visitRows.set(row.id, { n: (known?.n ?? 0) + 1, checkedOut: row.checked_out_at !== null });
  }
  const lost: string[] = [];
  const duplicated: string[] = [];
  let rejected = 0;
  const rejectedCodes: Record<string, number> = {};
  for (const [mutationId, entry] of committed) {
    if (entry.status === 'rejected') {
      rejected++;
      const code = entry.errorCode ?? 'none';
      rejectedCodes[code] = (rejectedCodes[code] ?? 0) + 1;
    }
    if (!mutationRows.has(mutationId)) lost.push(`mutation ${mutationId} (${entry.type}, no applied_mutations row)`);
    if ((mutationRows.get(mutationId) ?? 0) > 1) duplicated.push(`mutation ${mutationId} recorded twice`);
  }
  const outcomes = new Map(applied.map((row) => [row.mutation_id, row.outcome]));
  for (const [visitId, mutationId] of checkIns) {
    const row = visitRows.get(visitId);
    // A refused check-in is kept as refused on both sides and makes no visit.
    if (outcomes.get(mutationId) !== 'applied') continue;
    if (!row) lost.push(`visit ${visitId} (check-in, no visits row)`);
    else if (row.n > 1) duplicated.push(`visit ${visitId} (${row.n} rows)`);
  }
  for (const visitId of checkOuts)
    if (visitRows.get(visitId) && !visitRows.get(visitId)?.checkedOut)
      lost.push(`visit ${visitId} (check-out committed, row still checked in)`);
  // A phone's check-out answered, or refused on a later attempt (an earlier one applied it), leaves its visit out.
  const phoneOutcomes: Record<string, number> = {};
  for (const out of phoneCheckOuts) {
    phoneOutcomes[out.outcome] = (phoneOutcomes[out.outcome] ?? 0) + 1;
    const answered = out.outcome === 'done' || (out.outcome.startsWith('refused') && out.attempts > 1);
    if (answered && !visitRows.get(out.visitId)?.checkedOut)
      lost.push(`visit ${out.visitId} (phone's check-out answered, row still checked in)`);
  }
  for (const id of visitRows.keys()) if (!checkIns.has(id)) duplicated.push(`visit ${id} (a row no device committed)`);
  for (const row of applied)
    if (!committed.has(row.mutation_id)) duplicated.push(`mutation ${row.mutation_id} (a row no device committed)`);
  return {
    lost,
    duplicated,
    stillPending,
    checkInsByChannel,
    summary: {
      committed: committed.size,
      checkIns: checkIns.size,
      checkOuts: checkOuts.size,
      phones: phones.size,
      phoneCheckOuts: phoneOutcomes,
      serverMutations: applied.length,
      serverVisits: visits.length,
      rejected,
      rejectedCodes,
      pending: stillPending.length,
    },
  };
}

let code = 1;
try {
  code = await main();
} catch (error) {
  console.error(error);
} finally {
  await cleanUp();
}
process.exit(code);
