import { beforeEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '../../storage/storageKeys.ts';
import { APP_UPDATE_INTERVAL_MS, checkForAppUpdate, isNewerVersion, type AppUpdateEnvironment } from './appUpdate.ts';

const now = Date.UTC(2026, 4, 1, 9, 0, 0);

function environment(serverVersion: () => Promise<string | null>) {
  const env = {
    storage: localStorage,
    now: () => now,
    currentVersion: '1.4.188',
    fetchServerVersion: vi.fn(serverVersion),
    reload: vi.fn<() => void>(),
  };
  return env satisfies AppUpdateEnvironment;
}

beforeEach(() => localStorage.clear());

describe('isNewerVersion', () => {
  it('compares numerically per dot segment', () => {
    expect(isNewerVersion('1.5.188', '1.4.188')).toBe(true);
    expect(isNewerVersion('1.4.1000', '1.4.999')).toBe(true);
    expect(isNewerVersion('1.10.0', '1.9.3')).toBe(true);
    expect(isNewerVersion('1.4.188', '1.4.188')).toBe(false);
    expect(isNewerVersion('1.4.99', '1.4.188')).toBe(false);
  });
});

describe('checkForAppUpdate', () => {
  it('reloads when the deployed version is higher, and plans the next check 120 minutes ahead', async () => {
    const env = environment(async () => '1.5.188');
    await expect(checkForAppUpdate(env)).resolves.toBe('reloaded');
    expect(env.reload).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(storageKeys.checkForAppUpdatesAt)).toBe(String(now + APP_UPDATE_INTERVAL_MS));
    expect(APP_UPDATE_INTERVAL_MS).toBe(120 * 60_000);
  });

  it('keeps the page when the version is the same or lower', async () => {
    const env = environment(async () => '1.4.188');
    await expect(checkForAppUpdate(env)).resolves.toBe('upToDate');
    expect(env.reload).not.toHaveBeenCalled();
  });

  it('does not ask before the next check is due', async () => {
    localStorage.setItem(storageKeys.checkForAppUpdatesAt, String(now + 1000));
    const env = environment(async () => '9.9.9');
    await expect(checkForAppUpdate(env)).resolves.toBe('notDue');
    expect(env.fetchServerVersion).not.toHaveBeenCalled();
  });

  it('ignores a failed fetch and still waits for the next check', async () => {
    const env = environment(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(checkForAppUpdate(env)).resolves.toBe('failed');
    expect(env.reload).not.toHaveBeenCalled();
    expect(localStorage.getItem(storageKeys.checkForAppUpdatesAt)).toBe(String(now + APP_UPDATE_INTERVAL_MS));
  });
});
