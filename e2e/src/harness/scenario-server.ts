// A Vestibule server of one scenario's own, started as `npm start` starts it (migrations, Demo data
// seeded, the background jobs running; scenario-server-main.ts), on an in-memory embedded database.
// A scenario that needs the lifecycle jobs with its own SMTP server and PUBLIC_URL (invitations, host
// notices) starts one, so the run's shared server and the other scenarios are not disturbed. It
// serves a copy of the admin and kiosk builds taken at its start: a build another session starts
// meanwhile empties the folders (a kiosk installing its service worker then misses files).
import { type ChildProcess, spawn } from 'node:child_process';
import { cp, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@vestibule/scripts';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const serverMain = fileURLToPath(new URL('./scenario-server-main.ts', import.meta.url));
const builds = { admin: join(repoRoot, 'admin', 'dist'), kiosk: join(repoRoot, 'kiosk', 'dist') };
const COPY_ATTEMPTS = 10;
const COPY_RETRY_MS = 2_000;
/** A build whose files are all older than this is complete. */
const SETTLED_MS = 3_000;

const STARTUP_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;
const HEALTH_POLL_INTERVAL_MS = 200;

export interface ScenarioServer {
  /** Origin of the server, also its PUBLIC_URL (no trailing slash). */
  baseUrl: string;
  /** What the server printed so far (for a failure's message). */
  output(): string;
  stop(): Promise<void>;
}

/** Starts the server with these extra environment variables (SMTP_URL, ...) and waits until it is healthy. */
export async function startScenarioServer(env: Record<string, string> = {}): Promise<ScenarioServer> {
  const workDir = await mkdtemp(join(tmpdir(), 'vestibule-scenario-'));
  const apps = { admin: join(workDir, 'admin'), kiosk: join(workDir, 'kiosk') };
  try {
    await copyBuild(builds.admin, apps.admin);
    await copyBuild(builds.kiosk, apps.kiosk);
  } catch (error) {
    await rm(workDir, { recursive: true, force: true });
    throw error;
  }
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', serverMain], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: 'memory://',
      PUBLIC_URL: baseUrl,
      RATE_LIMIT_LOGIN_PER_MINUTE: '1000',
      RATE_LIMIT_PUBLIC_PER_MINUTE: '5000',
      LOG_LEVEL: 'warn',
      E2E_ADMIN_DIR: apps.admin,
      E2E_KIOSK_DIR: apps.kiosk,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(chunk.toString('utf8'));
    if (lines.length > 400) lines.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const output = () => lines.join('');
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = async () => {
    await stopProcess(child, exited);
    await rm(workDir, { recursive: true, force: true });
  };
  try {
    await waitUntilHealthy(baseUrl, child, output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, output, stop };
}

/**
 * Copies a build whole, once it has settled: nothing in it written within the last few seconds, and
 * nothing written during the copy (a build empties the folder, then writes its files one by one).
 */
async function copyBuild(from: string, to: string): Promise<void> {
  for (let attempt = 1; attempt <= COPY_ATTEMPTS; attempt++) {
    const before = await lastWritten(from);
    if (before !== null && before < Date.now() - SETTLED_MS) {
      await rm(to, { recursive: true, force: true });
      const copied = await cp(from, to, { recursive: true }).then(
        () => true,
        () => false,
      );
      if (copied && (await lastWritten(from)) === before) return;
    }
    // A build in progress: the pause before looking again.
    await new Promise((resolve) => setTimeout(resolve, COPY_RETRY_MS));
  }
  throw new Error(`${from} is missing or kept changing: build the apps first (pnpm --filter @vestibule/admin build)`);
}

/** When the last file of a build was written (ms), or null without its index.html. */
async function lastWritten(dir: string): Promise<number | null> {
  if (!(await stat(join(dir, 'index.html')).catch(() => null))) return null;
  const names = await readdir(dir, { recursive: true });
  const times = await Promise.all(
    names.map(async (name) => (await stat(join(dir, name)).catch(() => null))?.mtimeMs ?? Date.now()),
  );
  return Math.max(...times);
}

async function waitUntilHealthy(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The scenario's server exited:\n${output()}`);
    try {
      const response = await fetch(`${baseUrl}/service/actuator/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok && ((await response.json()) as { status?: string }).status === 'UP') return;
    } catch {
      // Not listening yet.
    }
    // A process that starts: the pause between two health checks.
    await new Promise((resolve) => setTimeout(resolve, HEALTH_POLL_INTERVAL_MS));
  }
  throw new Error(`The scenario's server was not healthy after ${STARTUP_TIMEOUT_MS} ms:\n${output()}`);
}

/** SIGTERM, then SIGKILL if the server has not exited in time. */
async function stopProcess(child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timeout = new Promise<'timeout'>((resolve) => {
    const timer = setTimeout(() => resolve('timeout'), STOP_TIMEOUT_MS);
    void exited.then(() => clearTimeout(timer));
  });
  if ((await Promise.race([exited, timeout])) === 'timeout') {
    child.kill('SIGKILL');
    await exited;
  }
}
