import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { type Locale, locales } from '@vestibule/shared';
import type { Catalogue, Namespace, Resources } from '@vestibule/shared/i18n';

// The public pages load one language's catalogue, and only the namespaces they use: each
// language is its own chunk (./locale-*.ts), fetched when the page starts or a visitor picks
// it. The service worker precaches every language, so switching works offline too.

/** The namespaces of the public pages (i18n.test.ts checks that the code uses no other). */
export const kioskNamespaces = [
  'publicPages',
  'publicVisit',
  'wizard',
  'scanner',
  'errors',
  'common',
  'evacuation',
] as const satisfies readonly Namespace[];
export type KioskNamespace = (typeof kioskNamespaces)[number];
/** What a ./locale-*.ts module exports. */
export type KioskCatalogue = Pick<Catalogue<Resources>, KioskNamespace>;

const catalogueLoaders: Record<Locale, () => Promise<KioskCatalogue>> = {
  en: () => import('./locale-en.ts').then((module) => module.catalogue),
  fr: () => import('./locale-fr.ts').then((module) => module.catalogue),
  es: () => import('./locale-es.ts').then((module) => module.catalogue),
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/**
 * An i18next backend over the dynamic imports: i18next loads a language (and English, the
 * fallback) before it switches to it, whoever calls changeLanguage.
 */
export const catalogueBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init: () => undefined,
  read(language: string, namespace: string, callback: ReadCallback) {
    if (!isLocale(language)) {
      callback(null, {});
      return;
    }
    catalogueLoaders[language]().then(
      (catalogue) => callback(null, (catalogue as Partial<Record<string, object>>)[namespace] ?? {}),
      (error: unknown) => callback(error instanceof Error ? error : String(error), null),
    );
  },
};

/** Browser storage key of the chosen language, shared with the admin app. */
export const LOCALE_KEY = 'locale';

/** The first of the browser's languages that the product speaks, or null. */
export function browserLocale(languages: readonly string[]): Locale | null {
  for (const language of languages) {
    const code = language.slice(0, 2).toLowerCase();
    if (isLocale(code)) return code;
  }
  return null;
}

/**
 * The language of a page on a visitor's own device: the one they chose earlier (saved), else
 * their browser's when supported, else the building's default, else English.
 */
export function initialLocale(
  saved: string | null,
  browserLanguages: readonly string[],
  buildingDefault?: string | null,
): Locale {
  if (isLocale(saved)) return saved;
  const browser = browserLocale(browserLanguages);
  if (browser) return browser;
  if (isLocale(buildingDefault)) return buildingDefault;
  return 'en';
}

/**
 * The language of a kiosk: the building's default (the lobby's language, chosen by its
 * administrator), else the device's. A visitor's choice on a kiosk is never saved: it lasts
 * until the kiosk returns to its welcome screen.
 */
export function kioskLocale(buildingDefault: string | null | undefined, browserLanguages: readonly string[]): Locale {
  if (isLocale(buildingDefault)) return buildingDefault;
  return browserLocale(browserLanguages) ?? 'en';
}

export function readSavedLocale(): string | null {
  try {
    return localStorage.getItem(LOCALE_KEY);
  } catch {
    return null;
  }
}

/** Saves a language the visitor chose themselves (never an automatic choice). */
export function saveLocale(locale: Locale): void {
  try {
    localStorage.setItem(LOCALE_KEY, locale);
  } catch {
    // Storage can be unavailable (private mode, full): the choice then lasts for this page only.
  }
}

export function currentLocale(): Locale {
  const language = i18next.resolvedLanguage ?? i18next.language;
  return isLocale(language) ? language : 'en';
}

export async function initI18n(): Promise<typeof i18next> {
  const lng = initialLocale(readSavedLocale(), navigator.languages ?? [navigator.language]);
  await i18next
    .use(catalogueBackend)
    .use(initReactI18next)
    .init({
      lng,
      supportedLngs: locales,
      fallbackLng: 'en',
      ns: kioskNamespaces,
      defaultNS: 'publicPages',
      interpolation: { escapeValue: false },
    });
  document.documentElement.lang = lng;
  i18next.on('languageChanged', (language) => {
    document.documentElement.lang = language;
  });
  return i18next;
}
