import type { ApiClient } from '@vestibule/shared/api';
import { APP_VERSION } from './appVersion.ts';
import { type KioskDb, pageKioskDb } from './kioskDb.ts';
import { refreshConfig, refreshVisits } from './configCache.ts';
import { pruneSettled } from './outbox.ts';
import { type PushOutcome, type SyncTransport, httpTransport, pushPending, retryDelayMs } from './syncEngine.ts';

// The sync runner of a page (docs/kiosk.md, "Sync exactly once"): it pushes after each local write, when the browser comes
// back online, when the page becomes visible again and on a timer, with back-off and jitter
// after a failure. On a kiosk it also refreshes the building configuration (ETag) and today's
// visits. The push itself holds a Web Lock, so several tabs never push at once.

export interface SyncState {
  online: boolean;
  syncing: boolean;
  /** Failed rounds in a row (0 after a success). */
  failures: number;
  nextAttemptAt: number | null;
  lastError: string | null;
}

export interface RunnerOptions {
  qrCodeKey: string;
  channel: 'kiosk' | 'ownDevice';
  /** How pushes are sent (default: POST /sync/push through `client`). */
  transport?: SyncTransport;
  /** The kiosk's client of the service (default: the page's, with its credential). */
  client?: ApiClient;
  appVersion?: string;
  /** The configuration version in use, reported to the server with each push. */
  configVersion?: () => string | undefined;
  /** Quiet period between rounds when all is well. */
  intervalMs?: number;
  /** How often a kiosk re-reads today's visits. */
  visitsEveryMs?: number;
}

const INTERVAL_MS = 30_000;
const VISITS_EVERY_MS = 60_000;

export class SyncRunner {
  private state: SyncState;
  private readonly listeners = new Set<() => void>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private visitsAt = 0;
  private stops: (() => void)[] = [];
  private starts = 0;

  readonly db: KioskDb;
  private readonly options: RunnerOptions;

  constructor(db: KioskDb, options: RunnerOptions) {
    this.db = db;
    this.options = options;
    this.state = {
      online: typeof navigator === 'undefined' ? true : navigator.onLine,
      syncing: false,
      failures: 0,
      nextAttemptAt: null,
      lastError: null,
    };
  }

  get qrCodeKey(): string {
    return this.options.qrCodeKey;
  }

  /** The client the runner's calls go through (the page's kiosk client unless given). */
  get client(): ApiClient | undefined {
    return this.options.client;
  }

  /**
   * Listens to the browser and starts the timer; returns the function that stops it. Several
   * screens may start the same runner: it stops when the last of them does.
   */
  start(): () => void {
    this.starts++;
    let stopped = false;
    const release = () => {
      if (stopped) return;
      stopped = true;
      this.starts--;
      if (this.starts === 0) this.stop();
    };
    if (this.stops.length > 0) return release;
    const onOnline = () => {
      this.set({ online: true, failures: 0 });
      void this.request();
    };
    const onOffline = () => this.set({ online: false });
    const onVisible = () => {
      if (document.visibilityState === 'visible') void this.request();
    };
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    document.addEventListener('visibilitychange', onVisible);
    this.stops.push(() => {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
      document.removeEventListener('visibilitychange', onVisible);
    });
    void this.request();
    return release;
  }

  private stop(): void {
    this.stops.forEach((stop) => stop());
    this.stops = [];
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** Runs a round now (or right after the one in progress). */
  request(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.loop().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async loop(): Promise<void> {
    do {
      this.again = false;
      await this.round();
    } while (this.again);
  }

  private async round(): Promise<void> {
    clearTimeout(this.timer);
    this.set({ syncing: true, nextAttemptAt: null });
    let outcome: PushOutcome | undefined;
    let error: string | null = null;
    try {
      outcome = await pushPending(this.db, this.options.transport ?? httpTransport(this.options.client), {
        qrCodeKey: this.options.qrCodeKey,
        channel: this.options.channel,
        ...(this.options.appVersion ? { appVersion: this.options.appVersion } : {}),
        ...(this.options.configVersion?.() ? { configVersion: this.options.configVersion() } : {}),
        ...(this.options.channel === 'kiosk' ? { whileLocked: () => this.refresh() } : {}),
      });
      if (outcome.failed) error = 'network';
    } catch (failure) {
      error = failure instanceof Error ? failure.message : String(failure);
    }
    const failures = error ? this.state.failures + 1 : 0;
    if (error) await this.db.meta.put({ key: 'lastSyncError', value: error }).catch(() => undefined);
    const delay = error ? retryDelayMs(failures) : outcome?.busy ? 1000 : (this.options.intervalMs ?? INTERVAL_MS);
    this.set({
      syncing: false,
      failures,
      lastError: error,
      online: error ? this.state.online : true,
      nextAttemptAt: Date.now() + delay,
    });
    if (this.stops.length > 0) this.timer = setTimeout(() => void this.request(), delay);
  }

  /** The kiosk's configuration (ETag) and, now and then, today's visits. */
  private async refresh(): Promise<void> {
    const client = this.options.client;
    await refreshConfig(this.db, this.options.qrCodeKey, client);
    if (Date.now() - this.visitsAt >= (this.options.visitsEveryMs ?? VISITS_EVERY_MS)) {
      await refreshVisits(this.db, this.options.qrCodeKey, client);
      this.visitsAt = Date.now();
    }
    await this.db.meta.put({ key: 'lastSyncAt', value: new Date().toISOString() });
    await pruneSettled(this.db);
  }

  /** Re-reads today's visits at the next round (the check-out screen opens). */
  refreshVisitsSoon(): void {
    this.visitsAt = 0;
    void this.request();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): SyncState => this.state;

  private set(changes: Partial<SyncState>): void {
    this.state = { ...this.state, ...changes };
    this.listeners.forEach((listener) => listener());
  }
}

/** The page's kiosk database (one connection per page). */
export function kioskDb(): KioskDb {
  return pageKioskDb();
}

const runners = new Map<string, SyncRunner>();

/** The page's runner for a building and channel, made once. */
export function syncRunner(
  qrCodeKey: string,
  channel: 'kiosk' | 'ownDevice',
  extra: Omit<RunnerOptions, 'qrCodeKey' | 'channel'> = {},
): SyncRunner {
  const key = `${channel}|${qrCodeKey}`;
  let runner = runners.get(key);
  if (!runner) {
    runner = new SyncRunner(kioskDb(), { qrCodeKey, channel, appVersion: APP_VERSION, ...extra });
    runners.set(key, runner);
  }
  return runner;
}
