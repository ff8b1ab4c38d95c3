// The server's CPU per request kind and the capacity model built on it (docs/load.md, "CPU per
// request and the capacity model"). CPU time is read from /proc/<pid>/stat of each instance's node
// process. A calibration before the run drives one kind at a time, with nothing else running, for
// a few seconds: the instances' CPU time over that window, less what they spend idle, divided by
// the requests of that kind answered in it, is that kind's CPU-ms per request.
import { log } from '../src/lib/run.ts';
import { type Kind, clock, isError, type Sample, samples, sleep } from './samples.ts';
import { type Instance, cpuMsOf } from './topology.ts';

/** CPU time of every instance so far, in ms (an instance started again counts from its new start). */
function cpuOfAll(instances: readonly Instance[]): number {
  return instances.reduce((sum, instance) => sum + cpuMsOf(instance.child?.pid), 0);
}

export interface CalibrationDriver {
  kind: Kind;
  /** One request of that kind (the worker's number, for drivers that keep state per worker). */
  once: (worker: number) => Promise<void>;
}

export interface Calibration {
  kind: Kind;
  requests: number;
  errors: number;
  seconds: number;
  /** The instances' CPU over the window, idle deducted, in ms. */
  cpuMs: number;
  cpuMsPerRequest: number;
}

/** Concurrent callers of each kind during its calibration window. */
const CALIBRATION_WORKERS = 4;

/** Drives each kind alone for `seconds`, measuring the instances' CPU; answers CPU-ms per request. */
export async function calibrate(
  instances: readonly Instance[],
  drivers: readonly CalibrationDriver[],
  seconds: number,
): Promise<{ idleCpuPerSecond: number; kinds: Calibration[] }> {
  clock.phase = 'calibration';
  const idle0 = cpuOfAll(instances);
  const idleT0 = performance.now();
  await sleep(2000);
  const idleCpuPerSecond = (cpuOfAll(instances) - idle0) / ((performance.now() - idleT0) / 1000);
  const kinds: Calibration[] = [];
  for (const driver of drivers) {
    // One call first, outside the window: a kind's first call warms the instances' code paths.
    await driver.once(0).catch(() => undefined);
    const counted = (s: Sample) => s.kind === driver.kind && s.phase === 'calibration';
    const before = samples.filter(counted).length;
    const cpu0 = cpuOfAll(instances);
    const t0 = performance.now();
    const until = Date.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: CALIBRATION_WORKERS }, async (_, worker) => {
        while (Date.now() < until) await driver.once(worker).catch(() => undefined);
      }),
    );
    const elapsed = (performance.now() - t0) / 1000;
    const these = samples.filter(counted).slice(before);
    const cpuMs = Math.max(0, cpuOfAll(instances) - cpu0 - idleCpuPerSecond * elapsed);
    const requests = these.length;
    kinds.push({
      kind: driver.kind,
      requests,
      errors: these.filter((s) => isError(s.status)).length,
      seconds: elapsed,
      cpuMs,
      cpuMsPerRequest: requests > 0 ? cpuMs / requests : 0,
    });
    log(
      `calibration ${driver.kind}: ${requests} requests in ${elapsed.toFixed(1)} s, ${(requests > 0 ? cpuMs / requests : 0).toFixed(2)} CPU-ms each`,
    );
  }
  return { idleCpuPerSecond, kinds };
}

/** Each instance's CPU time sampled every second through the run, for the phases' CPU use. */
export function sampleCpu(
  instances: readonly Instance[],
  until: () => boolean,
): Promise<{ atMs: number; phase: string; cpu: { pid: number | undefined; ms: number }[] }[]> {
  const points: { atMs: number; phase: string; cpu: { pid: number | undefined; ms: number }[] }[] = [];
  return (async () => {
    while (!until()) {
      points.push({
        atMs: Date.now() - clock.start,
        phase: clock.phase,
        cpu: instances.map((i) => ({ pid: i.child?.pid, ms: cpuMsOf(i.child?.pid) })),
      });
      await sleep(1000);
    }
    return points;
  })();
}

/** Per phase, the instances' CPU use as a share of one core (200%: both cores), from the samples. */
export function cpuByPhase(points: Awaited<ReturnType<typeof sampleCpu>>): Record<string, number> {
  const used: Record<string, { cpuMs: number; ms: number }> = {};
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1];
    const b = points[i];
    if (!a || !b) continue;
    let cpuMs = 0;
    b.cpu.forEach((now, n) => {
      const then = a.cpu[n];
      // An instance killed or started again in between: that second is not counted for it.
      if (then && then.pid === now.pid && now.ms >= then.ms) cpuMs += now.ms - then.ms;
    });
    const phase = (used[b.phase] ??= { cpuMs: 0, ms: 0 });
    phase.cpuMs += cpuMs;
    phase.ms += b.atMs - a.atMs;
  }
  return Object.fromEntries(Object.entries(used).map(([phase, u]) => [phase, u.ms > 0 ? (100 * u.cpuMs) / u.ms : 0]));
}

/** The model's scale (docs/load.md): buildings, visits a building a day, enrolled kiosks. */
export const MODEL = {
  buildings: 10_000,
  visitsPerBuildingPerDay: 500,
  /** Check-ins a second at the morning peak of 10,000 buildings of 500 visits a day. */
  peakCheckInsPerSecond: 210,
  kiosks: 20_000,
  /** Small requests a second of 20,000 enrolled kiosks, all day. */
  kioskRequestsPerSecond: 2_000,
  coresPerInstance: 2,
  utilisation: 0.7,
} as const;

export interface CapacityLine {
  what: string;
  kind: Kind;
  ratePerSecond: number;
  cpuMsPerRequest: number;
  cores: number;
}

export interface CapacityModel {
  lines: CapacityLine[];
  cores: number;
  instances: number;
  notes: string[];
}

/**
 * The capacity model: the peak's check-ins over the channels as the run had them (kiosk pushes and
 * phones), the kiosks' all-day requests over their kinds as the run had them, phone check-outs and
 * staff kinds at the run's rate a building, times the model's buildings; cores = Σ rate × CPU-ms / 1000.
 */
export function capacityModel(
  cpuMsPerRequest: Partial<Record<Kind, number>>,
  runCounts: Partial<Record<Kind, number>>,
  checkIns: { kiosk: number; phone: number },
  runSeconds: number,
  runBuildings: number,
  runStaff: number,
): CapacityModel {
  const lines: CapacityLine[] = [];
  const add = (what: string, kind: Kind, ratePerSecond: number) => {
    const cpu = cpuMsPerRequest[kind] ?? 0;
    lines.push({ what, kind, ratePerSecond, cpuMsPerRequest: cpu, cores: (ratePerSecond * cpu) / 1000 });
  };
  const count = (kind: Kind) => runCounts[kind] ?? 0;
  const allCheckIns = checkIns.kiosk + checkIns.phone;
  const phoneShare = allCheckIns > 0 ? checkIns.phone / allCheckIns : 0.5;
  add('peak check-ins on kiosks (a push each)', 'push', MODEL.peakCheckInsPerSecond * (1 - phoneShare));
  add("peak check-ins on visitors' phones", 'phone', MODEL.peakCheckInsPerSecond * phoneShare);
  const phoneOuts = count('phone') > 0 ? count('phoneOut') / count('phone') : 0;
  add(
    "phones' check-outs, as many a check-in as in the run",
    'phoneOut',
    MODEL.peakCheckInsPerSecond * phoneShare * phoneOuts,
  );
  const kioskAll = count('push') + count('config');
  for (const kind of ['push', 'config'] as const)
    add(
      `kiosks' all-day requests: ${kind}`,
      kind,
      kioskAll > 0 ? (MODEL.kioskRequestsPerSecond * count(kind)) / kioskAll : 0,
    );
  const perBuilding = MODEL.buildings / runBuildings;
  for (const kind of ['entryLog', 'peopleSearch', 'invitation', 'ticket'] as const)
    add(`staff ${kind}, the run's rate a building`, kind, (count(kind) / runSeconds) * perBuilding);
  const cores = lines.reduce((sum, line) => sum + line.cores, 0);
  return {
    lines,
    cores,
    instances: Math.ceil(cores / (MODEL.coresPerInstance * MODEL.utilisation)),
    notes: [
      "the server instances' CPU only (node); PostgreSQL, HAProxy and the live streams' fan-out are outside it",
      `the peak's check-ins are split ${(100 * (1 - phoneShare)).toFixed(0)}% kiosk / ${(100 * phoneShare).toFixed(0)}% phone as in the run`,
      `the staff lines keep the run's ${(runStaff / runBuildings).toFixed(1)} staff a building, each at the run's rates`,
    ],
  };
}

/** The capacity model as printed lines. */
export function printCapacity(model: CapacityModel): void {
  console.log(
    `\ncapacity model: ${MODEL.buildings.toLocaleString('en')} buildings, ${MODEL.visitsPerBuildingPerDay} visits a day each (${MODEL.peakCheckInsPerSecond} check-ins/s at the morning peak), ${MODEL.kiosks.toLocaleString('en')} kiosks (${MODEL.kioskRequestsPerSecond.toLocaleString('en')} requests/s)`,
  );
  console.log(`${'what'.padEnd(56)}${'rate/s'.padStart(9)}${'CPU-ms'.padStart(9)}${'cores'.padStart(8)}`);
  for (const line of model.lines)
    console.log(
      `${line.what.padEnd(56)}${line.ratePerSecond.toFixed(1).padStart(9)}${line.cpuMsPerRequest.toFixed(2).padStart(9)}${line.cores.toFixed(2).padStart(8)}`,
    );
  console.log(
    `cores needed ${model.cores.toFixed(1)}; instances of ${MODEL.coresPerInstance} cores at ${MODEL.utilisation * 100}%: ${model.instances}`,
  );
  for (const note of model.notes) console.log(`  (${note})`);
}
