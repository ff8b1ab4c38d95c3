import { useEffect, useSyncExternalStore } from 'react';

// A new version of the kiosk is switched to only while the kiosk is idle on its welcome screen,
// never mid-wizard (docs/kiosk.md, "The service worker"): the service worker of a new build installs in the background and
// waits; when the page says it is idle, it is told to take over and the page reloads once it
// controls it. Nothing unsynced is lost by the reload: the outbox lives in IndexedDB.

/** The product version this page was built with (root package.json, injected by Vite). */
declare const __APP_VERSION__: string | undefined;
export const appVersion: string | null = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : null;

/** How often a running kiosk asks the server for a new build (also on getting back online). */
export const UPDATE_CHECK_MS = 15 * 60 * 1000;
/** How long the page waits for the new worker to take over before asking it again. */
export const SKIP_RETRY_MS = 3000;

export interface AppUpdateState {
  /** A new version is installed and waiting to take over. */
  updateReady: boolean;
  /** The running app's version (null when the build did not say). */
  version: string | null;
}

/** What the updater needs of workbox-window's Workbox (a fake in tests). */
export interface WorkboxLike {
  addEventListener(type: 'waiting' | 'controlling', listener: () => void): void;
  removeEventListener(type: 'waiting' | 'controlling', listener: () => void): void;
  update(): Promise<unknown>;
  messageSkipWaiting(): void;
}

export interface AttachOptions {
  /** Receives 'online' events (window by default). */
  events?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  checkEveryMs?: number;
  /**
   * Whether a worker controlled the page when it started. The first worker of a freshly
   * provisioned kiosk then claims it (clientsClaim): that change of controller serves the
   * build already running; any later one serves a new build.
   */
  controlled?: boolean;
  /** Asks the browser whether a worker waits (in case the 'waiting' event was missed). */
  hasWaiting?: () => Promise<boolean>;
}

export class AppUpdater {
  private state: AppUpdateState;
  private readonly listeners = new Set<() => void>();
  private workbox: WorkboxLike | null = null;
  private idle = false;
  private skipRequested = false;
  private newWorkerControls = false;
  private reloading = false;
  private controlled = true;
  private hasWaiting: (() => Promise<boolean>) | null = null;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private readonly reload: () => void;

  constructor(reload: () => void = () => window.location.reload(), version: string | null = appVersion) {
    this.reload = reload;
    this.state = { updateReady: false, version };
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): AppUpdateState => this.state;

  /** Follows a registered service worker; answers a function that stops following it. */
  attach(workbox: WorkboxLike, options: AttachOptions = {}): () => void {
    const events = options.events ?? window;
    this.workbox = workbox;
    const onWaiting = () => {
      if (!this.state.updateReady) {
        this.state = { ...this.state, updateReady: true };
        this.listeners.forEach((listener) => listener());
      }
      this.settle();
    };
    // Any worker taking control (ours after skipWaiting, or one activated from another tab)
    // serves a new build: the page follows it at the next idle moment.
    this.controlled = options.controlled ?? true;
    this.hasWaiting = options.hasWaiting ?? null;
    // workbox-window reports every change of controller. The first worker claiming the page
    // that installed it serves the build already running; any later one (ours after
    // skipWaiting, or one activated from another tab) serves a new build.
    const onControlling = () => {
      if (!this.controlled) {
        this.controlled = true;
        return;
      }
      this.newWorkerControls = true;
      clearTimeout(this.retry);
      this.settle();
    };
    const check = () => {
      // Offline or a server error: the next check tries again.
      workbox.update().catch(() => undefined);
    };
    workbox.addEventListener('waiting', onWaiting);
    workbox.addEventListener('controlling', onControlling);
    events.addEventListener('online', check);
    const timer = setInterval(check, options.checkEveryMs ?? UPDATE_CHECK_MS);
    return () => {
      clearInterval(timer);
      events.removeEventListener('online', check);
      workbox.removeEventListener('waiting', onWaiting);
      workbox.removeEventListener('controlling', onControlling);
      if (this.workbox === workbox) this.workbox = null;
    };
  }

  /** The page says whether nobody is using the kiosk (welcome screen) or someone is (wizard). */
  setIdle(idle: boolean): void {
    this.idle = idle;
    if (!idle) {
      clearTimeout(this.retry);
      this.skipRequested = false;
    }
    this.settle();
  }

  private settle(): void {
    if (!this.idle || this.reloading) return;
    if (!this.state.updateReady && !this.newWorkerControls && this.hasWaiting) {
      // A 'waiting' event can be missed (a worker found before the page listened): ask.
      const workbox = this.workbox;
      this.hasWaiting().then(
        (waiting) => {
          if (waiting && this.workbox === workbox && !this.state.updateReady) {
            this.state = { ...this.state, updateReady: true };
            this.listeners.forEach((listener) => listener());
            this.settle();
          }
        },
        () => undefined,
      );
      return;
    }
    if (this.newWorkerControls) {
      this.reloading = true;
      this.reload();
    } else if (this.state.updateReady && !this.skipRequested && this.workbox) {
      this.skipRequested = true;
      this.workbox.messageSkipWaiting();
      // A message to a worker can be lost (the worker stopped, or busy starting): ask again
      // while the kiosk stays idle and no new worker has taken over.
      this.retry = setTimeout(() => {
        this.skipRequested = false;
        this.settle();
      }, SKIP_RETRY_MS);
    }
  }
}

/** The page's updater. */
export const appUpdater = new AppUpdater();

let registered = false;

/**
 * Registers the kiosk's service worker (production builds only; a no-op in dev, in tests and
 * where the browser has no service workers). Call once, at start.
 */
export function registerAppUpdates(updater: AppUpdater = appUpdater): void {
  if (registered || !import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator))
    return;
  registered = true;
  // workbox-window loads after the first screen: it is not needed to show it.
  import('workbox-window')
    .then(({ Workbox }) => {
      // Served under /kiosk/ with the public pages at the root: the server allows scope /.
      const workbox = new Workbox(`${import.meta.env.BASE_URL}sw.js`, { scope: '/' });
      updater.attach(workbox, {
        controlled: navigator.serviceWorker.controller !== null,
        hasWaiting: () =>
          navigator.serviceWorker.getRegistration().then((registration) => Boolean(registration?.waiting)),
      });
      return workbox.register();
    })
    .catch((error: unknown) => console.warn('Service worker registration failed', error));
}

/**
 * Whether a new version waits, and the running version. While `idle` is true (the kiosk's
 * welcome screen), a waiting version is activated and the page reloads; never while it is false.
 */
export function useAppUpdate(idle: boolean, updater: AppUpdater = appUpdater): AppUpdateState {
  useEffect(() => {
    updater.setIdle(idle);
    return () => updater.setIdle(false);
  }, [idle, updater]);
  return useSyncExternalStore(updater.subscribe, updater.getSnapshot);
}
