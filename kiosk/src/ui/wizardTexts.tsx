import { type WizardTexts, WizardTextsContext } from '@vestibule/ui/wizard';
import { type ComponentType, type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isLocale } from '../i18n/i18n.ts';

/** The shared wizard's words on the public pages: the kiosk's `wizard` namespace. */
function KioskWizardTexts({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation('wizard');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const texts = useMemo<WizardTexts>(
    () => ({ t: (key, values) => t(key, values ?? {}), locale: isLocale(language) ? language : 'en' }),
    [t, language],
  );
  return <WizardTextsContext value={texts}>{children}</WizardTextsContext>;
}

/** A shared wizard component as the kiosk's pages use it: with the kiosk's words. */
export function withWizardTexts<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  function WithWizardTexts(props: P) {
    return (
      <KioskWizardTexts>
        <Component {...props} />
      </KioskWizardTexts>
    );
  }
  return WithWizardTexts;
}
