import { locales, type Locale } from '@vestibule/shared';
import type { Catalogue, Resources } from '@vestibule/shared/i18n';
import { isLocale } from '@vestibule/shared/i18n/locales';
import { forgotPassword, passwordRules, resetPassword, verify } from '@vestibule/shared/i18n/en/account';
import { common } from '@vestibule/shared/i18n/en/common';
import { errors } from '@vestibule/shared/i18n/en/errors';
import { login } from '@vestibule/shared/i18n/en/login';
import { pages } from '@vestibule/shared/i18n/en/pages';
import { shell } from '@vestibule/shared/i18n/en/shell';
import i18next, { type BackendModule, type i18n as I18n, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readString, writeValue } from '../../storage/browserStorage.ts';
import { storageKeys } from '../../storage/storageKeys.ts';
import { browserLanguages, detectInitialLocale } from './locale.ts';

// One namespace holding the whole catalogue, so that a key names its part of the catalogue first:
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

/**
 * The English of the sign-in page, the plain account pages, the frame and the loading screens: the
 * app's first file carries only these. The screens' words come with the Mantine frame
 * (app/screenCatalogue.ts); the kiosk's are never loaded here.
 */
export const firstScreenCatalogue = {
  common,
  errors,
  shell,
  login,
  pages,
  forgotPassword,
  resetPassword,
  verify,
  passwordRules,
};

// English (the fallback) comes with the app; French and Spanish are files of their own, fetched
// when a user's language is one of them, so the sign-in page carries one catalogue, not three.
const otherCatalogues: Record<Exclude<Locale, 'en'>, () => Promise<Catalogue<Resources>>> = {
  fr: () => import('@vestibule/shared/i18n/fr').then((module) => module.fr),
  es: () => import('@vestibule/shared/i18n/es').then((module) => module.es),
};

/** i18next loads a language through this before it switches to it, whoever calls changeLanguage. */
const catalogueBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language: string, _namespace: string, callback: ReadCallback) {
    if (!isLocale(language) || language === 'en') {
      callback(null, language === 'en' ? firstScreenCatalogue : {});
      return;
    }
    otherCatalogues[language]().then(
      (catalogue) => callback(null, catalogue),
      (error: unknown) => callback(error instanceof Error ? error : String(error), null),
    );
  },
};

function createI18n(initial: Locale): { instance: I18n; ready: Promise<unknown> } {
  const instance = i18next.createInstance();
  const ready = instance
    .use(catalogueBackend)
    .use(initReactI18next)
    .init({
      resources: { en: { translation: firstScreenCatalogue } },
      partialBundledLanguages: true,
      lng: initial,
      fallbackLng: 'en',
      supportedLngs: [...locales],
      defaultNS: 'translation',
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  instance.on('languageChanged', (language) => applyDocumentLanguage(language));
  applyDocumentLanguage(initial);
  return { instance, ready };
}

function applyDocumentLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

const storage = browserStorage();
const created = createI18n(
  detectInitialLocale(storage ? readString(storage, storageKeys.locale) : null, browserLanguages()),
);
export const i18n = created.instance;
/** Settles once the user's language is loaded: the app renders after it (no English flash). */
export const i18nReady = created.ready;

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
