import { FLOOR_PLAN_MAX_BYTES, FLOORS_PER_BUILDING_MAX, type Floor } from '@vestibule/shared';
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../api/apiClient.ts';

/** What a screen's load is at: waiting, refused (with why), or its data. */
export type Loaded<T> = { kind: 'loading' } | { kind: 'failed'; error: unknown } | { kind: 'loaded'; data: T };

/** Loads with `load` while its inputs stay, again on `reload`; a newer load wins over an older one. */
export function useLoaded<T>(load: ((signal: AbortSignal) => Promise<T>) | null) {
  const [state, setState] = useState<Loaded<T>>({ kind: 'loading' });
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!load) return undefined;
    const controller = new AbortController();
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ kind: 'loaded', data });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ kind: 'failed', error });
      },
    );
    return () => controller.abort();
  }, [load, round]);
  const reload = useCallback(() => setRound((value) => value + 1), []);
  return { state, reload, setState };
}

/** Every floor of a building (at most FLOORS_PER_BUILDING_MAX: one page), by level then name. */
export function useBuildingFloors(buildingId: string | undefined) {
  const load = useCallback(
    (signal: AbortSignal) =>
      api
        .call('GET /floor', {
          query: { buildingId, sort: 'level', order: 1, page: 1, limit: FLOORS_PER_BUILDING_MAX },
          signal,
        })
        .then((page) => page.docs),
    [buildingId],
  );
  return useLoaded<Floor[]>(buildingId === undefined ? null : load);
}

/** The plan image types a browser names (BMP has two names) and the file chooser's filter. */
export const planMimeTypes = ['image/gif', 'image/png', 'image/jpeg', 'image/bmp', 'image/x-ms-bmp'] as const;
export const planAccept = 'image/gif,image/png,image/jpeg,image/bmp,.gif,.png,.jpg,.jpeg,.bmp';

export type PlanProblem = 'FLOOR_PLAN_TOO_BIG' | 'FLOOR_PLAN_INVALID_FORMAT';

/**
 * Why a chosen file cannot be the plan, said before it is sent: 5 MB or more, or not a GIF, PNG,
 * JPEG or BMP by its type. The server checks the content again and answers with the same codes.
 */
export function planProblems(file: Pick<File, 'size' | 'type'>): PlanProblem[] {
  const problems: PlanProblem[] = [];
  if (file.size >= FLOOR_PLAN_MAX_BYTES) problems.push('FLOOR_PLAN_TOO_BIG');
  if (!(planMimeTypes as readonly string[]).includes(file.type)) problems.push('FLOOR_PLAN_INVALID_FORMAT');
  return problems;
}

/**
 * A floor as pickers and titles show it: its name, which names its level already ("Ground floor",
 * "Level 3"); floors are listed by level.
 */
export function floorLabel(floor: Pick<Floor, 'name' | 'level'>): string {
  return floor.name;
}
