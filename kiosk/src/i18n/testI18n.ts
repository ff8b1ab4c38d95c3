import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale } from '@vestibule/shared';
import { resources } from '@vestibule/shared/i18n';

/** i18next with the real catalogues, for component tests. */
export async function initTestI18n(lng: Locale = 'en'): Promise<void> {
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({
      resources,
      lng,
      fallbackLng: 'en',
      defaultNS: 'publicPages',
      interpolation: { escapeValue: false },
    });
  } else {
    await i18next.changeLanguage(lng);
  }
}
