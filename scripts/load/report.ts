// The load run's report (docs/load.md, "The report" and "The targets"): per request kind and phase
// count, errors and latency percentiles; per fault and kind the recovery; per fault the live
// streams' catch-up; and the targets as PASS/MISS lines, read as ratios to the same run's
// no-fault phase (`before`).
import type { FaultRecord } from './faults.ts';
import { type Kind, type Sample, isError, kinds, percentile } from './samples.ts';
import type { LiveStream } from './staff.ts';

/** After a fault, a kind has recovered when its p95 over this sliding window is back to its no-fault p95. */
const RECOVERY_WINDOW_MS = 5_000;
/** A window with fewer requests than this says nothing yet. */
const RECOVERY_MIN_SAMPLES = 2;
export const TARGETS = { errorRate: 0.01, p95Ratio: 3, recoverySeconds: 30 } as const;

export interface Row {
  kind: Kind;
  phase: string;
  count: number;
  errors: number;
  errorRate: number;
  p50: number;
  p95: number;
  p99: number;
  /** Which answers the errors were (0: no answer). */
  errorStatuses: Record<string, number>;
}

function rowOf(kind: Kind, phase: string, these: readonly Sample[]): Row {
  const errorStatuses: Record<string, number> = {};
  for (const s of these) if (isError(s.status)) errorStatuses[s.status] = (errorStatuses[s.status] ?? 0) + 1;
  const errors = these.filter((s) => isError(s.status)).length;
  const ms = these.map((s) => s.ms);
  return {
    kind,
    phase,
    count: these.length,
    errors,
    errorRate: these.length ? errors / these.length : 0,
    p50: percentile(ms, 50),
    p95: percentile(ms, 95),
    p99: percentile(ms, 99),
    errorStatuses,
  };
}

export function phasesOf(faults: readonly FaultRecord[]): string[] {
  return ['before', ...faults.flatMap((f) => [`during-${f.name}`, `after-${f.name}`]), 'drain'];
}

/** The table of requests per kind and phase (the run's phases only: no setup, no calibration). */
export function requestRows(samples: readonly Sample[], phases: readonly string[]): Row[] {
  const rows: Row[] = [];
  for (const kind of kinds)
    for (const phase of phases) {
      const these = samples.filter((s) => s.kind === kind && s.phase === phase);
      if (these.length > 0) rows.push(rowOf(kind, phase, these));
    }
  return rows;
}

export function printRows(rows: readonly Row[]): void {
  console.log(
    `\n${'kind'.padEnd(14)}${'phase'.padEnd(16)}${'count'.padStart(8)}${'errors'.padStart(8)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}${'p99 ms'.padStart(9)}  error statuses`,
  );
  for (const row of rows)
    console.log(
      `${row.kind.padEnd(14)}${row.phase.padEnd(16)}${String(row.count).padStart(8)}${`${(row.errorRate * 100).toFixed(1)}%`.padStart(8)}${row.p50.toFixed(1).padStart(9)}${row.p95.toFixed(1).padStart(9)}${row.p99.toFixed(1).padStart(9)}  ${Object.entries(
        row.errorStatuses,
      )
        .map(([status, n]) => `${status}×${n}`)
        .join(' ')}`,
    );
}

export interface Recovery {
  fault: string;
  kind: Kind;
  baselineP95: number;
  /** s after the fault's end until a 5-s window's p95 was back to the baseline; null: not in the after-phase. */
  seconds: number | null;
  /** Windows of the after-phase with enough requests to judge (0: the phase says nothing for this kind). */
  windows: number;
}

/** Per fault and kind, the time after the fault's end until the kind's sliding 5-s p95 is back to its no-fault p95. */
export function recoveries(samples: readonly Sample[], faults: readonly FaultRecord[], runEndMs: number): Recovery[] {
  const result: Recovery[] = [];
  faults.forEach((fault, i) => {
    const endMs = fault.endS * 1000;
    const limitMs = (faults[i + 1]?.startS ?? runEndMs / 1000) * 1000;
    for (const kind of kinds) {
      const baseline = samples.filter((s) => s.kind === kind && s.phase === 'before').map((s) => s.ms);
      const after = samples.filter((s) => s.kind === kind && s.at >= endMs && s.at < limitMs);
      if (baseline.length === 0 || after.length === 0) continue;
      const baselineP95 = percentile(baseline, 95);
      let seconds: number | null = null;
      let windows = 0;
      for (let d = 0; endMs + d + RECOVERY_WINDOW_MS <= limitMs; d += 1000) {
        const window = after.filter((s) => s.at >= endMs + d && s.at < endMs + d + RECOVERY_WINDOW_MS).map((s) => s.ms);
        if (window.length < RECOVERY_MIN_SAMPLES) continue;
        windows++;
        if (percentile(window, 95) <= baselineP95) {
          seconds = d / 1000;
          break;
        }
      }
      result.push({ fault: fault.name, kind, baselineP95, seconds, windows });
    }
  });
  return result;
}

export interface StreamCatchUp {
  fault: string;
  streams: number;
  caughtUp: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  /** Streams told `resync` between the fault's start and the next fault's. */
  resyncedStreams: number;
  /** Streams that caught up by a `resync` rather than by the event itself. */
  caughtUpByResync: number;
}

export function catchUps(
  streams: readonly LiveStream[],
  faults: readonly FaultRecord[],
  runEndMs: number,
): StreamCatchUp[] {
  return faults.map((fault, i) => {
    const limitMs = (faults[i + 1]?.startS ?? runEndMs / 1000) * 1000;
    const these = streams.flatMap((s) => s.catchUps.filter((c) => c.fault === fault.name));
    const ms = these.flatMap((c) => (c.ms === undefined ? [] : [c.ms]));
    return {
      fault: fault.name,
      streams: these.length,
      caughtUp: ms.length,
      p50Ms: percentile(ms, 50),
      p95Ms: percentile(ms, 95),
      maxMs: Math.max(0, ...ms),
      resyncedStreams: streams.filter((s) => s.resyncs.some((at) => at >= fault.startS * 1000 && at < limitMs)).length,
      caughtUpByResync: these.filter((c) => c.byResync).length,
    };
  });
}

export function printCatchUps(rows: readonly StreamCatchUp[]): void {
  console.log(
    `\nlive streams after each fault: ${'fault'.padEnd(10)}${'streams'.padStart(8)}${'caught up'.padStart(10)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}${'max ms'.padStart(9)}${'resynced'.padStart(10)}`,
  );
  for (const r of rows)
    console.log(
      `${''.padEnd(31)}${r.fault.padEnd(10)}${String(r.streams).padStart(8)}${String(r.caughtUp).padStart(10)}${r.p50Ms.toFixed(0).padStart(9)}${r.p95Ms.toFixed(0).padStart(9)}${r.maxMs.toFixed(0).padStart(9)}${String(r.resyncedStreams).padStart(10)}`,
    );
}

export function printRecoveries(rows: readonly Recovery[], faults: readonly FaultRecord[]): void {
  console.log(
    `\nrecovery after each fault: s until the kind's 5-s p95 is back to its no-fault p95 (-: not in the after-phase; blank: too few requests to tell)`,
  );
  const present = kinds.filter((kind) => rows.some((r) => r.kind === kind));
  console.log(`${'fault'.padEnd(10)}${present.map((k) => k.padStart(13)).join('')}`);
  for (const fault of faults)
    console.log(
      `${fault.name.padEnd(10)}${present
        .map((kind) => {
          const r = rows.find((row) => row.fault === fault.name && row.kind === kind);
          const text = !r || r.windows === 0 ? '' : r.seconds === null ? '-' : r.seconds.toFixed(0);
          return text.padStart(13);
        })
        .join('')}`,
    );
}

export interface TargetLine {
  ok: boolean;
  text: string;
}

/** The targets (docs/load.md, "The targets") as PASS/MISS lines. */
export function targets(
  rows: readonly Row[],
  recovered: readonly Recovery[],
  faults: readonly FaultRecord[],
  exactlyOnce: { lost: number; duplicated: number; pending: number },
): TargetLine[] {
  const lines: TargetLine[] = [];
  const baseline = new Map(rows.filter((r) => r.phase === 'before').map((r) => [r.kind, r]));
  for (const fault of faults) {
    const during = rows.filter((r) => r.phase === `during-${fault.name}`);
    const count = during.reduce((sum, r) => sum + r.count, 0);
    const errors = during.reduce((sum, r) => sum + r.errors, 0);
    const rate = count ? errors / count : 0;
    const worst = during
      .filter((r) => r.errors > 0)
      .map((r) => `${r.kind} ${(100 * r.errorRate).toFixed(1)}%`)
      .join(', ');
    lines.push({
      ok: rate < TARGETS.errorRate,
      text: `during ${fault.name}: error rate ${(100 * rate).toFixed(2)}% (${errors} of ${count}) under ${100 * TARGETS.errorRate}%${worst ? ` [${worst}]` : ''}`,
    });
    const over = during.flatMap((r) => {
      const base = baseline.get(r.kind);
      if (!base || base.p95 <= 0) return [];
      const ratio = r.p95 / base.p95;
      return ratio > TARGETS.p95Ratio ? [`${r.kind} ${ratio.toFixed(1)}x`] : [];
    });
    lines.push({
      ok: over.length === 0,
      text: `during ${fault.name}: every kind's p95 at most ${TARGETS.p95Ratio}x its no-fault p95${over.length ? ` [over: ${over.join(', ')}]` : ''}`,
    });
    const late = recovered
      .filter((r) => r.fault === fault.name && r.windows > 0)
      .filter((r) => r.seconds === null || r.seconds > TARGETS.recoverySeconds)
      .map((r) => `${r.kind} ${r.seconds === null ? 'not in the after-phase' : `${r.seconds} s`}`);
    lines.push({
      ok: late.length === 0,
      text: `after ${fault.name}: every kind back to its no-fault p95 within ${TARGETS.recoverySeconds} s${late.length ? ` [${late.join(', ')}]` : ''}`,
    });
  }
  lines.push({ ok: exactlyOnce.lost === 0, text: `lost ${exactlyOnce.lost}` });
  lines.push({ ok: exactlyOnce.duplicated === 0, text: `duplicated ${exactlyOnce.duplicated}` });
  lines.push({ ok: exactlyOnce.pending === 0, text: `pending after the final drain ${exactlyOnce.pending}` });
  return lines;
}

export function printTargets(lines: readonly TargetLine[]): void {
  console.log('\ntargets (ratios to the no-fault phase of this run):');
  for (const line of lines) console.log(`  ${line.ok ? 'PASS' : 'MISS'}  ${line.text}`);
}
