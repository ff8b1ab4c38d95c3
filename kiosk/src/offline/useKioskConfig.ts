import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useState } from 'react';
import { refreshConfig } from './configCache.ts';
import type { KioskConfig } from './kioskConfig.ts';
import { provisionKiosk } from './provision.ts';
import { type SyncRunner, syncRunner } from './runtime.ts';
import { APP_VERSION } from './appVersion.ts';

/** The configuration version each kiosk page uses, reported with its pushes. */
const appliedVersions = new Map<string, string>();

/** The page's kiosk runner of a building (made once): pushes report the app and configuration versions. */
export function kioskRunner(qrCodeKey: string): SyncRunner {
  return syncRunner(qrCodeKey, 'kiosk', {
    appVersion: APP_VERSION,
    configVersion: () => appliedVersions.get(qrCodeKey),
  });
}

export type KioskState =
  | { status: 'loading'; runner: SyncRunner }
  | { status: 'ready'; runner: SyncRunner; config: KioskConfig; newConfigWaiting: boolean }
  | { status: 'error'; runner: SyncRunner; error: unknown; retry: () => void };

/**
 * A kiosk page's building configuration: provisions the device, refreshes the cached copy
 * (ETag) and runs the sync runner. The configuration in use changes only while `idle` (the
 * welcome screen, nobody at the kiosk): never in the middle of someone's check-in.
 */
export function useKioskConfig(qrCodeKey: string, idle: boolean): KioskState {
  const runner = useMemo(() => kioskRunner(qrCodeKey), [qrCodeKey]);
  const [setup, setSetup] = useState<{ attempt: number; done: boolean; error: unknown }>({
    attempt: 0,
    done: false,
    error: null,
  });
  useEffect(() => {
    let cancelled = false;
    const db = runner.db;
    void (async () => {
      let error: unknown = null;
      try {
        await provisionKiosk(db, qrCodeKey);
        await refreshConfig(db, qrCodeKey);
      } catch (failure) {
        error = failure;
      }
      if (!cancelled) setSetup((current) => ({ ...current, done: true, error }));
    })();
    const stop = runner.start();
    return () => {
      cancelled = true;
      stop();
    };
  }, [runner, qrCodeKey, setup.attempt]);

  const stored = useLiveQuery(() => runner.db.config.get(qrCodeKey), [runner, qrCodeKey]);
  const [applied, setApplied] = useState<KioskConfig | null>(null);
  const waiting = stored !== undefined && applied !== null && stored.version !== applied.version;
  if (stored && (applied === null || (idle && waiting))) setApplied(stored.data);
  useEffect(() => {
    if (applied) appliedVersions.set(qrCodeKey, applied.version);
  }, [applied, qrCodeKey]);

  if (applied) return { status: 'ready', runner, config: applied, newConfigWaiting: waiting };
  if (setup.done && stored === undefined && setup.error)
    return {
      status: 'error',
      runner,
      error: setup.error,
      retry: () => setSetup((current) => ({ attempt: current.attempt + 1, done: false, error: null })),
    };
  return { status: 'loading', runner };
}
