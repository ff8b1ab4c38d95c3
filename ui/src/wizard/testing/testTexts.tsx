// The wizard's words in tests: the real catalogues (@vestibule/shared/i18n) in the language a
// test chooses, placeholders filled and English for a key a language lacks, as the apps'
// i18next gives them. No i18next here: the apps bring their own, the wizard only reads
// WizardTextsContext.
import type { ComponentType } from 'react';
import type { Locale } from '@vestibule/shared';
import { resources } from '@vestibule/shared/i18n';
import { type WizardTexts, WizardTextsContext } from '../wizardTexts.tsx';

/** A catalogue's texts by dotted key (`buttons.next`). */
function flatten(node: object, prefix = '', into = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(node)) {
    if (typeof value === 'string') into.set(`${prefix}${key}`, value);
    else if (typeof value === 'object' && value !== null) flatten(value, `${prefix}${key}.`, into);
  }
  return into;
}

const english = flatten(resources.en.wizard);

function textsIn(locale: Locale): WizardTexts {
  const own = flatten(resources[locale].wizard);
  return {
    locale,
    t: (key, values = {}) =>
      (own.get(key) ?? english.get(key) ?? key).replace(/\{\{\s*(\w+)\s*\}\}/g, (placeholder, name: string) =>
        String(values[name] ?? placeholder),
      ),
  };
}

/** One texts object per language, so a re-render keeps the same context value. */
const textsByLocale: Record<Locale, WizardTexts> = { en: textsIn('en'), fr: textsIn('fr'), es: textsIn('es') };

let testLocale: Locale = 'en';

/** The language of the wizards rendered from now on (English until a test chooses another). */
export function setTestLocale(locale: Locale): void {
  testLocale = locale;
}

/** A wizard component with its words, in the language set by setTestLocale. */
export function withTestTexts<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  function WithTestTexts(props: P) {
    return (
      <WizardTextsContext value={textsByLocale[testLocale]}>
        <Component {...props} />
      </WizardTextsContext>
    );
  }
  return WithTestTexts;
}
