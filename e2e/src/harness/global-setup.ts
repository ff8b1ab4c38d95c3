// Starts ONE Vestibule server (embedded PostgreSQL in a fresh temp folder, demo data seeded on
// first start) for the whole run, waits until its health check answers UP, hands its URL to
// the test files, and stops it at teardown. Its e-mails go to an SMTP server on loopback that
// stores each message in a folder the tests read (mailbox.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import './provided-context.ts';
import { startSmtpSink } from './smtp-sink.ts';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const serverMain = join(repoRoot, 'server', 'src', 'main.ts');
const adminIndex = join(repoRoot, 'admin', 'dist', 'index.html');
const kioskIndex = join(repoRoot, 'kiosk', 'dist', 'index.html');

const STARTUP_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;
const HEALTH_POLL_INTERVAL_MS = 200;
const OUTPUT_LINES_KEPT = 200;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(adminIndex)) {
    throw new Error(
      `admin/dist/index.html is missing: build the admin app first: pnpm --filter @vestibule/admin build`,
    );
  }
  if (!existsSync(kioskIndex)) {
    throw new Error(
      `kiosk/dist/index.html is missing: build the kiosk app first: pnpm --filter @vestibule/kiosk build`,
    );
  }
  if (!existsSync(serverMain)) throw new Error(`The server entry point is missing: ${serverMain}`);

  const port = await findFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const workDir = await mkdtemp(join(tmpdir(), 'vestibule-e2e-'));
  const output = new OutputTail(OUTPUT_LINES_KEPT);
  const mailDir = join(workDir, 'mail');
  await mkdir(mailDir);
  const smtp = await startSmtpSink(mailDir);

  const server = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', serverMain], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(workDir, 'data'),
      RATE_LIMIT_LOGIN_PER_MINUTE: '1000',
      RATE_LIMIT_PUBLIC_PER_MINUTE: '5000',
      SMTP_URL: smtp.url,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
  server.stderr?.on('data', (chunk: Buffer) => {
    output.push(chunk);
    process.stderr.write(prefixLines(chunk.toString('utf8')));
  });
  const exited = waitForExit(server);

  try {
    await waitForHealth(`${baseUrl}/service/actuator/health`, exited);
  } catch (error) {
    await stopServer(server, exited);
    await smtp.close();
    await rm(workDir, { recursive: true, force: true });
    throw new Error(`${(error as Error).message}\n--- server output ---\n${output.text()}`, { cause: error });
  }

  project.provide('baseUrl', baseUrl);
  project.provide('mailDir', mailDir);

  return async () => {
    const code = await stopServer(server, exited);
    await smtp.close();
    if (code !== 0 && code !== null) {
      process.stderr.write(`[e2e] server exited with code ${code}\n--- server output ---\n${output.text()}\n`);
    }
    if (process.env.E2E_KEEP_DATA === '1') {
      process.stderr.write(`[e2e] server data kept in ${workDir}\n`);
    } else {
      await rm(workDir, { recursive: true, force: true });
    }
  };
}

async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      if (address === null || typeof address === 'string') {
        probe.close();
        reject(new Error('Could not read the port of the probe socket'));
        return;
      }
      probe.close(() => resolve(address.port));
    });
  });
}

interface ExitResult {
  code: number | null;
  signal: NodeJS.Signals | null;
}

function waitForExit(child: ChildProcess): Promise<ExitResult> {
  return new Promise((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
}

/** Polls the health URL until it answers {status:"UP"}; fails when the server exits or time runs out. */
async function waitForHealth(url: string, exited: Promise<ExitResult>): Promise<void> {
  let exit: ExitResult | undefined;
  void exited.then((result) => {
    exit = result;
  });
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  let lastProblem = 'no answer yet';
  while (Date.now() < deadline) {
    if (exit) {
      throw new Error(`The server exited before it was healthy (code ${exit.code}, signal ${exit.signal})`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      const body: unknown = await response.json();
      if (response.ok && isUp(body)) return;
      lastProblem = `HTTP ${response.status} ${JSON.stringify(body)}`;
    } catch (error) {
      lastProblem = (error as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, HEALTH_POLL_INTERVAL_MS));
  }
  throw new Error(`The server was not healthy after ${STARTUP_TIMEOUT_MS} ms at ${url}: ${lastProblem}`);
}

function isUp(body: unknown): boolean {
  return typeof body === 'object' && body !== null && 'status' in body && body.status === 'UP';
}

/** SIGTERM, then wait for the exit; SIGKILL only if the server ignores it. Returns the exit code. */
async function stopServer(child: ChildProcess, exited: Promise<ExitResult>): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  child.kill('SIGTERM');
  const timeout = new Promise<'timeout'>((resolve) => {
    const timer = setTimeout(() => resolve('timeout'), STOP_TIMEOUT_MS);
    void exited.then(() => clearTimeout(timer));
  });
  const result = await Promise.race([exited, timeout]);
  if (result === 'timeout') {
    process.stderr.write(`[e2e] server ignored SIGTERM for ${STOP_TIMEOUT_MS} ms; sending SIGKILL\n`);
    child.kill('SIGKILL');
    return (await exited).code;
  }
  return result.code;
}

function prefixLines(text: string): string {
  return text
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => `[server] ${line}\n`)
    .join('');
}

/** Keeps the last lines the server printed, for failure messages. */
class OutputTail {
  readonly #max: number;
  readonly #lines: string[] = [];

  constructor(max: number) {
    this.#max = max;
  }

  push(chunk: Buffer): void {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (line.length === 0) continue;
      this.#lines.push(line);
      if (this.#lines.length > this.#max) this.#lines.shift();
    }
  }

  text(): string {
    return this.#lines.join('\n');
  }
}
