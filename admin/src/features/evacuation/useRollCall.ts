import { useCallback, useState } from 'react';

// The roll call of an evacuation: who has been marked safe, kept in the tab's
// sessionStorage so a reload or a trip to another screen keeps the marks until the roll call ends.

export interface RollCall {
  active: boolean;
  /** The visits marked safe. */
  safe: ReadonlySet<string>;
  start: () => void;
  /** Ends the roll call and forgets its marks. */
  end: () => void;
  toggle: (visitId: string, safe: boolean) => void;
  clear: () => void;
}

interface Stored {
  active: boolean;
  safe: string[];
}

/** Where a building's roll call is kept in the tab. */
export function rollCallKey(buildingId: string): string {
  return `vestibule.evacuation.rollCall.${buildingId}`;
}

function read(buildingId: string): Stored {
  try {
    const value = JSON.parse(sessionStorage.getItem(rollCallKey(buildingId)) ?? 'null') as Partial<Stored> | null;
    if (value && typeof value.active === 'boolean' && Array.isArray(value.safe)) {
      return { active: value.active, safe: value.safe.filter((id): id is string => typeof id === 'string') };
    }
  } catch {
    // Unreadable: start afresh.
  }
  return { active: false, safe: [] };
}

function write(buildingId: string, stored: Stored): void {
  try {
    if (stored.active || stored.safe.length > 0)
      sessionStorage.setItem(rollCallKey(buildingId), JSON.stringify(stored));
    else sessionStorage.removeItem(rollCallKey(buildingId));
  } catch {
    // Storage unavailable: the marks last while the page is shown.
  }
}

export function useRollCall(buildingId: string): RollCall {
  const [state, setState] = useState(() => ({ buildingId, ...read(buildingId) }));
  // Another building: its own roll call.
  const current = state.buildingId === buildingId ? state : { buildingId, ...read(buildingId) };
  if (current !== state) setState(current);

  const update = useCallback(
    (change: (stored: Stored) => Stored) =>
      setState((previous) => {
        const next = change(previous);
        write(buildingId, next);
        return { buildingId, ...next };
      }),
    [buildingId],
  );
  return {
    active: current.active,
    safe: new Set(current.safe),
    start: () => update((stored) => ({ ...stored, active: true })),
    end: () => update(() => ({ active: false, safe: [] })),
    clear: () => update((stored) => ({ ...stored, safe: [] })),
    toggle: (visitId, safe) =>
      update((stored) => ({
        ...stored,
        safe: safe ? [...new Set([...stored.safe, visitId])] : stored.safe.filter((id) => id !== visitId),
      })),
  };
}
