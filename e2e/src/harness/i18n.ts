// Labels come from the shared catalogues, never from copies in the tests, so a scenario
// follows the wording the app really uses.
import type { Locale } from '@vestibule/shared';
import { resources } from '@vestibule/shared/i18n';

/**
 * The text of `namespace.key.sub` in a locale with its {{placeholders}} filled; throws
 * (no silent fallback to English or to the key) when the key or a parameter is missing.
 */
export function text(locale: Locale, key: string, params: Record<string, string> = {}): string {
  let node: unknown = resources[locale];
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object' || !(part in node)) {
      throw new Error(`Missing catalogue key "${key}" in ${locale}`);
    }
    node = (node as Record<string, unknown>)[part];
  }
  if (typeof node !== 'string') throw new Error(`Catalogue key "${key}" in ${locale} is not a text`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Catalogue key "${key}" needs the parameter "${name}"`);
    return value;
  });
}

/** Matches the whole accessible name exactly, ignoring surrounding white space. */
export function exactly(label: string): RegExp {
  return new RegExp(`^\\s*${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);
}

/** Matches an accessible name that starts with the label (a card: its title, then its hint). */
export function leading(label: string): RegExp {
  return new RegExp(`^\\s*${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s|$)`);
}
