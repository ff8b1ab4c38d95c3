import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { type Locale, locales } from '@vestibule/shared';
import { pickLocale, resources } from '@vestibule/shared/i18n';

const LOCALE_KEY = 'locale';

/** Saved language, else the browser's if supported, else English (application.md section 1). */
export function initialLocale(saved: string | null, browserLanguage: string | undefined): Locale {
  if (saved && (locales as readonly string[]).includes(saved)) return saved as Locale;
  return pickLocale(browserLanguage);
}

export async function initI18n(): Promise<typeof i18next> {
  const lng = initialLocale(localStorage.getItem(LOCALE_KEY), navigator.language);
  await i18next.use(initReactI18next).init({
    resources,
    lng,
    fallbackLng: 'en',
    defaultNS: 'publicPages',
    interpolation: { escapeValue: false },
  });
  document.documentElement.lang = lng;
  i18next.on('languageChanged', (language) => {
    localStorage.setItem(LOCALE_KEY, language);
    document.documentElement.lang = language;
  });
  return i18next;
}
