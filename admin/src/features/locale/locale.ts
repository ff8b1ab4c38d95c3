import { defaultLocale, type Locale } from '@vestibule/shared';
import { isLocale } from '@vestibule/shared/i18n/locales';

/**
 * The initial language: the saved one, otherwise the first two
 * letters of the browser language when supported, otherwise English.
 */
export function detectInitialLocale(saved: string | null, browserLanguages: readonly string[]): Locale {
  if (isLocale(saved)) return saved;
  const first = browserLanguages[0]?.slice(0, 2).toLowerCase();
  return isLocale(first) ? first : defaultLocale;
}

/** The browser's languages, most preferred first. */
export function browserLanguages(): string[] {
  if (typeof navigator === 'undefined') return [];
  if (navigator.languages.length > 0) return [...navigator.languages];
  return navigator.language ? [navigator.language] : [];
}
