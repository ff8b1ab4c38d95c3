import { type Locale, locales } from '@vestibule/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isLocale, saveLocale } from '../i18n/i18n.ts';

/**
 * en, fr, es, each written in its own language. A kiosk never saves the visitor's choice.
 * i18next fetches the chosen language's catalogue (i18n.ts) before the page switches to it.
 */
export function LanguageSwitch({ save }: { save: boolean }) {
  const { t, i18n } = useTranslation('publicPages');
  const id = useId();
  const current = isLocale(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  const change = (locale: Locale) => {
    void i18n.changeLanguage(locale);
    if (save) saveLocale(locale);
  };
  return (
    <div className="language">
      <label htmlFor={id}>{t('language')}</label>
      <select
        id={id}
        value={current}
        onChange={(event) => {
          if (isLocale(event.target.value)) change(event.target.value);
        }}
      >
        {locales.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {t(`common:languages.${locale}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
