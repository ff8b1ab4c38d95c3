import type { EvacuationList } from '@vestibule/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../api/apiClient.ts';

export type EvacuationState =
  { kind: 'loading' } | { kind: 'failed'; error: unknown } | { kind: 'ready'; list: EvacuationList };

/**
 * The building's evacuation list, read again when asked (the screen asks whenever the live stream
 * says a visit of the building changed). An older answer never replaces a newer one.
 */
export function useEvacuationList(buildingId: string): { state: EvacuationState; reload: () => void } {
  const [state, setState] = useState<EvacuationState>({ kind: 'loading' });
  const latest = useRef(0);
  const reload = useCallback(() => {
    const request = ++latest.current;
    api.call('GET /evacuation/:buildingId', { params: { buildingId } }).then(
      (list) => {
        if (request === latest.current) setState({ kind: 'ready', list });
      },
      (error: unknown) => {
        if (request === latest.current) setState({ kind: 'failed', error });
      },
    );
  }, [buildingId]);
  // The screen keys this hook's component by building: a new building starts from 'loading'.
  useEffect(reload, [reload]);
  return { state, reload };
}
