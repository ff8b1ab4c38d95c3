// The wizard's words come from the app that shows it: the kiosk reads its `wizard` namespace, the
// admin app the `wizard.` keys of its one namespace. Shared code has no i18next of its own, so each
// app gives the wizard a translate function (and its language, for numbers) through this context.
import { createContext, use } from 'react';
import type { wizard } from '@vestibule/shared/i18n/en/wizard';

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** A key of the wizard's catalogue, e.g. `buttons.next`. */
export type WizardTextKey = Leaves<typeof wizard>;

export interface WizardTexts {
  /** The text of a key of the `wizard` catalogue in the interface's language, placeholders filled. */
  t: (key: WizardTextKey, values?: Record<string, string | number>) => string;
  /** The interface's language, for numbers (temperatures). */
  locale: string;
}

export const WizardTextsContext = createContext<WizardTexts | null>(null);

/** The wizard's words; the app wraps the wizard (or a field of it) in WizardTextsContext. */
export function useWizardTexts(): WizardTexts {
  const texts = use(WizardTextsContext);
  if (!texts) throw new Error('The wizard needs its words: wrap it in WizardTextsContext.');
  return texts;
}
