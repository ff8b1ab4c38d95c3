import type { Locale } from '../constants.ts';
import { locales } from '../constants.ts';

// The supported languages, apart from the catalogues: an app that loads its words in parts
// imports these without pulling every catalogue into its first file.

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/** First supported locale in an Accept-Language header (or a browser language), else en. */
export function pickLocale(header: string | null | undefined): Locale {
  if (!header) return 'en';
  for (const part of header.split(',')) {
    const code = part.trim().slice(0, 2).toLowerCase();
    if (isLocale(code)) return code;
  }
  return 'en';
}
