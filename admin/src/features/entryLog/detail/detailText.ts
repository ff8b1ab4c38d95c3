import { checkInFieldKeys } from '@vestibule/shared';
import { useTranslation } from 'react-i18next';

/** The label of a check-in form field by its key (the wizard's words); a key it does not know as it is. */
export function useFormFieldLabel(): (key: string) => string {
  const { t } = useTranslation();
  return (key) => {
    const field = checkInFieldKeys.find((candidate) => candidate === key);
    return field ? t(`wizard.fields.${field}`) : key;
  };
}

/** A measured temperature in the interface's language (36.6, 36,6), or null. */
export function useTemperatureText(): (value: number | null) => string | null {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return (value) =>
    value === null ? null : new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(value);
}
