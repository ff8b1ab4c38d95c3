// The kiosk's budgets (BUDGET below) measured in headless Chromium on this
// machine, with the kiosk's real offline modules (bundled from kiosk/src by Vite, see
// kiosk-bench-entry.ts) against the real server in this process: one local check-in commit,
// draining 1,000 queued check-ins, caching a building configuration, and the first screen's
// JavaScript (kiosk/dist). The drain runs on the embedded database, then again on a PostgreSQL
// server (BENCH_KIOSK_POSTGRES=0 skips it; that cluster runs with fsync off, see postgres.ts).
// Prints each figure against its budget with the ratio; a benchmark, not a test: OVER does not
// fail the run, an incomplete drain does. BENCH_KIOSK_TRACE=<dir> keeps the drains' traces.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Browser, type Page, chromium } from 'playwright-core';
import { buildApp, type DatabaseHandle, loadConfig, migrateToLatest, openDatabase } from '@vestibule/server';
import { createBuilding, createTenant, enrolledKiosk } from '@vestibule/server/testing';
import { chromiumArgs, chromiumPath } from '../src/lib/chromium.ts';
import { measureFirstScreen } from '../src/lib/firstScreen.ts';
import { createDatabase, startPostgres } from '../src/lib/postgres.ts';
import { root } from '../src/lib/run.ts';
import type { KioskBenchApi } from './kiosk-bench-entry.ts';

const COMMITS = Number(process.env.BENCH_KIOSK_COMMITS ?? 300);
const COMMIT_WARMUP = 30;
const QUEUED = Number(process.env.BENCH_KIOSK_QUEUED ?? 1000);
const BATCH = 100;
const CONFIG_RUNS = Number(process.env.BENCH_KIOSK_CONFIG_RUNS ?? 30);
const CONFIG_WARMUP = 3;
const FRAME_MS = 1000 / 60;

const BUDGET = {
  commitP95Ms: 50,
  /** A lobby's queue lands before staff look (docs/scale.md, "A kiosk's queue lands in one transaction"): per database. */
  drainMs: { embedded: 2000, postgres: 1000 },
  blockMs: FRAME_MS,
  /** A block of at most one frame costs at most one vsync: consecutive frames ≤ 2 intervals apart. */
  rafGapMs: 2 * FRAME_MS,
  configMs: 500,
  /** The target for the kiosk's first screen (docs/architecture.md, "The kiosk's first screen"). */
  firstScreenGzipBytes: 134 * 1024,
};

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** One figure: value, budget, ratio and verdict (a figure with no budget prints its value only). */
function row(name: string, value: number, format: (v: number) => string, budget?: number): void {
  const cells = [`  ${name.padEnd(44)}`, format(value).padStart(10)];
  if (budget !== undefined) {
    cells.push(`budget ${format(budget).padStart(9)}`, `${(value / budget).toFixed(2).padStart(5)}x`);
    cells.push(value <= budget ? 'PASS' : 'OVER');
  }
  console.log(cells.join('   '));
}

/** Vite is the kiosk's build tool (not a dependency of scripts): resolved from kiosk/. */
async function bundleEntry(): Promise<string> {
  const kioskDir = join(root, 'kiosk');
  const vitePath = createRequire(join(kioskDir, 'package.json')).resolve('vite');
  const vite = (await import(pathToFileURL(vitePath).href)) as {
    build(config: Record<string, unknown>): Promise<unknown>;
  };
  const result = await vite.build({
    configFile: false,
    root: kioskDir,
    mode: 'production',
    logLevel: 'warn',
    publicDir: false,
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      write: false,
      minify: true,
      target: 'es2022',
      lib: {
        entry: join(root, 'scripts', 'bench', 'kiosk-bench-entry.ts'),
        formats: ['iife'],
        name: 'kioskBenchBundle',
      },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as { output: { type: string; code?: string }[] }[];
  const code = outputs.flatMap((o) => o.output).find((chunk) => chunk.type === 'chunk')?.code;
  if (!code) throw new Error('Vite produced no bundle for kiosk-bench-entry.ts');
  return code;
}

interface BenchServer {
  label: string;
  /** Which database serves it: the drain's budget depends on it. */
  kind: keyof typeof BUDGET.drainMs;
  database: DatabaseHandle;
  baseUrl: string;
  buildingId: string;
  qrCodeKey: string;
  /** The enrolled kiosk the page plays: its device id and credential. */
  kiosk: { deviceId: string; credential: string };
  /** Server time of each POST /sync/push (onRequest to onSend). */
  pushServerMs: number[];
  close: () => Promise<void>;
}

/**
 * The real server in this process on a migrated database: a tenant and a building (no kiosk
 * address list, so any address may push) and a public rate limit no benchmark reaches.
 */
async function startServer(label: string, kind: BenchServer['kind'], database: DatabaseHandle): Promise<BenchServer> {
  await migrateToLatest(database.db);
  const db = database.db;
  const tenantId = await createTenant(db, { name: 'Kiosk Bench Corp' });
  const buildingId = await createBuilding(db, tenantId, 'Kiosk Bench HQ');
  const { qr_code_key: qrCodeKey } = await db
    .selectFrom('buildings')
    .select('qr_code_key')
    .where('id', '=', buildingId)
    .executeTakeFirstOrThrow();
  const config = loadConfig({
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'silent',
    VESTIBULE_DEMO: '0',
    RATE_LIMIT_PUBLIC_PER_MINUTE: '100000000',
  });
  const app = await buildApp({ config, database, logger: false });
  // Time the server spends on each push (request received to answer serialized), to tell it
  // from the kiosk's own share of the drain.
  const pushServerMs: number[] = [];
  const received = new WeakMap<object, number>();
  app.addHook('onRequest', async (request) => {
    if (request.url.endsWith('/sync/push')) received.set(request, performance.now());
  });
  app.addHook('onSend', async (request) => {
    const start = received.get(request);
    if (start !== undefined) pushServerMs.push(performance.now() - start);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  // The page is an enrolled kiosk of the building (kiosk calls need its credential).
  const enrolled = await enrolledKiosk(app, buildingId);
  const kiosk = { deviceId: enrolled.deviceId, credential: Object.values(enrolled.headers)[0] ?? '' };
  return { label, kind, database, baseUrl, buildingId, qrCodeKey, kiosk, pushServerMs, close: () => app.close() };
}

type BenchWindow = Window & { __kioskBench: KioskBenchApi };

/**
 * Opens a same-origin page on the server (any page will do: the kiosk's code calls /service/...
 * relative to it) with the bundle as an init script (the server's CSP refuses inline scripts).
 */
async function openOn(page: Page, server: BenchServer, bundle: string): Promise<void> {
  await page.addInitScript({ content: bundle });
  const response = await page.goto(`${server.baseUrl}/version.json`);
  if (response?.status() !== 200) throw new Error(`${server.baseUrl}/version.json answered ${response?.status()}`);
  await page.waitForFunction(() => '__kioskBench' in window);
}

async function visitsOf(database: DatabaseHandle, buildingId: string, deviceId?: string): Promise<number> {
  let query = database.db
    .selectFrom('visits')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('building_id', '=', buildingId);
  if (deviceId) query = query.where('device_id', '=', deviceId).where('source', '=', 'KIOSK');
  return Number((await query.executeTakeFirstOrThrow()).n);
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string };
}

/** The longest task on the page's main thread between the drain's performance marks. */
function longestTraceTask(trace: Buffer): { longestMs: number; tasks: number; over: number } | null {
  const parsed = JSON.parse(trace.toString('utf8')) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
  const start = events.find((e) => e.name === 'kiosk-drain-start');
  const end = events.find((e) => e.name === 'kiosk-drain-end');
  if (!start || !end) return null;
  const main = events.find(
    (e) => e.ph === 'M' && e.name === 'thread_name' && e.pid === start.pid && e.args?.name === 'CrRendererMain',
  );
  const tid = main?.tid ?? start.tid;
  const nested = events
    .filter(
      (e) =>
        e.name.endsWith('RunTask') &&
        e.ph === 'X' &&
        e.pid === start.pid &&
        e.tid === tid &&
        e.ts + (e.dur ?? 0) >= start.ts &&
        e.ts <= end.ts,
    )
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  // Only the outermost tasks (a task may run another inside it).
  const tasks: TraceEvent[] = [];
  for (const e of nested) {
    const outer = tasks.at(-1);
    if (!outer || e.ts >= outer.ts + (outer.dur ?? 0)) tasks.push(e);
  }
  if (tasks.length === 0) return null;
  const durations = tasks.map((e) => (e.dur ?? 0) / 1000);
  return {
    longestMs: Math.max(...durations),
    tasks: durations.length,
    over: durations.filter((d) => d > BUDGET.blockMs).length,
  };
}

function firstScreenBundle(): void {
  const dist = join(root, 'kiosk', 'dist');
  console.log(`\nkiosk first screen: JavaScript from ${dist}/index.html (gzip -9)`);
  if (!existsSync(join(dist, 'index.html'))) {
    console.log('  kiosk/dist/index.html is missing: build the kiosk first (pnpm -F @vestibule/kiosk build)');
    return;
  }
  const report = measureFirstScreen(dist);
  for (const chunk of report.firstScreen)
    console.log(`    ${chunk.file.padEnd(46)} ${kb(chunk.gzipBytes).padStart(9)}`);
  row(
    `first screen JS (${report.firstScreen.length} chunks, gzip)`,
    report.firstScreenGzipBytes,
    kb,
    BUDGET.firstScreenGzipBytes,
  );
  row(`all kiosk JS (${report.all.length} files, gzip)`, report.totalGzipBytes, kb);
  const byName = (file: string) => /scanner|zxing/i.test(file);
  // The zxing library's own names, in case a bundler inlined it into a first-screen chunk.
  const byContent = (file: string) =>
    /ChecksumException|MultiFormatReader|@zxing/.test(readFileSync(join(dist, file), 'utf8'));
  const scannerChunks = report.all.filter((chunk) => byName(chunk.file) || byContent(chunk.file));
  const inFirst = report.firstScreen.filter((chunk) => byName(chunk.file) || byContent(chunk.file));
  const names = scannerChunks.map((c) => `${c.file} ${kb(c.gzipBytes)}`).join(', ') || 'none found';
  console.log(
    `  ${'scanner (@zxing) outside the first screen'.padEnd(44)}   ${inFirst.length === 0 ? 'PASS' : `OVER: ${inFirst.map((c) => c.file).join(', ')}`}   (scanner chunks: ${names})`,
  );
}

/** 2. Draining QUEUED queued check-ins to `server` in batches of BATCH, main thread watched. */
async function drainOn(section: string, browser: Browser, page: Page, server: BenchServer): Promise<void> {
  const { qrCodeKey } = server;
  const filled = await page.evaluate((o) => (window as unknown as BenchWindow).__kioskBench.fill(o), {
    dbName: 'bench-drain',
    qrCodeKey,
    kiosk: server.kiosk,
    count: QUEUED,
  });
  if (filled.pending !== QUEUED) throw new Error(`outbox holds ${filled.pending} pending entries, not ${QUEUED}`);
  const before = await visitsOf(server.database, server.buildingId);
  server.pushServerMs.length = 0;
  // BENCH_KIOSK_TRACE=<dir>: also records what ran inside each task (heavier) and keeps the trace
  // there, for DevTools' Performance panel.
  const traceDir = process.env.BENCH_KIOSK_TRACE;
  const categories = ['toplevel', 'blink.user_timing', '__metadata'];
  if (traceDir) categories.push('devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8');
  await browser.startTracing(page, { categories });
  const drained = await page.evaluate((o) => (window as unknown as BenchWindow).__kioskBench.drain(o), {
    dbName: 'bench-drain',
    qrCodeKey,
    batchSize: BATCH,
  });
  const traceBuffer = await browser.stopTracing();
  if (traceDir) {
    const file = join(traceDir, `kiosk-drain-${server.label.replace(/\W+/g, '-')}.json`);
    writeFileSync(file, traceBuffer);
    console.log(`  trace written to ${file}`);
  }
  const trace = longestTraceTask(traceBuffer);
  const added = (await visitsOf(server.database, server.buildingId)) - before;
  const fromDevice = await visitsOf(server.database, server.buildingId, filled.deviceId);
  const gaps = drained.gaps;
  const frameInterval = percentile(gaps, 50);
  const longestGap = gaps.length > 0 ? Math.max(...gaps) : 0;
  const dropped = gaps.filter((gap) => gap > 1.5 * frameInterval).length;
  console.log(
    `\n${section}. draining ${QUEUED} queued check-ins to the server on ${server.label} (pushPending + httpTransport, batches of ${BATCH}): ${drained.requests.length} requests; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  row('drain total (start to no pending entry)', drained.totalMs, ms, BUDGET.drainMs[server.kind]);
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  const inFlight = drained.requests.map(([sent, answered]) => answered - sent);
  const serverMs = sum(server.pushServerMs);
  row('  POST /sync/push in flight (sum)', sum(inFlight), ms);
  row('    server handling (onRequest→onSend)', serverMs, ms);
  row('    HTTP, JSON, fetch in the page', sum(inFlight) - serverMs, ms);
  row('  kiosk between requests (IndexedDB, JS; sum)', drained.totalMs - sum(inFlight), ms);
  // After each answer: its results written (outbox + visits, one transaction), then the next batch read.
  const afterAnswer = drained.requests.map(
    ([, answered], i) => (drained.requests[i + 1]?.[0] ?? drained.totalMs) - answered,
  );
  row('    per round: answer written + next read, p50', percentile(afterAnswer, 50), ms);
  row('    per round: read pending (1,000 queued)', drained.readMs, ms);
  row('  longest POST /sync/push', Math.max(0, ...inFlight), ms);
  if (trace) row(`longest main-thread task (trace, ${trace.tasks} tasks)`, trace.longestMs, ms, BUDGET.blockMs);
  else console.log('  longest main-thread task: no trace events found');
  if (!drained.longTaskSupported) console.log('  longtask entries: not supported by this browser');
  else if (drained.longTasks.length === 0)
    console.log(`  ${'longest long task (entries are ≥ 50 ms)'.padEnd(44)}        none   (0 entries)`);
  else
    row(`longest long task (${drained.longTasks.length} entries)`, Math.max(...drained.longTasks), ms, BUDGET.blockMs);
  row(`longest rAF gap (${drained.frameCount} frames, median ${ms(frameInterval)})`, longestGap, ms, BUDGET.rafGapMs);
  console.log(
    `  frames dropped (gap > 1.5 intervals): ${dropped}; tasks over one frame (trace): ${trace?.over ?? 'n/a'}; rAF budget = 2 intervals (a block ≤ one frame costs at most one vsync)`,
  );
  const statuses = Object.entries(drained.statuses)
    .map(([status, n]) => `${status} ${n}`)
    .join(', ');
  console.log(
    `  outbox after: ${statuses}; pushPending: sent ${drained.outcome.sent}, applied ${drained.outcome.applied}, rejected ${drained.outcome.rejected}, failed ${drained.outcome.failed}`,
  );
  console.log(
    `  server: ${added} new visits in the building (${fromDevice} from this kiosk's device id): ${added === QUEUED && fromDevice === QUEUED ? 'exactly' : 'NOT'} ${QUEUED}`,
  );
  if (added !== QUEUED || fromDevice !== QUEUED || drained.pending !== 0)
    throw new Error(`drain incomplete: ${added} new visits, ${drained.pending} still pending`);
}

const bundle = await bundleEntry();
const closers: (() => Promise<unknown>)[] = [];
const closeAll = async () => {
  for (const close of closers.splice(0).reverse()) await close();
};
try {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: chromiumArgs,
  });
  closers.push(() => browser.close());
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();

  const embedded = await openDatabase({ databaseUrl: undefined, dataDir: 'memory://' });
  closers.push(() => embedded.close());
  const server = await startServer('embedded PGlite', 'embedded', embedded);
  closers.push(() => server.close());
  await openOn(page, server, bundle);
  const { qrCodeKey } = server;
  console.log(
    `\nkiosk in headless Chromium ${browser.version()}, server in this process; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} on ${availableParallelism()} cores`,
  );

  // 1. One local check-in: visit + outbox + counter in one strict-durability transaction.
  const commits = await page.evaluate((o) => (window as unknown as BenchWindow).__kioskBench.commits(o), {
    dbName: 'bench-commits',
    qrCodeKey,
    warmup: COMMIT_WARMUP,
    count: COMMITS,
  });
  if (commits.outbox !== COMMITS + COMMIT_WARMUP) throw new Error(`outbox holds ${commits.outbox} entries`);
  console.log(
    `\n1. check-in committed on the kiosk (commitCheckIn, strict durability): ${COMMITS} after ${COMMIT_WARMUP} warm-up`,
  );
  row('commit p50', percentile(commits.latencies, 50), ms);
  row('commit p95', percentile(commits.latencies, 95), ms, BUDGET.commitP95Ms);
  row('commit max', Math.max(...commits.latencies), ms);

  // 2. The drain, on the embedded database (what `npm start` runs).
  await drainOn('2', browser, page, server);

  // 3. Caching the building configuration: first fetch (200) and revalidation (304).
  const cached = await page.evaluate((o) => (window as unknown as BenchWindow).__kioskBench.configRuns(o), {
    dbName: 'bench-config',
    qrCodeKey,
    kiosk: server.kiosk,
    runs: CONFIG_RUNS,
    warmup: CONFIG_WARMUP,
  });
  console.log(
    `\n3. caching the building configuration (refreshConfig, request to committed transaction; ${kb(cached.bytes)} of JSON): ${CONFIG_RUNS} runs each`,
  );
  row('first fetch (200) p50', percentile(cached.first, 50), ms);
  row('first fetch (200) p95', percentile(cached.first, 95), ms, BUDGET.configMs);
  row('revalidation (304) p50', percentile(cached.revalidate, 50), ms);
  row('revalidation (304) p95', percentile(cached.revalidate, 95), ms, BUDGET.configMs);

  // 2b. The same drain against a PostgreSQL server (DATABASE_URL deployments), side by side.
  if (process.env.BENCH_KIOSK_POSTGRES !== '0') {
    const postgres = await startPostgres();
    closers.push(() => postgres.stop());
    const database = await openDatabase({
      databaseUrl: await createDatabase(postgres, 'vestibule_kiosk_bench'),
      dataDir: 'memory://',
      poolSize: 10,
    });
    closers.push(() => database.close());
    const pgServer = await startServer('a PostgreSQL server', 'postgres', database);
    closers.push(() => pgServer.close());
    await openOn(page, pgServer, bundle);
    await drainOn('2b', browser, page, pgServer);
  }
} finally {
  await closeAll();
}

// 4. The first screen's JavaScript.
firstScreenBundle();
