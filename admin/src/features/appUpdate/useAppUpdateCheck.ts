import { useEffect } from 'react';
import { checkForAppUpdate, fetchServerVersion } from './appUpdate.ts';
import { appVersion } from './appVersion.ts';

const LOOK_EVERY_MS = 60_000;

/** Looks every minute whether the two-hourly app-update check is due, and runs it. */
export function useAppUpdateCheck(): void {
  useEffect(() => {
    const run = () =>
      void checkForAppUpdate({
        storage: window.localStorage,
        now: () => Date.now(),
        currentVersion: appVersion,
        fetchServerVersion,
        reload: () => window.location.reload(),
      });
    run();
    const timer = setInterval(run, LOOK_EVERY_MS);
    return () => clearInterval(timer);
  }, []);
}
