// The theme feature's public entry: what the rest of the app may use of it (lint refuses
// deep imports from outside the feature).
export {
  applyColorScheme,
  colorSchemeChoice,
  setColorSchemeChoice,
  subscribeColorScheme,
  useColorScheme,
} from './colorScheme.ts';
export type { ColorScheme, ColorSchemeChoice } from './colorScheme.ts';
