import { type Locale, locales } from '@vestibule/shared';
import { useTranslation } from 'react-i18next';
import { isLocale } from '../i18n/i18n.ts';
import { KioskIcon, LanguageFlag } from './icons.tsx';

/**
 * A kiosk's languages as buttons, each its flag and its name in its own language: a visitor
 * finds their own without reading the current one. Never saved: the next person starts in the
 * kiosk's language.
 */
export function KioskLanguages() {
  const { t, i18n } = useTranslation('publicPages');
  const current = isLocale(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  return (
    <div className="kiosk-languages" role="group" aria-label={t('language')}>
      {locales.map((locale: Locale) => (
        <button
          key={locale}
          type="button"
          className="kiosk-language"
          aria-pressed={locale === current}
          onClick={() => void i18n.changeLanguage(locale)}
        >
          <LanguageFlag locale={locale} />
          <span lang={locale}>{t(`common:languages.${locale}`)}</span>
        </button>
      ))}
    </div>
  );
}

interface AccessibilityMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The bar's accessibility button: opens the panel (KioskAccessibilityPanel) under the bar. */
export function AccessibilityButton({ open, onOpenChange, panelId }: AccessibilityMenuProps & { panelId: string }) {
  const { t } = useTranslation('publicPages');
  return (
    <button
      type="button"
      id={`${panelId}-button`}
      className="kiosk-accessibility-button"
      aria-expanded={open}
      aria-controls={panelId}
      onClick={() => onOpenChange(!open)}
    >
      <KioskIcon name="accessibility" />
      <span>{t('accessibility.open')}</span>
    </button>
  );
}
