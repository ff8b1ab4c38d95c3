// Message catalogues, one namespace per area. The English catalogue defines the keys;
// French and Spanish must have exactly the same shape (checked by the type below and by
// i18n.test.ts), so a missing translation fails the typecheck and the tests.
import type { Locale } from '../constants.ts';
import { en } from './en/index.ts';
import { es } from './es/index.ts';
import { fr } from './fr/index.ts';

export { isLocale, pickLocale } from './locales.ts';

export type Catalogue<T> = { [K in keyof T]: T[K] extends string ? string : Catalogue<T[K]> };
export type Resources = typeof en;
export type Namespace = keyof Resources;

export const resources: Record<Locale, Catalogue<Resources>> = { en, fr, es };
export const namespaces = Object.keys(en) as Namespace[];

/** Looks up `ns.key.sub` in a locale and fills {{placeholders}}; falls back to English. */
export function translate(locale: Locale, key: string, params?: Record<string, string | number>): string {
  const find = (catalogue: unknown): string | undefined => {
    let node: unknown = catalogue;
    for (const part of key.split('.')) {
      if (node === null || typeof node !== 'object') return undefined;
      node = (node as Record<string, unknown>)[part];
    }
    return typeof node === 'string' ? node : undefined;
  };
  const template = find(resources[locale]) ?? find(resources.en) ?? key;
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params?.[name] ?? ''));
}
