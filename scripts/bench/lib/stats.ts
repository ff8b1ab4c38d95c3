// Figures the benchmarks print, computed the same way in each.

/** The p-th percentile of latencies sorted in ascending order (0 when there are none). */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Bytes as whole megabytes, for memory figures. */
export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** Latencies of a call, after a warm-up: p50, p95 and max in ms, and the last answer's size. */
export interface CallFigures {
  p50: number;
  p95: number;
  max: number;
  bytes: number;
}

/**
 * Calls `call` `warmup` times, then `runs` times measured; every measured answer must be a 200
 * (else it throws with the answer's start, so a benchmark never times an error page).
 */
export async function measureCalls(
  call: () => Promise<{ statusCode: number; body: string }>,
  runs: number,
  warmup = 20,
): Promise<CallFigures> {
  for (let i = 0; i < warmup; i++) await call();
  const latencies: number[] = [];
  let bytes = 0;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const response = await call();
    latencies.push(performance.now() - started);
    if (response.statusCode !== 200) throw new Error(`answered ${response.statusCode}: ${response.body.slice(0, 200)}`);
    bytes = response.body.length;
  }
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p95: percentile(latencies, 95), max: latencies.at(-1) ?? 0, bytes };
}
