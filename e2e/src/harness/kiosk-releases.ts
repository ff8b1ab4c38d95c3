// Two production builds of the kiosk, each with its own app version, served by a server of the
// test's own (kiosk-server-main.ts) so a test can publish the second one while a kiosk runs the
// first. The server lists a static folder's files once at start (wildcard: false), so the served
// folder holds both builds' hashed assets from the start; publishing replaces the files without
// a hash in their names (index.html, sw.js, the manifest): from then on the server hands out the
// new build, as after a deployment.
import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@vestibule/scripts';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const kioskRoot = join(repoRoot, 'kiosk');
const serverEntry = fileURLToPath(new URL('./kiosk-server-main.ts', import.meta.url));

const BUILD_TIMEOUT_MS = 120_000;
const STARTUP_TIMEOUT_MS = 60_000;

/** Builds the kiosk (its own vite.config.ts) into `outDir`, with `version` as the app version. */
export async function buildKiosk(version: string, outDir: string): Promise<void> {
  const script = `
    import { build } from 'vite';
    const version = JSON.stringify(${JSON.stringify(version)});
    await build({
      configFile: 'vite.config.ts',
      mode: 'production',
      logLevel: 'warn',
      define: { __APP_VERSION__: version, 'import.meta.env.VITE_APP_VERSION': version },
      build: { outDir: ${JSON.stringify(outDir)}, emptyOutDir: true },
    });`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    cwd: kioskRoot,
    // A production build whatever the test runner's NODE_ENV (vitest sets "test").
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
  const code = await exitOf(child, BUILD_TIMEOUT_MS);
  if (code !== 0) throw new Error(`The kiosk build ${version} failed (${code}):\n${output.join('')}`);
}

export interface KioskReleases {
  /** Origin of the test's own server (no trailing slash). */
  baseUrl: string;
  /** Serves the second build from now on. */
  publishSecond(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Builds the kiosk twice (versions `first` and `second`) and starts a server (in-memory database,
 * demo data) that serves the first build.
 */
export async function startKioskReleases(first: string, second: string): Promise<KioskReleases> {
  const workDir = await mkdtemp(join(tmpdir(), 'vestibule-kiosk-releases-'));
  const firstDir = join(workDir, 'first');
  const secondDir = join(workDir, 'second');
  const served = join(workDir, 'served');
  let server: { child: ChildProcess; exited: Promise<number | null> } | undefined;
  try {
    // One build at a time: the machine has two cores and the main server runs beside them.
    await buildKiosk(first, firstDir);
    await buildKiosk(second, secondDir);
    await cp(firstDir, served, { recursive: true });
    // The second build's hashed files, so the server lists them from the start (names differ).
    await cp(join(secondDir, 'assets'), join(served, 'assets'), { recursive: true, force: false });
    for (const name of await readdir(secondDir)) {
      if (/^workbox-.*\.js$/.test(name)) await cp(join(secondDir, name), join(served, name), { force: false });
    }

    const port = await freePort();
    const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', serverEntry], {
      cwd: repoRoot,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: 'memory://',
        E2E_KIOSK_DIR: served,
        RATE_LIMIT_LOGIN_PER_MINUTE: '1000',
        RATE_LIMIT_PUBLIC_PER_MINUTE: '5000',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output: string[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
    server = { child, exited: exitOf(child) };
    const baseUrl = `http://127.0.0.1:${port}`;
    await waitUntilHealthy(baseUrl, child, () => output.join(''));

    const running = server;
    return {
      baseUrl,
      publishSecond: async () => {
        for (const name of await readdir(secondDir, { withFileTypes: true })) {
          if (name.isFile()) await cp(join(secondDir, name.name), join(served, name.name));
        }
      },
      stop: async () => {
        await stopProcess(running.child, running.exited);
        await rm(workDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    if (server) await stopProcess(server.child, server.exited);
    await rm(workDir, { recursive: true, force: true });
    throw error;
  }
}

function exitOf(child: ChildProcess, timeoutMs?: number): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const timer =
      timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            child.kill('SIGKILL');
            reject(new Error(`The process did not finish within ${timeoutMs} ms`));
          }, timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

async function waitUntilHealthy(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The kiosk releases server exited:\n${output()}`);
    try {
      const response = await fetch(`${baseUrl}/service/actuator/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok && ((await response.json()) as { status?: string }).status === 'UP') return;
    } catch {
      // Not listening yet.
    }
    // Polling a process that starts: the interval between two health checks.
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The kiosk releases server was not healthy after ${STARTUP_TIMEOUT_MS} ms:\n${output()}`);
}

async function stopProcess(child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timeout = new Promise<'timeout'>((resolve) => {
    const timer = setTimeout(() => resolve('timeout'), 15_000);
    void exited.then(() => clearTimeout(timer));
  });
  if ((await Promise.race([exited, timeout])) === 'timeout') {
    child.kill('SIGKILL');
    await exited;
  }
}
