// What the load harness measures of each request (docs/load.md, "The report"): its kind, the phase
// it started in, when it started in the run, its status (0: no answer) and its time to the answer's
// headers. Every HTTP call of the simulated devices and staff goes through `timedFetch`.

/** The request kinds of the report, one per kind of work the server does. */
export const kinds = [
  'push',
  'config',
  'phone',
  'phoneOut',
  'ticket',
  'invitation',
  'peopleSearch',
  'entryLog',
  'other',
] as const;
export type Kind = (typeof kinds)[number];

export interface Sample {
  kind: Kind;
  phase: string;
  status: number;
  ms: number;
  /** When it started, in ms since the run's start (negative: before it, the calibration). */
  at: number;
}

/** Not an answer the caller wanted: none at all, or a status of 400 and above (304 is an answer). */
export const isError = (status: number): boolean => status === 0 || status >= 400;

export const samples: Sample[] = [];

/** The phase requests start in now, and the run's start (set when the kiosks start their cycle). */
export const clock = { phase: 'setup', start: Date.now() };

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** fetch that records each call as a sample of the kind `kindOf` names (undefined: not recorded). */
export const timedFetchAs =
  (kindOf: (url: string, method: string) => Kind | undefined) =>
  async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const kind = kindOf(url, init?.method ?? 'GET');
    const phase = clock.phase;
    const at = Date.now() - clock.start;
    const t0 = performance.now();
    try {
      const response = await fetch(input, init);
      if (kind) samples.push({ kind, phase, status: response.status, ms: performance.now() - t0, at });
      return response;
    } catch (error) {
      if (kind) samples.push({ kind, phase, status: 0, ms: performance.now() - t0, at });
      throw error;
    }
  };
