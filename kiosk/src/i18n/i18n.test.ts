import i18next from 'i18next';
import { locales } from '@vestibule/shared';
import { namespaces, resources } from '@vestibule/shared/i18n';
import { describe, expect, it } from 'vitest';
import { catalogueBackend, initialLocale, kioskLocale, kioskNamespaces } from './i18n.ts';

describe('initial language of the public pages', () => {
  it('prefers the saved language', () => {
    expect(initialLocale('es', ['fr-FR'], 'en')).toBe('es');
  });
  it('falls back to the first supported browser language', () => {
    expect(initialLocale(null, ['de-DE', 'fr-CA'], 'es')).toBe('fr');
  });
  it("falls back to the building's default, else English", () => {
    expect(initialLocale(null, ['de-DE'], 'es')).toBe('es');
    expect(initialLocale('xx', [], null)).toBe('en');
  });
});

describe('language of a kiosk', () => {
  it("uses the building's default first, then the device's language", () => {
    expect(kioskLocale('fr', ['es-ES'])).toBe('fr');
    expect(kioskLocale('xx', ['es-ES'])).toBe('es');
    expect(kioskLocale(null, ['de'])).toBe('en');
  });
});

describe('catalogues loaded per language', () => {
  it('gives each language the shared catalogue of every namespace the public pages use', async () => {
    for (const locale of locales) {
      for (const namespace of kioskNamespaces) {
        const data = await new Promise((resolve, reject) =>
          catalogueBackend.read(locale, namespace, (error, value) => (error ? reject(error) : resolve(value))),
        );
        expect(data).toEqual(resources[locale][namespace]);
      }
    }
  });

  it('loads a language before switching to it', async () => {
    const instance = i18next.createInstance();
    await instance.use(catalogueBackend).init({
      lng: 'fr',
      supportedLngs: locales,
      fallbackLng: 'en',
      ns: kioskNamespaces,
      defaultNS: 'publicPages',
    });
    expect(instance.t('wizard:comments.label')).toBe(resources.fr.wizard.comments.label);
    expect(instance.hasResourceBundle('es', 'wizard')).toBe(false);
    let loadedWhenChanged = false;
    instance.on('languageChanged', () => {
      loadedWhenChanged = kioskNamespaces.every((namespace) => instance.hasResourceBundle('es', namespace));
    });
    await instance.changeLanguage('es');
    expect(loadedWhenChanged).toBe(true);
    expect(instance.resolvedLanguage).toBe('es');
    expect(instance.t('wizard:comments.label')).toBe(resources.es.wizard.comments.label);
  });

  it('covers every namespace the kiosk code names', () => {
    const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
      query: '?raw',
      import: 'default',
      eager: true,
    });
    const used = new Set<string>();
    for (const code of Object.values(sources)) {
      for (const match of code.matchAll(/useTranslation\(\s*['"`](\w+)['"`]/g)) used.add(match[1] as string);
      for (const match of code.matchAll(/['"`](\w+):[\w${]/g))
        if ((namespaces as string[]).includes(match[1] as string)) used.add(match[1] as string);
    }
    expect(used.size).toBeGreaterThan(3);
    expect([...used].filter((namespace) => !(kioskNamespaces as readonly string[]).includes(namespace))).toEqual([]);
  });
});
