// The faults of a load run (docs/load.md, "The faults"), one after the other at set times, never
// overlapping, each with its own phases: `during-<fault>` from its start to its end, then
// `after-<fault>` until the next one starts; `before` is the no-fault baseline at the start. The
// times scale with the run: at 300 s and more they are the ones the documentation gives; a shorter
// run has them at the same fractions of its length, with shorter outages, so 120 s still has all four.
import type { Instance, InstanceEnv } from './topology.ts';
import { haproxySent, haproxyStatus, startInstance, until200, untilHaproxySays } from './topology.ts';
import { clock, sleep } from './samples.ts';
import { log } from '../src/lib/run.ts';

export const faultNames = ['kill', 'postgres', 'cut', 'slow'] as const;
export type FaultName = (typeof faultNames)[number];

export interface FaultPlan {
  name: FaultName;
  /** When it starts, in ms since the run's start. */
  atMs: number;
  /** How long the outage lasts (the killed instance down, the cut, the slow minute); 0: as long as it takes. */
  lengthMs: number;
}

export interface FaultRecord extends FaultPlan {
  /** When it started and ended, in s since the run's start (the end: the fault is over, as each fault says). */
  startS: number;
  endS: number;
  notes: string[];
}

/** The four faults at their times in a run of `seconds`. */
export function faultPlan(seconds: number): FaultPlan[] {
  const runMs = seconds * 1000;
  const scale = Math.min(1, seconds / 300);
  return [
    { name: 'kill', atMs: runMs * 0.1, lengthMs: Math.max(3_000, 10_000 * scale) },
    { name: 'postgres', atMs: runMs * 0.25, lengthMs: 0 },
    { name: 'cut', atMs: runMs * 0.37, lengthMs: Math.max(10_000, 60_000 * scale) },
    { name: 'slow', atMs: runMs * 0.67, lengthMs: Math.max(10_000, 60_000 * scale) },
  ];
}

/** The slow instance's duty cycle: stopped this long out of every period (docs/load.md). */
const SLOW_PERIOD_MS = 100;
const SLOW_STOPPED_MS = 80;

export interface FaultContext {
  instances: readonly Instance[];
  instanceEnv: InstanceEnv;
  statsPort: number;
  restartPostgres: () => Promise<void>;
  /** Cuts a quarter of the kiosks off; answers a note. */
  cutOff: () => Promise<string>;
  /** Gives them their network back; answers a note (their queues). */
  reconnect: () => Promise<string>;
  /** Called at each fault's end (the live streams' catch-up starts from there). */
  onEnd: (fault: FaultName) => void;
}

const seconds = () => (Date.now() - clock.start) / 1000;

/** One instance gets SIGKILL, is started again after the plan's length; over when HAProxy has it UP. */
async function kill(plan: FaultPlan, context: FaultContext, notes: string[]): Promise<void> {
  const victim = context.instances[0];
  if (!victim?.child) throw new Error('no instance to kill');
  log(`fault kill: SIGKILL to instance ${victim.name} at ${seconds().toFixed(1)} s`);
  victim.child.kill('SIGKILL');
  await sleep(plan.lengthMs);
  startInstance(victim, context.instanceEnv);
  notes.push(`instance ${victim.name} killed, started again ${plan.lengthMs / 1000} s later`);
  await untilHaproxySays(context.statsPort, victim.name, 'UP', 120_000);
  notes.push(`UP in HAProxy at ${seconds().toFixed(1)} s`);
}

/**
 * PostgreSQL restarted with a fast shutdown; over when it accepts connections again and every
 * instance's health check (which reads the database) answers 200.
 */
async function restartPostgres(context: FaultContext, notes: string[]): Promise<void> {
  const t0 = Date.now();
  log(`fault postgres: pg_ctl restart -m fast at ${seconds().toFixed(1)} s`);
  await context.restartPostgres();
  notes.push(`pg_ctl restart -m fast took ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  for (const instance of context.instances)
    await until200(`http://127.0.0.1:${instance.port}/service/actuator/health`, 60_000);
  notes.push(`both instances healthy ${((Date.now() - t0) / 1000).toFixed(1)} s after the restart began`);
}

/**
 * One instance starved of CPU: SIGSTOP and SIGCONT in a duty cycle (stopped SLOW_STOPPED_MS of every
 * SLOW_PERIOD_MS) for the plan's length. The timers of this busy process run late, so the share it
 * was really stopped is measured and noted.
 */
async function slow(plan: FaultPlan, context: FaultContext, notes: string[]): Promise<void> {
  const victim = context.instances[1];
  const pid = victim?.child?.pid;
  if (!victim || pid === undefined) throw new Error('no instance to slow down');
  log(
    `fault slow: instance ${victim.name} stopped ${SLOW_STOPPED_MS} ms of every ${SLOW_PERIOD_MS} ms at ${seconds().toFixed(1)} s`,
  );
  const until = Date.now() + plan.lengthMs;
  const t0 = Date.now();
  let stopped = 0;
  try {
    while (Date.now() < until) {
      const stoppedAt = Date.now();
      process.kill(pid, 'SIGSTOP');
      await sleep(SLOW_STOPPED_MS);
      process.kill(pid, 'SIGCONT');
      stopped += Date.now() - stoppedAt;
      await sleep(SLOW_PERIOD_MS - SLOW_STOPPED_MS);
    }
  } finally {
    process.kill(pid, 'SIGCONT');
  }
  notes.push(
    `instance ${victim.name} stopped ${((100 * stopped) / (Date.now() - t0)).toFixed(0)}% of ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );
}

/**
 * Runs the plan: each fault at its time (or when the one before is over, if later), setting the
 * phases. Answers what happened.
 */
export async function runFaults(plans: readonly FaultPlan[], context: FaultContext): Promise<FaultRecord[]> {
  const records: FaultRecord[] = [];
  for (const plan of plans) {
    const wait = clock.start + plan.atMs - Date.now();
    if (wait > 0) await sleep(wait);
    const notes: string[] = [];
    const sentBefore = await haproxySent(context.statsPort).catch(() => undefined);
    clock.phase = `during-${plan.name}`;
    const startS = seconds();
    if (plan.name === 'kill') await kill(plan, context, notes);
    else if (plan.name === 'postgres') await restartPostgres(context, notes);
    else if (plan.name === 'cut') {
      notes.push(await context.cutOff());
      await sleep(plan.lengthMs);
      notes.push(await context.reconnect());
    } else await slow(plan, context, notes);
    const endS = seconds();
    clock.phase = `after-${plan.name}`;
    context.onEnd(plan.name);
    // Whether HAProxy kept sending an instance requests during the fault (the slow one above all).
    const sentAfter = await haproxySent(context.statsPort).catch(() => undefined);
    if (sentBefore && sentAfter)
      notes.push(
        `HAProxy sent ${Object.entries(sentAfter)
          .map(([name, n]) => `${name} ${n - (sentBefore[name] ?? 0)}`)
          .join(', ')} sessions during it`,
      );
    log(`fault ${plan.name} over at ${endS.toFixed(1)} s (${notes.join('; ')})`);
    records.push({ ...plan, startS, endS, notes });
  }
  return records;
}

export interface HaproxyChange {
  atS: number;
  instance: string;
  from: string;
  to: string;
}

/** Watches HAProxy's view of the instances every 500 ms until `until`; answers every change. */
export async function watchHaproxy(statsPort: number, until: () => boolean): Promise<HaproxyChange[]> {
  const changes: HaproxyChange[] = [];
  let last: Record<string, string> = {};
  while (!until()) {
    const status = await haproxyStatus(statsPort).catch(() => undefined);
    if (status) {
      for (const [instance, now] of Object.entries(status)) {
        const before = last[instance];
        if (before !== undefined && before !== now) changes.push({ atS: seconds(), instance, from: before, to: now });
      }
      last = status;
    }
    await sleep(500);
  }
  return changes;
}
