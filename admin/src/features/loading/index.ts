// The loading feature's public entry: what the rest of the app may use of it (lint refuses
// deep imports from outside the feature). Plain modules only: the sign-in page imports this entry,
// and the dialog that shows the state is the signed-in shell's (features/shell/LoadingDialog.tsx).
export { useLoadingStore } from './loading.store.ts';
export { LoadingWhileMounted } from './LoadingWhileMounted.tsx';
export { useDelayedFlag } from './useDelayedFlag.ts';
