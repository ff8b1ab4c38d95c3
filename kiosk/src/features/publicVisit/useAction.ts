import { useCallback, useRef, useState } from 'react';

// A page's one action (cancel, extend, move, register): pending, then success on 200 or error on
// any failure, run once at a time.

export type ActionState<T> =
  { status: 'idle' } | { status: 'pending' } | { status: 'success'; result: T } | { status: 'error'; error: unknown };

export function useAction<T>() {
  const [state, setState] = useState<ActionState<T>>({ status: 'idle' });
  const running = useRef(false);
  const run = useCallback((action: () => Promise<T>) => {
    if (running.current) return;
    running.current = true;
    setState({ status: 'pending' });
    action()
      .then(
        (result) => setState({ status: 'success', result }),
        (error: unknown) => setState({ status: 'error', error }),
      )
      .finally(() => {
        running.current = false;
      });
  }, []);
  const reset = useCallback(() => setState({ status: 'idle' }), []);
  return { state, run, reset };
}
