import { useSyncExternalStore } from 'react';

// A kiosk's roll call: the visits marked safe, per building, kept in the page's memory.
// It outlives the staff screen (the kiosk returns to its welcome screen when left alone, and staff
// may come back to it), not a reload; ending the roll call forgets it.

interface RollCallState {
  active: boolean;
  safe: ReadonlySet<string>;
}

const idle: RollCallState = { active: false, safe: new Set() };
const states = new Map<string, RollCallState>();
const listeners = new Set<() => void>();

function set(qrCodeKey: string, state: RollCallState): void {
  if (state.active || state.safe.size > 0) states.set(qrCodeKey, state);
  else states.delete(qrCodeKey);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export interface KioskRollCall extends RollCallState {
  start: () => void;
  end: () => void;
  toggle: (visitId: string, safe: boolean) => void;
}

export function useKioskRollCall(qrCodeKey: string): KioskRollCall {
  const state = useSyncExternalStore(subscribe, () => states.get(qrCodeKey) ?? idle);
  const current = () => states.get(qrCodeKey) ?? idle;
  return {
    ...state,
    start: () => set(qrCodeKey, { ...current(), active: true }),
    end: () => set(qrCodeKey, idle),
    toggle: (visitId, safe) => {
      const next = new Set(current().safe);
      if (safe) next.add(visitId);
      else next.delete(visitId);
      set(qrCodeKey, { ...current(), safe: next });
    },
  };
}
