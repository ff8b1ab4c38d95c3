// `npm run load` (docs/load.md): at small scale, with real parts, what the product carries and that a
// fault loses nothing. PostgreSQL on loopback, two server processes behind HAProxy, and N kiosks
// simulated in this process with the kiosk's own offline modules (Dexie on fake-indexeddb, one
// database per kiosk) on their real cycle (docs/kiosk.md, "Sync exactly once"). At a third of the
// run one instance is killed (SIGKILL) and restarted 10 s later; later a quarter of the kiosks lose
// their network for 20 s; visitors' phones check in through the buildings' links all along. The
// report: per request kind and phase, count, errors and latency percentiles; then every entry each
// device committed against the server's rows. Exits non-zero when an entry is lost, duplicated or
// still pending. Knobs: LOAD_KIOSKS, LOAD_BUILDINGS, LOAD_SECONDS, LOAD_KIOSK_RATE, LOAD_PHONE_RATE.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as OfflineModule from '@vestibule/kiosk/offline';
import type { KioskDb, SyncTransport } from '@vestibule/kiosk/offline';
import type { ApiClient } from '@vestibule/shared/api';
import { buildApp, loadConfig, migrateToLatest, openDatabase } from '@vestibule/server';
import { createBuilding, createTenant, enrolledKiosk } from '@vestibule/server/testing';
import { freePort } from '../src/lib/freePort.ts';
import { createDatabase, startPostgres } from '../src/lib/postgres.ts';
import { aptInstall, commandExists, log, root } from '../src/lib/run.ts';

type Offline = typeof OfflineModule;
/** The sync engine's module (kiosk/src/offline/syncEngine.ts), one instance per kiosk. */
type SyncEngine = Pick<Offline, 'pushPending' | 'httpTransport' | 'retryDelayMs'>;

// IndexedDB in Node, as the kiosk's own tests have it (fake-indexeddb, a kiosk dependency), set
// before the kiosk's modules (Dexie) load.
const fromKiosk = createRequire(join(root, 'kiosk', 'package.json'));
await import(pathToFileURL(fromKiosk.resolve('fake-indexeddb/auto')).href);

const KIOSKS = Number(process.env.LOAD_KIOSKS ?? 200);
const BUILDINGS = Number(process.env.LOAD_BUILDINGS ?? 10);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 90);
/** Check-ins (and check-outs) a kiosk commits per minute, on average. */
const KIOSK_RATE = Number(process.env.LOAD_KIOSK_RATE ?? 3);
/** Visitors checking in on their own phones, per second over all buildings (0: none). */
const PHONE_RATE = Number(process.env.LOAD_PHONE_RATE ?? 5);
/** Sync engine instances the phones share (each phone holds one only while it pushes). */
const PHONE_ENGINES = 16;
/** The runner pushes after each write and every 30 s (docs/kiosk.md, "Sync exactly once"). */
const PUSH_EVERY_MS = 30_000;
/** A kiosk revalidates its configuration after a successful push, at most this often. */
const CONFIG_EVERY_MS = 30_000;
const KILL_AT_MS = (SECONDS * 1000) / 3;
const DOWN_MS = 10_000;
/** A quarter of the kiosks lose their network for 20 s, after the fault (clamped into short runs). */
const CUT_MS = Math.min(20_000, (SECONDS * 1000) / 4);
const CUT_AT_MS = Math.min(SECONDS * 1000 * 0.6, SECONDS * 1000 - CUT_MS - 5_000);
const BATCH = 100;

type Phase = 'before' | 'during' | 'after' | 'drain';
type Kind = 'push' | 'config' | 'phone' | 'other';

interface Sample {
  kind: Kind;
  phase: Phase;
  status: number;
  ms: number;
}

const samples: Sample[] = [];
let phase: Phase = 'before';
const children = new Set<ChildProcess>();
const cleanups: (() => Promise<void>)[] = [];

function killChildren(): void {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

async function cleanUp(): Promise<void> {
  killChildren();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
}

process.on('exit', killChildren);
process.on('SIGINT', () => void cleanUp().finally(() => process.exit(130)));
process.on('SIGTERM', () => void cleanUp().finally(() => process.exit(143)));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

function spawnChild(command: string, args: string[], env: NodeJS.ProcessEnv, label: string): ChildProcess {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], cwd: root });
  children.add(child);
  const echo = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) console.log(`  [${label}] ${line}`);
  };
  child.stderr?.on('data', echo);
  child.on('exit', () => children.delete(child));
  return child;
}

/** Resolves once `url` answers 200, rejects after `timeoutMs`. */
async function until200(url: string, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const ok = await fetch(url)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await sleep(200);
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
}

// --- Topology -------------------------------------------------------------------------------

const temp = mkdtempSync(join(tmpdir(), 'vestibule-load-'));
cleanups.push(async () => rmSync(temp, { recursive: true, force: true }));

const jwtSecret = randomBytes(32).toString('hex');

interface Instance {
  name: string;
  port: number;
  child?: ChildProcess;
}

function startInstance(instance: Instance, databaseUrl: string): ChildProcess {
  const child = spawnChild(
    process.execPath,
    ['--disable-warning=ExperimentalWarning', join(root, 'server', 'src', 'main.ts')],
    {
      DATABASE_URL: databaseUrl,
      PORT: String(instance.port),
      HOST: '127.0.0.1',
      DATA_DIR: join(temp, `data-${instance.name}`),
      VESTIBULE_DEMO: '0',
      TRUST_PROXY: '1',
      JWT_SECRET: jwtSecret,
      RATE_LIMIT_PUBLIC_PER_MINUTE: '100000000',
      RATE_LIMIT_LOGIN_PER_MINUTE: '100000000',
      LOG_LEVEL: 'warn',
    },
    `server ${instance.name}`,
  );
  instance.child = child;
  return child;
}

async function startHaproxy(port: number, statsPort: number, instances: Instance[]): Promise<void> {
  if (!(await commandExists('haproxy'))) {
    log('HAProxy not found: installing it with apt-get');
    await aptInstall(['haproxy']);
  }
  const config = [
    'global',
    '  maxconn 4096',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    // A connection refused is retried on the other instance (nothing was sent yet).
    '  retries 3',
    '  option redispatch',
    'frontend kiosks',
    `  bind 127.0.0.1:${port}`,
    '  default_backend servers',
    'backend servers',
    '  balance roundrobin',
    '  option httpchk GET /service/actuator/health',
    '  option forwardfor',
    '  default-server inter 1s fall 2 rise 2',
    ...instances.map((i) => `  server ${i.name} 127.0.0.1:${i.port} check`),
    'listen stats',
    `  bind 127.0.0.1:${statsPort}`,
    '  stats enable',
    '  stats uri /stats',
    '',
  ].join('\n');
  const file = join(temp, 'haproxy.cfg');
  writeFileSync(file, config);
  spawnChild('haproxy', ['-f', file, '-db'], {}, 'haproxy');
}

/** HAProxy's view of each instance (UP, DOWN, ...), from its stats page. */
async function haproxyStatus(statsPort: number): Promise<Record<string, string>> {
  const csv = await fetch(`http://127.0.0.1:${statsPort}/stats;csv`).then((r) => r.text());
  const [header = '', ...lines] = csv.split('\n');
  const columns = header.replace(/^# /, '').split(',');
  const at = (name: string) => columns.indexOf(name);
  const status: Record<string, string> = {};
  for (const line of lines) {
    const cells = line.split(',');
    if (cells[at('pxname')] === 'servers' && cells[at('svname')] !== 'BACKEND' && cells[at('svname')] !== 'FRONTEND')
      status[cells[at('svname')] ?? ''] = cells[at('status')] ?? '';
  }
  return status;
}

async function untilHaproxySays(statsPort: number, name: string, wanted: string, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const status = await haproxyStatus(statsPort).catch(() => ({}) as Record<string, string>);
    if (status[name]?.startsWith(wanted)) return;
    await sleep(200);
  }
  throw new Error(`HAProxy did not see ${name} ${wanted} within ${timeoutMs} ms`);
}

// --- Kiosks ---------------------------------------------------------------------------------

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

function kindOf(url: string): Kind {
  if (url.includes('/sync/push')) return 'push';
  if (url.includes('/sync/config/')) return 'config';
  return 'other';
}

/** fetch that times each call by kind, with its status (0: no answer), in the phase it started. */
const timedFetchAs =
  (kindOfUrl: (url: string) => Kind): typeof fetch =>
  async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const kind = kindOfUrl(url);
    const started = phase;
    const t0 = performance.now();
    try {
      const response = await fetch(input, init);
      samples.push({ kind, phase: started, status: response.status, ms: performance.now() - t0 });
      return response;
    } catch (error) {
      samples.push({ kind, phase: started, status: 0, ms: performance.now() - t0 });
      throw error;
    }
  };
const timedFetch = timedFetchAs(kindOf);
/** A phone's push is its own kind: a visitor's check-in through the building's link. */
const phoneFetch = timedFetchAs((url) => (kindOf(url) === 'push' ? 'phone' : kindOf(url)));

async function main(): Promise<number> {
  const postgres = await startPostgres();
  cleanups.push(() => postgres.stop());
  const databaseUrl = await createDatabase(postgres, 'vestibule_load');

  // Seeded in this process: one tenant, B buildings, N kiosks enrolled round-robin over them.
  const database = await openDatabase({ databaseUrl, dataDir: 'memory://', poolSize: 5 });
  cleanups.push(() => database.close());
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

  const instances: Instance[] = [
    { name: 'a', port: await freePort() },
    { name: 'b', port: await freePort() },
  ];
  for (const instance of instances) startInstance(instance, databaseUrl);
  for (const instance of instances) await until200(`http://127.0.0.1:${instance.port}/service/actuator/health`, 60_000);
  const proxyPort = await freePort();
  const statsPort = await freePort();
  await startHaproxy(proxyPort, statsPort, instances);
  for (const instance of instances) await untilHaproxySays(statsPort, instance.name, 'UP', 30_000);
  log(`two instances (:${instances.map((i) => i.port).join(', :')}) behind HAProxy on 127.0.0.1:${proxyPort}`);
  const baseUrl = `http://127.0.0.1:${proxyPort}/service`;

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

  const start = Date.now();
  const end = start + SECONDS * 1000;
  const push = (kiosk: SimKiosk) =>
    kiosk.engine.pushPending(kiosk.db, kiosk.transport, {
      qrCodeKey: kiosk.qrCodeKey,
      batchSize: BATCH,
      channel: kiosk.channel,
    });

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
        if (visitId) await commitCheckOut(kiosk.db, visitId, {}).catch(() => undefined);
        else {
          const made = await commitCheckIn(
            kiosk.db,
            {
              qrCodeKey: kiosk.qrCodeKey,
              visitorType: 'VISITOR',
              // A new visitor each time: one already checked in would be refused (docs/kiosk.md).
              checkInForm: {
                firstName: 'Load',
                lastName: `Visitor ${kiosk.deviceId.slice(-6)}-${kiosk.commits}`,
                host: 'Host',
              },
            },
            { codes: newVisitCodes() },
          );
          present.push(made.visitId);
        }
        kiosk.commits++;
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

  /** The fault: one instance killed at a third of the run, restarted 10 s later, until HAProxy has it UP. */
  const phases = { killAt: 0, upAt: 0 };
  async function fault(): Promise<void> {
    await sleep(KILL_AT_MS);
    const victim = instances[0];
    if (!victim?.child) return;
    phase = 'during';
    phases.killAt = Date.now() - start;
    log(`SIGKILL to instance ${victim.name} at ${(phases.killAt / 1000).toFixed(1)} s`);
    victim.child.kill('SIGKILL');
    await sleep(DOWN_MS);
    startInstance(victim, databaseUrl);
    await untilHaproxySays(statsPort, victim.name, 'UP', 60_000);
    phases.upAt = Date.now() - start;
    phase = 'after';
    log(`instance ${victim.name} restarted, UP in HAProxy at ${(phases.upAt / 1000).toFixed(1)} s`);
  }

  log(`${KIOSKS} kiosks on their cycle for ${SECONDS} s (${KIOSK_RATE} entries a minute each)`);
  /** A quarter of the kiosks cut off for CUT_MS, then back with their queues. */
  const cutOff = kiosks.filter((_, k) => k % 4 === 0);
  const cut = { atS: 0, backAtS: 0, kiosks: cutOff.length, queuedWhenBack: 0, largestQueue: 0 };
  async function network(): Promise<void> {
    await sleep(CUT_AT_MS);
    cut.atS = (Date.now() - start) / 1000;
    log(`${cutOff.length} kiosks cut off at ${cut.atS.toFixed(1)} s`);
    for (const kiosk of cutOff) kiosk.cut = true;
    await sleep(CUT_MS);
    await Promise.all(
      cutOff.map(async (kiosk) => {
        kiosk.queuedWhenBack = await pendingCount(kiosk.db);
        kiosk.cut = false;
      }),
    );
    cut.backAtS = (Date.now() - start) / 1000;
    cut.queuedWhenBack = cutOff.reduce((sum, k) => sum + k.queuedWhenBack, 0);
    cut.largestQueue = Math.max(0, ...cutOff.map((k) => k.queuedWhenBack));
    log(
      `${cutOff.length} kiosks back at ${cut.backAtS.toFixed(1)} s with ${cut.queuedWhenBack} queued entries (at most ${cut.largestQueue} on one)`,
    );
  }

  /**
   * Visitors on their phones, PHONE_RATE a second over the buildings: each phone is a device of
   * its own (its own outbox) that commits one check-in with the link's mobile token and pushes it
   * on the ownDevice channel, retrying with back-off until it lands or the run ends.
   */
  const phones: SimKiosk[] = [];
  const phoneEngines: SyncEngine[] = [];
  for (let j = 0; j < PHONE_ENGINES; j++) phoneEngines.push((await import(`${engineUrl}?phone=${j}`)) as SyncEngine);
  async function phone(i: number): Promise<void> {
    const building = buildings[i % buildings.length];
    const engine = phoneEngines[i % PHONE_ENGINES];
    if (!building || !engine) return;
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
    phones.push(device);
    await commitCheckIn(
      db,
      {
        qrCodeKey: building.qrCodeKey,
        visitorType: 'VISITOR',
        checkInForm: { firstName: 'Phone', lastName: `Visitor ${i}`, host: 'Host' },
        mt: building.mobileToken,
      },
      { codes: newVisitCodes() },
    );
    for (let failures = 0; Date.now() < end && (await pendingCount(db)) > 0;) {
      const outcome = await push(device).catch(() => ({ failed: true, busy: false }));
      if (outcome.failed) await sleep(engine.retryDelayMs(++failures));
      else if (outcome.busy) await sleep(100);
    }
  }
  async function visitors(): Promise<void> {
    if (PHONE_RATE <= 0) return;
    const started: Promise<void>[] = [];
    for (let i = 0; Date.now() < end; i++) {
      started.push(phone(i));
      await sleep((1000 / PHONE_RATE) * (0.5 + Math.random()));
    }
    await Promise.all(started);
  }

  log(`visitors' phones: ${PHONE_RATE} check-ins a second through the buildings' links`);
  await Promise.all([fault(), network(), visitors(), ...kiosks.map((kiosk) => cycle(kiosk))]);

  // The final drain, both instances up: each kiosk pushes until nothing is pending.
  phase = 'drain';
  for (const instance of instances) await untilHaproxySays(statsPort, instance.name, 'UP', 60_000);
  const drainStart = Date.now();
  await Promise.all(
    [...kiosks, ...phones].map(async (kiosk) => {
      for (let round = 0; round < 20 && (await pendingCount(kiosk.db)) > 0; round++) {
        const outcome = await push(kiosk).catch(() => ({ failed: true, busy: false }));
        if (outcome.failed || outcome.busy) await sleep(500);
      }
    }),
  );
  const drainMs = Date.now() - drainStart;

  // --- Report -----------------------------------------------------------------------------
  const rows: Record<string, unknown>[] = [];
  console.log(
    `\n${'kind'.padEnd(8)}${'phase'.padEnd(8)}${'count'.padStart(8)}${'errors'.padStart(9)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}${'p99 ms'.padStart(9)}  error statuses`,
  );
  for (const kind of ['push', 'config', 'phone', 'other'] as Kind[])
    for (const p of ['before', 'during', 'after', 'drain'] as Phase[]) {
      const these = samples.filter((s) => s.kind === kind && s.phase === p);
      if (these.length === 0) continue;
      // 304 is the configuration's answer when nothing changed: not an error.
      const errors = these.filter((s) => s.status === 0 || s.status >= 400).length;
      const ms = these.map((s) => s.ms);
      // Which answers the errors were (0: no answer), for the JSON and the table's last column.
      const errorStatuses: Record<string, number> = {};
      for (const s of these)
        if (s.status === 0 || s.status >= 400) errorStatuses[s.status] = (errorStatuses[s.status] ?? 0) + 1;
      const row = {
        kind,
        phase: p,
        count: these.length,
        errors,
        errorRate: errors / these.length,
        p50: percentile(ms, 50),
        p95: percentile(ms, 95),
        p99: percentile(ms, 99),
        errorStatuses,
      };
      rows.push(row);
      console.log(
        `${kind.padEnd(8)}${p.padEnd(8)}${String(row.count).padStart(8)}${`${(row.errorRate * 100).toFixed(1)}%`.padStart(9)}${row.p50.toFixed(1).padStart(9)}${row.p95.toFixed(1).padStart(9)}${row.p99.toFixed(1).padStart(9)}  ${Object.entries(
          errorStatuses,
        )
          .map(([status, n]) => `${status}×${n}`)
          .join(' ')}`,
      );
    }

  // Exactly once: every entry each kiosk committed against the server's rows.
  const committed = new Map<string, { type: string; deviceId: string; status: string; errorCode: string | null }>();
  const checkIns = new Map<string, string>();
  const checkOuts = new Set<string>();
  let pending = 0;
  const stillPending: string[] = [];
  const devices = [...kiosks, ...phones];
  for (const kiosk of devices) {
    const entries = await kiosk.db.outbox.toArray();
    for (const entry of entries) {
      committed.set(entry.mutationId, {
        type: entry.type,
        deviceId: entry.deviceId,
        status: entry.status,
        errorCode: entry.errorCode,
      });
      if (entry.type === 'checkIn') checkIns.set(entry.visitId, entry.mutationId);
      if (entry.type === 'checkOut') checkOuts.add(entry.visitId);
      if (entry.status === 'pending') {
        pending++;
        stillPending.push(entry.mutationId);
      }
    }
  }
  const deviceIds = devices.map((k) => k.deviceId);
  const applied = await database.db
    .selectFrom('applied_mutations')
    .select(['mutation_id', 'outcome'])
    .where('device_id', 'in', deviceIds)
    .execute();
  const visits = await database.db
    .selectFrom('visits')
    .select(['id', 'checked_out_at'])
    .where('device_id', 'in', deviceIds)
    .execute();
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
  for (const id of visitRows.keys()) if (!checkIns.has(id)) duplicated.push(`visit ${id} (a row no kiosk committed)`);
  for (const row of applied)
    if (!committed.has(row.mutation_id)) duplicated.push(`mutation ${row.mutation_id} (a row no kiosk committed)`);

  const commits = kiosks.reduce((sum, k) => sum + k.commits, 0);
  const exactlyOnce = {
    committed: committed.size,
    checkIns: checkIns.size,
    checkOuts: checkOuts.size,
    serverMutations: applied.length,
    serverVisits: visits.length,
    rejected,
    rejectedCodes,
    pending,
    lost: lost.length,
    duplicated: duplicated.length,
  };
  console.log(
    `\nexactly once: ${committed.size} entries committed (${checkIns.size} check-ins, ${checkOuts.size} check-outs) on ${KIOSKS} kiosks and ${phones.length} phones; server: ${applied.length} mutations, ${visits.length} visits`,
  );
  console.log(
    `  lost ${lost.length}, duplicated ${duplicated.length}, rejected ${rejected} ${JSON.stringify(rejectedCodes)}, pending after the final drain ${pending} (drain ${drainMs} ms)`,
  );
  for (const line of [...lost, ...duplicated].slice(0, 50)) console.log(`  ${line}`);

  const report = {
    ranAt: new Date(start).toISOString(),
    command: 'npm run load',
    settings: {
      kiosks: KIOSKS,
      buildings: BUILDINGS,
      seconds: SECONDS,
      kioskRatePerMinute: KIOSK_RATE,
      phoneRatePerSecond: PHONE_RATE,
      batch: BATCH,
    },
    fault: { killedAtS: phases.killAt / 1000, upAgainAtS: phases.upAt / 1000 },
    cutOff: cut,
    commits,
    drainMs,
    requests: rows,
    exactlyOnce,
    lost,
    duplicated,
    stillPending,
  };
  writeFileSync(join(root, 'scripts', 'load', 'last-run.json'), `${JSON.stringify(report, null, 2)}\n`);
  for (const kiosk of devices) kiosk.db.close();
  const passed = lost.length === 0 && duplicated.length === 0 && pending === 0;
  log(passed ? 'PASS: nothing lost, nothing duplicated, nothing pending' : 'FAIL: see the list above');
  return passed ? 0 : 1;
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
