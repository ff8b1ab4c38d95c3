import { type Locale, locales } from '@vestibule/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLocale } from '../i18n/i18n.ts';
import { accessibilityOptions, toggleAccessibility, useAccessibility } from './accessibility.ts';
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

/**
 * The accessibility choices, each a switch that says its state (docs/kiosk.md, "Accessibility").
 * It opens with the focus on its heading and closes with Escape or Close, the focus back on the
 * bar's button.
 */
export function KioskAccessibilityPanel({ open, onOpenChange, panelId }: AccessibilityMenuProps & { panelId: string }) {
  const { t } = useTranslation('publicPages');
  const choice = useAccessibility();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [wasOpen, setWasOpen] = useState(open);
  useEffect(() => {
    if (open) heading.current?.focus();
    else if (wasOpen) document.querySelector<HTMLElement>(`[aria-controls="${panelId}"]`)?.focus();
  }, [open, wasOpen, panelId]);
  if (wasOpen !== open) setWasOpen(open);
  return (
    <section
      id={panelId}
      className="kiosk-accessibility"
      aria-labelledby={headingId}
      hidden={!open}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onOpenChange(false);
      }}
    >
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        {t('accessibility.title')}
      </h2>
      <p>{t('accessibility.intro')}</p>
      <ul className="kiosk-accessibility-options">
        {accessibilityOptions.map((option) => (
          <li key={option}>
            <button
              type="button"
              className="kiosk-accessibility-option"
              aria-pressed={choice[option]}
              onClick={() => toggleAccessibility(option)}
            >
              <span className="kiosk-switch" aria-hidden="true" />
              <span className="kiosk-accessibility-text">
                <span className="kiosk-accessibility-name">{t(`accessibility.${option}`)}</span>
                <span className="kiosk-accessibility-hint">{t(`accessibility.${option}Hint`)}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="button primary" onClick={() => onOpenChange(false)}>
        <KioskIcon name="close" />
        {t('accessibility.close')}
      </button>
    </section>
  );
}
