// Figures the benchmarks print, computed the same way in each.

/** The p-th percentile of latencies sorted in ascending order (0 when there are none). */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Bytes as whole megabytes, for memory figures. */
export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
