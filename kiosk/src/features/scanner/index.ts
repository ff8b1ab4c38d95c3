// The scanner feature's public entry: what the rest of the app may use of it (lint refuses
// deep imports from outside the feature).
export { LazyQrScanner, preloadQrScanner } from './LazyQrScanner.tsx';
export type { ParsedCode } from './scannedCode.ts';
