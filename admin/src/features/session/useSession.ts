import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { SessionState, SessionStore } from './session.store.ts';

export const SessionStoreContext = createContext<SessionStore | null>(null);

export function useSessionStore(): SessionStore {
  const store = useContext(SessionStoreContext);
  if (!store) throw new Error('useSession needs a SessionStoreContext provider');
  return store;
}

/** Reads the session; pick one value per call (or a stable one) so renders stay minimal. */
export function useSession<T>(selector: (state: SessionState) => T): T {
  return useStore(useSessionStore(), selector);
}
