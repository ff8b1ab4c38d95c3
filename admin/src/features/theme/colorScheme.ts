import { useSyncExternalStore } from 'react';
import { readString, removeValue, writeValue } from '../../storage/browserStorage.ts';
import { storageKeys } from '../../storage/storageKeys.ts';

// The light/dark choice, kept in localStorage as the `dark` flag ('true' or 'false'); without a saved flag
// the operating system's preference applies. It lives outside any UI library so the sign-in page,
// which loads none, draws and switches it like every other page; Mantine follows it (see
// app/colorSchemeManager.ts).

export type ColorScheme = 'light' | 'dark';
/** The saved choice: 'auto' when none is saved. */
export type ColorSchemeChoice = ColorScheme | 'auto';

const listeners = new Set<() => void>();

function storage(): Storage | null {
  return typeof localStorage === 'undefined' ? null : localStorage;
}

function systemPrefersDark(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-color-scheme: dark)').matches
    : false;
}

export function colorSchemeChoice(): ColorSchemeChoice {
  const target = storage();
  const flag = target ? readString(target, storageKeys.dark) : null;
  return flag === 'true' ? 'dark' : flag === 'false' ? 'light' : 'auto';
}

/** The scheme in force: the saved choice, or the system's. */
export function colorScheme(): ColorScheme {
  const choice = colorSchemeChoice();
  if (choice !== 'auto') return choice;
  return systemPrefersDark() ? 'dark' : 'light';
}

/** Marks the page with the scheme in force (the attribute Mantine's styles read too). */
export function applyColorScheme(): void {
  if (typeof document !== 'undefined')
    document.documentElement.setAttribute('data-mantine-color-scheme', colorScheme());
}

function notify(): void {
  applyColorScheme();
  for (const listener of listeners) listener();
}

/** Saves the choice ('auto' forgets it) and redraws every page part that shows it. */
export function setColorSchemeChoice(choice: ColorSchemeChoice): void {
  const target = storage();
  if (target) {
    if (choice === 'auto') removeValue(target, storageKeys.dark);
    else writeValue(target, storageKeys.dark, choice === 'dark' ? 'true' : 'false');
  }
  notify();
}

/**
 * Calls `listener` on every change: this tab's switch, another tab's (the storage event) or the
 * system's preference while no choice is saved.
 */
export function subscribeColorScheme(listener: () => void): () => void {
  if (listeners.size === 0 && typeof window !== 'undefined') {
    window.addEventListener('storage', onStorage);
    if (typeof window.matchMedia === 'function')
      window.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', notify);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && typeof window !== 'undefined') {
      window.removeEventListener('storage', onStorage);
      if (typeof window.matchMedia === 'function')
        window.matchMedia('(prefers-color-scheme: dark)').removeEventListener('change', notify);
    }
  };
}

function onStorage(event: StorageEvent): void {
  if (event.key === storageKeys.dark) notify();
}

/** The scheme in force, redrawn on every change. */
export function useColorScheme(): ColorScheme {
  return useSyncExternalStore(subscribeColorScheme, colorScheme, () => 'light');
}
