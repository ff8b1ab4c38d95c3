// The shell feature's public entry: what the rest of the app may use of it (lint refuses
// deep imports from outside the feature).
export { AppLayout } from './AppLayout.tsx';
export { TenantSelectorDialog } from './TenantSelectorDialog.tsx';
