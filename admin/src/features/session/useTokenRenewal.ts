import { useEffect } from 'react';
import { useSessionStore } from './useSession.ts';

const CHECK_EVERY_MS = 30_000;
/** Input that shows a person is using the app (mouse moves alone do not count). */
const activityEvents = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

/**
 * Keeps the session honest while the app stays open: records input, signs an idle tab out
 * after the server's idle time, and renews the token only while the user is active (or when
 * it is about to expire).
 */
export function useTokenRenewal(): void {
  const store = useSessionStore();
  useEffect(() => {
    const check = () => void store.getState().checkSession();
    const onInput = () => store.getState().noteActivity();
    const timer = setInterval(check, CHECK_EVERY_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') check();
    };
    for (const event of activityEvents) window.addEventListener(event, onInput, { capture: true, passive: true });
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      for (const event of activityEvents) window.removeEventListener(event, onInput, { capture: true });
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [store]);
}
