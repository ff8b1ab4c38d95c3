import { locales, type Locale } from '@vestibule/shared';
import { isLocale, resources, type Resources } from '@vestibule/shared/i18n';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readString, writeValue } from '../../storage/browserStorage.ts';
import { storageKeys } from '../../storage/storageKeys.ts';
import { browserLanguages, detectInitialLocale } from './locale.ts';

// One namespace holding the whole catalogue, so that keys read like the spec's:
// `login.LOGGED_IN_AS_SUCCESS`, `errors.WRONG_PASSWORD`.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Resources };
  }
}

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** Every message key of the catalogue, e.g. `shell.menu.admin`. */
export type MessageKey = Leaves<Resources>;

function browserStorage(): Storage | null {
  return typeof localStorage === 'undefined' ? null : localStorage;
}

function createI18n(initial: Locale): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: Object.fromEntries(locales.map((locale) => [locale, { translation: resources[locale] }])),
    lng: initial,
    fallbackLng: 'en',
    supportedLngs: [...locales],
    defaultNS: 'translation',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  instance.on('languageChanged', (language) => applyDocumentLanguage(language));
  applyDocumentLanguage(initial);
  return instance;
}

function applyDocumentLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

const storage = browserStorage();
export const i18n = createI18n(
  detectInitialLocale(storage ? readString(storage, storageKeys.locale) : null, browserLanguages()),
);

/** The language of the interface, sent as Accept-Language on every call. */
export function currentLocale(): Locale {
  const language = i18n.resolvedLanguage ?? i18n.language;
  return isLocale(language) ? language : 'en';
}

/** Switches the interface language and remembers it under the `locale` key. */
export async function changeLocale(locale: Locale): Promise<void> {
  const target = browserStorage();
  if (target) writeValue(target, storageKeys.locale, locale);
  await i18n.changeLanguage(locale);
}
