import type { MantineColorScheme, MantineColorSchemeManager } from '@mantine/core';
import { readString, removeValue, writeValue } from '../storage/browserStorage.ts';
import { storageKeys } from '../storage/storageKeys.ts';

/**
 * Mantine's colour scheme kept as the spec's `dark` flag ('true' or 'false'); without a
 * saved flag the operating system's preference applies.
 */
export function darkFlagColorSchemeManager(storage: Storage = window.localStorage): MantineColorSchemeManager {
  let listener: ((event: StorageEvent) => void) | null = null;
  const toScheme = (value: string | null): MantineColorScheme | null =>
    value === 'true' ? 'dark' : value === 'false' ? 'light' : null;

  return {
    get: (defaultValue) => toScheme(readString(storage, storageKeys.dark)) ?? defaultValue,
    set: (value) => {
      if (value === 'auto') removeValue(storage, storageKeys.dark);
      else writeValue(storage, storageKeys.dark, value === 'dark' ? 'true' : 'false');
    },
    subscribe: (onUpdate) => {
      // Another tab switched the theme.
      listener = (event) => {
        if (event.storageArea === storage && event.key === storageKeys.dark)
          onUpdate(toScheme(event.newValue) ?? 'auto');
      };
      window.addEventListener('storage', listener);
    },
    unsubscribe: () => {
      if (listener) window.removeEventListener('storage', listener);
      listener = null;
    },
    clear: () => removeValue(storage, storageKeys.dark),
  };
}
