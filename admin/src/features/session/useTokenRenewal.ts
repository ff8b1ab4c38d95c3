import { useEffect } from 'react';
import { useSessionStore } from './useSession.ts';

const CHECK_EVERY_MS = 60_000;

/** Renews the token a few minutes before it expires while the app stays open. */
export function useTokenRenewal(): void {
  const store = useSessionStore();
  useEffect(() => {
    const check = () => void store.getState().renewTokenIfDue();
    const timer = setInterval(check, CHECK_EVERY_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') check();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [store]);
}
