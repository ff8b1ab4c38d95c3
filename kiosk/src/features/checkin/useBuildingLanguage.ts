import { type Locale } from '@vestibule/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { initialLocale, kioskLocale, readSavedLocale } from '../../i18n/i18n.ts';

/** Defaults applied during this page's life: moving between a kiosk's pages keeps the visitor's choice. */
const applied = new Set<string>();

const browserLanguages = () => (typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]));

/**
 * Once the building is known, its default language applies where no better choice exists:
 * on a visitor's own device after their saved choice and their browser's language; on a kiosk
 * first (the lobby's language). Answers the language a kiosk returns to between visitors.
 */
export function useBuildingLanguage(buildingDefault: string | null, kiosk: boolean): Locale {
  const { i18n } = useTranslation();
  const target = kiosk
    ? kioskLocale(buildingDefault, browserLanguages())
    : initialLocale(readSavedLocale(), browserLanguages(), buildingDefault);
  useEffect(() => {
    const key = `${kiosk}|${buildingDefault}`;
    if (buildingDefault === null || applied.has(key)) return;
    applied.add(key);
    if (i18n.resolvedLanguage !== target) void i18n.changeLanguage(target);
  }, [buildingDefault, kiosk, target, i18n]);
  return target;
}
