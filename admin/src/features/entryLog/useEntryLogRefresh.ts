import { useCallback, useState } from 'react';

/**
 * The one place the entry log loads again: the list and the counters follow `version`, which
 * moves after each change the screen makes and, through the live stream (useLiveVisits, given
 * `refresh`), after each change anyone makes to a visit of the buildings shown.
 */
export function useEntryLogRefresh(): { version: number; refresh: () => void } {
  const [version, setVersion] = useState(0);
  const refresh = useCallback(() => setVersion((current) => current + 1), []);
  return { version, refresh };
}
