// The processes of a load run (docs/load.md, "What it starts"): the server instances and HAProxy,
// each a child of the harness, all killed when it ends (also on an error or Ctrl-C), and what the
// harness reads of them: HAProxy's view of each instance, and each instance's CPU time.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { aptInstall, commandExists, root } from '../src/lib/run.ts';
import { sleep } from './samples.ts';

const children = new Set<ChildProcess>();
const cleanups: (() => Promise<void>)[] = [];

/** Something to undo when the run ends, in the reverse order of registration. */
export function onCleanUp(cleanup: () => Promise<void>): void {
  cleanups.push(cleanup);
}

function killChildren(): void {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) {
      // A stopped process (the slow instance's duty cycle) dies of SIGKILL all the same.
      child.kill('SIGKILL');
    }
}

export async function cleanUp(): Promise<void> {
  killChildren();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
}

process.on('exit', killChildren);
process.on('SIGINT', () => void cleanUp().finally(() => process.exit(130)));
process.on('SIGTERM', () => void cleanUp().finally(() => process.exit(143)));

export function spawnChild(command: string, args: string[], env: NodeJS.ProcessEnv, label: string): ChildProcess {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], cwd: root });
  children.add(child);
  // Both streams are read (an unread pipe would fill and stall the child) and echoed, a line cut at
  // 400 characters: the instances log at warn level, so what they say is worth seeing.
  const echo = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n'))
      if (line.trim()) console.log(`  [${label}] ${line.length > 400 ? `${line.slice(0, 400)}…` : line}`);
  };
  child.stdout?.on('data', echo);
  child.stderr?.on('data', echo);
  child.on('exit', () => children.delete(child));
  return child;
}

/** Resolves once `url` answers 200, rejects after `timeoutMs`. */
export async function until200(url: string, timeoutMs: number): Promise<void> {
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

export interface Instance {
  name: string;
  port: number;
  child?: ChildProcess;
}

export interface InstanceEnv {
  databaseUrl: string;
  /** A streaming replica for lists and reports (LOAD_REPLICA=1). */
  readDatabaseUrl: string | undefined;
  jwtSecret: string;
  temp: string;
}

/** One server instance, `node server/src/main.ts` as its own process (its pid is node's own). */
export function startInstance(instance: Instance, env: InstanceEnv): ChildProcess {
  const child = spawnChild(
    process.execPath,
    ['--disable-warning=ExperimentalWarning', join(root, 'server', 'src', 'main.ts')],
    {
      DATABASE_URL: env.databaseUrl,
      ...(env.readDatabaseUrl ? { READ_DATABASE_URL: env.readDatabaseUrl } : {}),
      PORT: String(instance.port),
      HOST: '127.0.0.1',
      DATA_DIR: join(env.temp, `data-${instance.name}`),
      VESTIBULE_DEMO: '0',
      TRUST_PROXY: '1',
      JWT_SECRET: env.jwtSecret,
      RATE_LIMIT_PUBLIC_PER_MINUTE: '100000000',
      RATE_LIMIT_LOGIN_PER_MINUTE: '100000000',
      LOG_LEVEL: 'warn',
    },
    `server ${instance.name}`,
  );
  instance.child = child;
  return child;
}

export async function startHaproxy(
  port: number,
  statsPort: number,
  instances: readonly Instance[],
  temp: string,
): Promise<void> {
  if (!(await commandExists('haproxy'))) {
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
    // Live streams on a backend of their own: an instance's open streams would otherwise count in
    // its connections, and least connections would send every request to the instance that holds
    // fewer streams (all of them, after a restart) instead of the one that is less busy.
    '  acl live_stream path_beg /service/live/visits',
    '  use_backend streams if live_stream',
    '  default_backend servers',
    ...(['servers', 'streams'] as const).flatMap((backend) => [
      `backend ${backend}`,
      // Least connections: an instance that answers slowly (starved of CPU) holds its connections
      // longer and so gets fewer new requests, where round-robin would keep giving it half.
      '  balance leastconn',
      '  option httpchk GET /service/actuator/health',
      '  option forwardfor',
      '  default-server inter 1s fall 2 rise 2',
      ...instances.map((i) => `  server ${i.name} 127.0.0.1:${i.port} check`),
    ]),
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

/** A column of HAProxy's stats page for each instance: `status` (UP, DOWN, ...), `stot` (requests sent to it so far). */
async function haproxyColumn(statsPort: number, column: 'status' | 'stot'): Promise<Record<string, string>> {
  const csv = await fetch(`http://127.0.0.1:${statsPort}/stats;csv`).then((r) => r.text());
  const [header = '', ...lines] = csv.split('\n');
  const columns = header.replace(/^# /, '').split(',');
  const at = (name: string) => columns.indexOf(name);
  const values: Record<string, string> = {};
  for (const line of lines) {
    const cells = line.split(',');
    if (cells[at('pxname')] === 'servers' && cells[at('svname')] !== 'BACKEND' && cells[at('svname')] !== 'FRONTEND')
      values[cells[at('svname')] ?? ''] = cells[at(column)] ?? '';
  }
  return values;
}

/** HAProxy's view of each instance (UP, DOWN, ...), from its stats page. */
export const haproxyStatus = (statsPort: number): Promise<Record<string, string>> => haproxyColumn(statsPort, 'status');

/** The requests HAProxy has sent each instance so far (the live streams' backend apart). */
export async function haproxySent(statsPort: number): Promise<Record<string, number>> {
  const sent = await haproxyColumn(statsPort, 'stot');
  return Object.fromEntries(Object.entries(sent).map(([name, value]) => [name, Number(value)]));
}

export async function untilHaproxySays(
  statsPort: number,
  name: string,
  wanted: string,
  timeoutMs: number,
): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const status = await haproxyStatus(statsPort).catch(() => ({}) as Record<string, string>);
    if (status[name]?.startsWith(wanted)) return;
    await sleep(200);
  }
  throw new Error(`HAProxy did not see ${name} ${wanted} within ${timeoutMs} ms`);
}

/** Clock ticks a second of /proc/<pid>/stat's times (usually 100). */
const ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

/**
 * A process's CPU time so far, in ms: utime + stime of /proc/<pid>/stat (fields 14 and 15, counted
 * after the command's closing parenthesis, which may hold spaces). 0 when it has gone.
 */
export function cpuMsOf(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields[0] is field 3 (state): utime is field 14, stime field 15.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
  } catch {
    return 0;
  }
}
