import { APP_UPDATE_CHECK_MINUTES, compareVersions } from '@vestibule/shared';
import { readNumber, writeValue } from '../../storage/browserStorage.ts';
import { storageKeys } from '../../storage/storageKeys.ts';

export const APP_UPDATE_INTERVAL_MS = APP_UPDATE_CHECK_MINUTES * 60_000;

export interface AppUpdateEnvironment {
  storage: Storage;
  now: () => number;
  /** The version this page was built with. */
  currentVersion: string;
  fetchServerVersion: () => Promise<string | null>;
  reload: () => void;
}

export type AppUpdateOutcome = 'notDue' | 'upToDate' | 'reloaded' | 'failed';

/** True when the deployed version is higher than the running one (numeric per dot segment). */
export function isNewerVersion(serverVersion: string, currentVersion: string): boolean {
  return compareVersions(serverVersion, currentVersion) > 0;
}

/**
 * The app-update check: when due, the next check is set
 * 120 minutes ahead, the version file is fetched, and a higher version reloads the page.
 * Failures are ignored.
 */
export async function checkForAppUpdate(env: AppUpdateEnvironment): Promise<AppUpdateOutcome> {
  const now = env.now();
  const dueAt = readNumber(env.storage, storageKeys.checkForAppUpdatesAt);
  if (dueAt !== null && now < dueAt) return 'notDue';
  writeValue(env.storage, storageKeys.checkForAppUpdatesAt, now + APP_UPDATE_INTERVAL_MS);
  try {
    const serverVersion = await env.fetchServerVersion();
    if (serverVersion === null || !isNewerVersion(serverVersion, env.currentVersion)) return 'upToDate';
    env.reload();
    return 'reloaded';
  } catch {
    return 'failed';
  }
}

/** GET /version.json at the site root (not under /service); null when it says nothing usable. */
export async function fetchServerVersion(): Promise<string | null> {
  const response = await fetch('/version.json', { cache: 'no-store', headers: { Accept: 'application/json' } });
  if (!response.ok) return null;
  const body: unknown = await response.json();
  if (typeof body !== 'object' || body === null || !('version' in body)) return null;
  return typeof body.version === 'string' ? body.version : null;
}
