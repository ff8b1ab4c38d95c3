import { type WizardTextKey, type WizardTexts, WizardTextsContext } from '@vestibule/ui/wizard';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './StaffWizard.module.css';

/**
 * The shared check-in wizard in the admin app: its words are the `wizard.` keys of the app's one
 * namespace, its styles this folder's stylesheet (scoped to the wrapper).
 */
export function AdminWizardTexts({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const texts = useMemo<WizardTexts>(
    () => ({
      t: (key: WizardTextKey, values) => t(`wizard.${key}`, values ?? {}),
      locale: language,
    }),
    [t, language],
  );
  return (
    <WizardTextsContext value={texts}>
      <div className={classes.root}>{children}</div>
    </WizardTextsContext>
  );
}
