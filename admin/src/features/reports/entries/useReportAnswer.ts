import { useEffect, useState } from 'react';

/** What a report's call answered: nothing yet, its answer, or its failure (with a way to ask again). */
export interface ReportAnswer<T> {
  data: T | null;
  loading: boolean;
  failed: boolean;
  retry: () => void;
}

/**
 * Asks `load` again whenever `key` (the call's query, as text) changes, dropping the answer of a
 * query no longer shown; null `key`: nothing to ask (a period that cannot be asked for).
 */
export function useReportAnswer<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>): ReportAnswer<T> {
  const [state, setState] = useState<{ key: string | null; data: T | null; failed: boolean }>({
    key: null,
    data: null,
    failed: false,
  });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    load(controller.signal).then(
      (data) => !controller.signal.aborted && setState({ key, data, failed: false }),
      () => !controller.signal.aborted && setState({ key, data: null, failed: true }),
    );
    return () => controller.abort();
    // `load` is made anew each render; the query it sends is `key`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt]);
  const current = state.key === key;
  return {
    data: current ? state.data : null,
    loading: key !== null && (!current || (state.data === null && !state.failed)),
    failed: current && state.failed,
    retry: () => {
      setState({ key: null, data: null, failed: false });
      setAttempt((n) => n + 1);
    },
  };
}
