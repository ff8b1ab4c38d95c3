// The appUpdate feature's public entry: what the rest of the app may use of it (lint refuses
// deep imports from outside the feature).
export { appVersion } from './appVersion.ts';
export { useAppUpdateCheck } from './useAppUpdateCheck.ts';
