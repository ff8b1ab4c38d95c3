import type { MantineColorSchemeManager } from '@mantine/core';
import { colorSchemeChoice, setColorSchemeChoice, subscribeColorScheme } from '../features/theme/index.ts';

/**
 * Mantine's colour scheme, kept by the theme feature (the stored `dark` flag): Mantine reads and
 * writes the same choice and follows every change made by the app's switch or by another tab.
 */
export function themeColorSchemeManager(): MantineColorSchemeManager {
  let unsubscribe: (() => void) | null = null;
  return {
    get: (defaultValue) => {
      const choice = colorSchemeChoice();
      return choice === 'auto' ? defaultValue : choice;
    },
    set: (value) => {
      if (value !== colorSchemeChoice()) setColorSchemeChoice(value);
    },
    subscribe: (onUpdate) => {
      unsubscribe?.();
      unsubscribe = subscribeColorScheme(() => onUpdate(colorSchemeChoice()));
    },
    unsubscribe: () => {
      unsubscribe?.();
      unsubscribe = null;
    },
    clear: () => setColorSchemeChoice('auto'),
  };
}
