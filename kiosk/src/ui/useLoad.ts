import { useEffect, useEffectEvent, useState } from 'react';

export type Loaded<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error'; error: unknown };

/** Loads data for `key` (again when it changes, or on retry); stale answers are dropped. */
export function useLoad<T>(key: string, load: (signal: AbortSignal) => Promise<T>): Loaded<T> & { retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{ key: string; attempt: number; loaded: Loaded<T> } | null>(null);
  const run = useEffectEvent((signal: AbortSignal) => load(signal));
  useEffect(() => {
    const controller = new AbortController();
    run(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setResult({ key, attempt, loaded: { status: 'ready', data } });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setResult({ key, attempt, loaded: { status: 'error', error } });
      },
    );
    return () => controller.abort();
  }, [key, attempt]);
  const current =
    result && result.key === key && result.attempt === attempt ? result.loaded : { status: 'loading' as const };
  return { ...current, retry: () => setAttempt((n) => n + 1) };
}
