import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { accessibilityOptions, toggleAccessibility, useAccessibility } from './accessibility.ts';
import { KioskIcon } from './icons.tsx';

/**
 * The accessibility choices, each a switch that says its state (docs/kiosk.md, "Accessibility").
 * It opens with the focus on its heading and closes with Escape or Close (the page frame then puts
 * the focus back on the bar's button). Loaded when first opened: the first screen does without it.
 */
export function KioskAccessibilityPanel(props: { onOpenChange: (open: boolean) => void; panelId: string }) {
  const { onOpenChange, panelId } = props;
  const { t } = useTranslation('publicPages');
  const choice = useAccessibility();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <section
      id={panelId}
      className="kiosk-accessibility"
      aria-labelledby={headingId}
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
