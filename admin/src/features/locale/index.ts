// The locale feature's public entry: what the rest of the app may use of it (lint refuses
// deep imports from outside the feature).
export { changeLocale, currentLocale, firstScreenCatalogue, i18n, i18nReady } from './i18n.ts';
export type { MessageKey } from './i18n.ts';
