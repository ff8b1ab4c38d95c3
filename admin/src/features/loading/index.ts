// The loading feature's public entry: what the rest of the app may use of it (lint refuses
// deep imports from outside the feature).
export { LoadingDialog } from './LoadingDialog.tsx';
export { useLoadingStore } from './loading.store.ts';
export { LoadingWhileMounted } from './LoadingWhileMounted.tsx';
