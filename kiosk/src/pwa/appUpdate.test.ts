import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AppUpdater,
  SKIP_RETRY_MS,
  UPDATE_CHECK_MS,
  type WorkboxLike,
  registerAppUpdates,
  useAppUpdate,
} from './appUpdate.ts';

type Kind = 'waiting' | 'controlling';

/** A stand-in for workbox-window's Workbox: the test plays the service worker's lifecycle. */
class FakeWorkbox implements WorkboxLike {
  readonly listeners = new Map<Kind, Set<() => void>>();
  skipWaitingMessages = 0;
  updates = 0;
  updateFails = false;

  addEventListener(type: Kind, listener: () => void): void {
    const set = this.listeners.get(type) ?? new Set();
    set.add(listener);
    this.listeners.set(type, set);
  }
  removeEventListener(type: Kind, listener: () => void): void {
    this.listeners.get(type)?.delete(listener);
  }
  update(): Promise<unknown> {
    this.updates++;
    return this.updateFails ? Promise.reject(new Error('offline')) : Promise.resolve();
  }
  messageSkipWaiting(): void {
    this.skipWaitingMessages++;
  }
  emit(type: Kind): void {
    this.listeners.get(type)?.forEach((listener) => listener());
  }
}

function setup() {
  const reload = vi.fn();
  const updater = new AppUpdater(reload, '1.2.3');
  const workbox = new FakeWorkbox();
  const events = new EventTarget();
  const detach = updater.attach(workbox, { events });
  return { reload, updater, workbox, events, detach };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('switching to a new version only while the kiosk is idle', () => {
  it('tells a waiting version to take over on the welcome screen, then reloads once it controls', () => {
    const { reload, updater, workbox } = setup();
    updater.setIdle(true);
    expect(workbox.skipWaitingMessages).toBe(0);

    workbox.emit('waiting');
    expect(updater.getSnapshot()).toEqual({ updateReady: true, version: '1.2.3' });
    expect(workbox.skipWaitingMessages).toBe(1);
    expect(reload).not.toHaveBeenCalled();

    workbox.emit('controlling');
    expect(reload).toHaveBeenCalledTimes(1);
    workbox.emit('controlling');
    updater.setIdle(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('never activates nor reloads mid-wizard; does so when the kiosk is idle again', () => {
    const { reload, updater, workbox } = setup();
    updater.setIdle(false);
    workbox.emit('waiting');
    expect(updater.getSnapshot().updateReady).toBe(true);
    expect(workbox.skipWaitingMessages).toBe(0);

    updater.setIdle(true);
    expect(workbox.skipWaitingMessages).toBe(1);
    updater.setIdle(false);
    // The visitor started the wizard before the new worker took over: no reload under them.
    workbox.emit('controlling');
    expect(reload).not.toHaveBeenCalled();

    updater.setIdle(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(workbox.skipWaitingMessages).toBe(1);
  });

  it('follows a version activated from another tab at the next idle moment', () => {
    const { reload, updater, workbox } = setup();
    workbox.emit('controlling');
    expect(reload).not.toHaveBeenCalled();
    updater.setIdle(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload when the first worker takes control of the page that installed it', () => {
    const reload = vi.fn();
    const updater = new AppUpdater(reload, '1.2.3');
    const workbox = new FakeWorkbox();
    updater.attach(workbox, { events: new EventTarget(), controlled: false });
    updater.setIdle(true);
    workbox.emit('controlling');
    expect(reload).not.toHaveBeenCalled();
    workbox.emit('waiting');
    workbox.emit('controlling');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('asks the browser when the waiting event was missed, and takes the worker when idle', async () => {
    const reload = vi.fn();
    const updater = new AppUpdater(reload, '1.2.3');
    const workbox = new FakeWorkbox();
    updater.attach(workbox, { events: new EventTarget(), hasWaiting: () => Promise.resolve(true) });
    updater.setIdle(true);
    await vi.waitFor(() => expect(workbox.skipWaitingMessages).toBe(1));
    expect(updater.getSnapshot().updateReady).toBe(true);
    workbox.emit('controlling');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('asks the waiting worker again when it has not taken over a few seconds later', () => {
    vi.useFakeTimers();
    const { reload, updater, workbox } = setup();
    updater.setIdle(true);
    workbox.emit('waiting');
    expect(workbox.skipWaitingMessages).toBe(1);
    vi.advanceTimersByTime(SKIP_RETRY_MS);
    expect(workbox.skipWaitingMessages).toBe(2);
    workbox.emit('controlling');
    vi.advanceTimersByTime(SKIP_RETRY_MS * 3);
    expect(workbox.skipWaitingMessages).toBe(2);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does nothing while no update waits', () => {
    const { reload, updater, workbox } = setup();
    updater.setIdle(true);
    updater.setIdle(false);
    updater.setIdle(true);
    expect(workbox.skipWaitingMessages).toBe(0);
    expect(reload).not.toHaveBeenCalled();
    expect(updater.getSnapshot()).toEqual({ updateReady: false, version: '1.2.3' });
  });

  it('notifies subscribers once when an update becomes ready', () => {
    const { updater, workbox } = setup();
    const listener = vi.fn();
    updater.subscribe(listener);
    workbox.emit('waiting');
    workbox.emit('waiting');
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe('looking for a new version', () => {
  it('checks every 15 minutes and on getting back online, offline failures included', async () => {
    vi.useFakeTimers();
    const { workbox, events, detach } = setup();
    workbox.updateFails = true;
    expect(workbox.updates).toBe(0);
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_MS);
    expect(workbox.updates).toBe(1);
    events.dispatchEvent(new Event('online'));
    expect(workbox.updates).toBe(2);
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_MS);
    expect(workbox.updates).toBe(3);

    detach();
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_MS * 2);
    events.dispatchEvent(new Event('online'));
    expect(workbox.updates).toBe(3);
  });
});

describe('useAppUpdate', () => {
  it('reports a waiting update and activates it only when the page says it is idle', () => {
    const { reload, updater, workbox } = setup();
    const { result, rerender, unmount } = renderHook(({ idle }) => useAppUpdate(idle, updater), {
      initialProps: { idle: false },
    });
    expect(result.current).toEqual({ updateReady: false, version: '1.2.3' });

    act(() => workbox.emit('waiting'));
    expect(result.current.updateReady).toBe(true);
    expect(workbox.skipWaitingMessages).toBe(0);

    rerender({ idle: true });
    expect(workbox.skipWaitingMessages).toBe(1);
    rerender({ idle: false });
    act(() => workbox.emit('controlling'));
    expect(reload).not.toHaveBeenCalled();

    rerender({ idle: true });
    expect(reload).toHaveBeenCalledTimes(1);
    unmount();
  });

  it('counts leaving the page as not idle', () => {
    const { reload, updater, workbox } = setup();
    const { unmount } = renderHook(() => useAppUpdate(true, updater));
    unmount();
    act(() => workbox.emit('waiting'));
    act(() => workbox.emit('controlling'));
    expect(workbox.skipWaitingMessages).toBe(0);
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('registerAppUpdates', () => {
  it('is a no-op outside production builds', () => {
    const attach = vi.spyOn(AppUpdater.prototype, 'attach');
    registerAppUpdates();
    expect(attach).not.toHaveBeenCalled();
  });
});
