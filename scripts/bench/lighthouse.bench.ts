// Lighthouse (performance only, its default mobile emulation and throttling) against the
// production build served as `npm start` serves it, with the demo data, in Debian's Chromium:
// the phone check-in page, the kiosk page (an unenrolled tablet: the enrolment screen), the
// admin sign-in page and, signed in as the demo corporate user, the buildings list. Prints each
// page's score against its target with FCP, LCP, TBT and the JavaScript it transferred,
// and first the JavaScript the sign-in page loads (gzip) against its 150 KB target.
// A benchmark, not a test: OVER does not fail the run. BENCH_LIGHTHOUSE_RUNS sets the runs per
// page (default 1; the median score is printed). BENCH_LIGHTHOUSE_ONLY=<words,...> measures only
// the pages whose name contains them; BENCH_LIGHTHOUSE_DETAILS=1 also prints what Lighthouse
// blames: the largest paint's element, render-blocking files, script start-up, long tasks;
// BENCH_LIGHTHOUSE_REPORTS=<folder> keeps each run's whole report there (JSON).
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { resources } from '@vestibule/shared/i18n';
import { chromiumArgs, chromiumPath } from '../src/lib/chromium.ts';
import { measureFirstScreen } from '../src/lib/firstScreen.ts';
import { freePort } from '../src/lib/freePort.ts';
import { log, root, run } from '../src/lib/run.ts';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 1);
const ONLY = process.env.BENCH_LIGHTHOUSE_ONLY;
const DETAILS = process.env.BENCH_LIGHTHOUSE_DETAILS === '1';
/** A folder where each run's whole Lighthouse report is written (JSON), for a closer look. */
const REPORTS = process.env.BENCH_LIGHTHOUSE_REPORTS;
/** The admin sign-in page loads at most this much gzip JavaScript. */
const SIGN_IN_BUDGET_BYTES = 150 * 1024;
const START_TIMEOUT_MS = 120_000;

interface Target {
  name: string;
  path: string;
  minScore: number;
  signedIn?: boolean;
  note?: string;
}

interface Figures {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  scriptBytes: number;
  /** Lighthouse's measure of this machine's speed (higher is faster; its scores assume about 1,000+). */
  benchmarkIndex: number;
}

/** The production build of both apps, made when missing. */
async function ensureBuild(): Promise<void> {
  if (existsSync(join(root, 'admin', 'dist', 'index.html')) && existsSync(join(root, 'kiosk', 'dist', 'index.html'))) {
    return;
  }
  log('building the apps (admin/dist, kiosk/dist)');
  const code = await run('pnpm', ['--filter', '@vestibule/admin', '--filter', '@vestibule/kiosk', 'run', 'build']);
  if (code !== 0) throw new Error('the build failed');
}

/** `npm start`'s server on a free port with the embedded database in memory; its printed links. */
async function startServer(): Promise<{ child: ChildProcess; baseUrl: string; phone: string; kiosk: string }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--disable-warning=ExperimentalWarning', join(root, 'server', 'src', 'main.ts')],
    {
      cwd: root,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: 'memory://', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let output = '';
  const links = await new Promise<{ phone: string; kiosk: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${output}`)), START_TIMEOUT_MS);
    child.once('exit', (code) => reject(new Error(`the server exited (${code}):\n${output}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const phone = /Phone check-in:\s+(\S+)/.exec(output)?.[1];
      const kiosk = /Demo kiosk:\s+(\S+)/.exec(output)?.[1];
      if (phone && kiosk) {
        clearTimeout(timer);
        resolve({ phone, kiosk });
      }
    });
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const local = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');
  return { child, baseUrl, phone: local(links.phone), kiosk: local(links.kiosk) };
}

/** Debian's Chromium with a DevTools port for Lighthouse (and Playwright, to sign in). */
async function startChromium(): Promise<{ port: number; child: ChildProcess; profile: string }> {
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), 'vestibule-lighthouse-'));
  const child = spawn(
    chromiumPath,
    [...chromiumArgs, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: 'ignore' },
  );
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/json/version`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('Chromium did not open its DevTools port');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { port, child, profile };
}

/**
 * Signs the demo corporate user in through the sign-in page (once: the profile keeps the
 * session), and empties the HTTP cache so that every run loads the page cold.
 */
async function signIn(port: number, baseUrl: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('no browser context');
    const page = await context.newPage();
    const { login } = resources.en;
    await page.goto(`${baseUrl}/login`);
    const signedIn = await page.evaluate(() => localStorage.getItem('token') !== null);
    if (!signedIn) {
      await page.getByRole('textbox', { name: login.username, exact: true }).fill('master');
      await page.getByRole('textbox', { name: login.password, exact: true }).fill('Vestibule1!');
      await page.getByRole('button', { name: login.submit, exact: true }).click();
    }
    await page.waitForFunction(() => localStorage.getItem('token') !== null, undefined, { timeout: 30_000 });
    // Lighthouse keeps the session (no storage reset) and so would keep the HTTP cache too: the
    // page is measured cold, as after a deployment.
    const devtools = await context.newCDPSession(page);
    await devtools.send('Network.clearBrowserCache');
    await page.close();
  } finally {
    await browser.close().catch(() => undefined);
  }
}

async function measure(port: number, url: string, keepStorage: boolean): Promise<Figures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    disableStorageReset: keepStorage,
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  if (DETAILS) printDetails(lhr.audits);
  if (REPORTS)
    writeFileSync(
      join(REPORTS, `${new URL(url).pathname.replace(/\W+/g, '_')}-${Date.now()}.json`),
      JSON.stringify(lhr),
    );
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests = (lhr.audits['network-requests']?.details as { items?: Record<string, unknown>[] } | undefined)
    ?.items;
  const scriptBytes = (requests ?? [])
    .filter((item) => item.resourceType === 'Script')
    .reduce((sum, item) => sum + Number(item.transferSize ?? 0), 0);
  return {
    score: lhr.categories.performance?.score ?? 0,
    fcpMs: numeric('first-contentful-paint'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    scriptBytes,
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

type Audits =
  Awaited<ReturnType<typeof lighthouse>> extends infer R ? (R extends { lhr: { audits: infer A } } ? A : never) : never;

/** The audits that say where the time goes, a few lines each. */
function printDetails(audits: Audits): void {
  for (const id of [
    'largest-contentful-paint-element',
    'render-blocking-resources',
    'bootup-time',
    'long-tasks',
    'critical-request-chains',
  ]) {
    const audit = audits[id];
    if (!audit) continue;
    console.log(`    ${id}: ${audit.displayValue ?? ''}`);
    const items = (audit.details as { items?: unknown[] } | undefined)?.items ?? [];
    for (const item of items.slice(0, 6)) console.log(`      ${JSON.stringify(item).slice(0, 220)}`);
  }
}

function median(values: Figures[]): Figures {
  const sorted = [...values].sort((a, b) => a.score - b.score);
  const middle = sorted[Math.floor(sorted.length / 2)];
  if (!middle) throw new Error('no runs');
  return middle;
}

function print(target: Target, figures: Figures): void {
  const verdict = figures.score >= target.minScore ? 'PASS' : 'OVER';
  console.log(
    [
      `  ${target.name.padEnd(22)}`,
      `score ${figures.score.toFixed(2)}`,
      `target ${target.minScore.toFixed(2)}`,
      `${(figures.score / target.minScore).toFixed(2)}x`,
      verdict.padEnd(4),
      `FCP ${(figures.fcpMs / 1000).toFixed(1)} s`,
      `LCP ${(figures.lcpMs / 1000).toFixed(1)} s`,
      `TBT ${figures.tbtMs.toFixed(0)} ms`,
      `JS ${(figures.scriptBytes / 1024).toFixed(1)} KB transferred`,
      `host index ${figures.benchmarkIndex.toFixed(0)}`,
      target.note ?? '',
    ].join('   '),
  );
}

/** The sign-in page's JavaScript: admin/dist/index.html's scripts and what they import statically. */
function printSignInBundle(): void {
  const report = measureFirstScreen(join(root, 'admin', 'dist'), '/');
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log('\nadmin sign-in page: JavaScript it loads (gzip -9)');
  for (const chunk of report.firstScreen)
    console.log(`    ${chunk.file.padEnd(46)} ${kb(chunk.gzipBytes).padStart(9)}`);
  const verdict = report.firstScreenGzipBytes <= SIGN_IN_BUDGET_BYTES ? 'PASS' : 'OVER';
  console.log(
    `  ${`sign-in page JS (${report.firstScreen.length} chunks)`.padEnd(44)} ${kb(report.firstScreenGzipBytes).padStart(9)}   target ≤ ${kb(SIGN_IN_BUDGET_BYTES)}   ${verdict}`,
  );
}

await ensureBuild();
printSignInBundle();
const server = await startServer();
const browser = await startChromium();
try {
  const targets: Target[] = [
    { name: 'phone check-in page', path: server.phone, minScore: 0.95 },
    { name: 'kiosk page', path: server.kiosk, minScore: 0.95, note: '(not enrolled: the enrolment screen)' },
    { name: 'sign-in page', path: '/login', minScore: 0.95 },
    { name: 'buildings list', path: '/admin/buildings', minScore: 0.9, signedIn: true, note: '(signed in: master)' },
  ];
  console.log(`\nLighthouse ${RUNS === 1 ? '' : `(median of ${RUNS} runs) `}performance, mobile emulation:`);
  for (const target of targets.filter(
    (candidate) => !ONLY || ONLY.split(',').some((word) => candidate.name.includes(word.trim())),
  )) {
    const runs: Figures[] = [];
    for (let i = 0; i < RUNS; i++) {
      if (target.signedIn) await signIn(browser.port, server.baseUrl);
      runs.push(await measure(browser.port, `${server.baseUrl}${target.path}`, target.signedIn === true));
    }
    print(target, median(runs));
  }
} finally {
  const exited = new Promise((resolve) => browser.child.once('exit', resolve));
  browser.child.kill('SIGTERM');
  server.child.kill('SIGTERM');
  await exited;
  // Chromium's helpers may still be writing its cache: a leftover temporary profile is harmless.
  try {
    rmSync(browser.profile, { recursive: true, force: true, maxRetries: 3 });
  } catch {
    console.log(`(left ${browser.profile} behind: Chromium was still writing to it)`);
  }
}
