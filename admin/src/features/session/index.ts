// The session feature's public entry: what the rest of the app may use of it (lint refuses
// deep imports from outside the feature).
export { createSessionStore, selectImpersonating, selectImpersonator, selectSignedIn } from './session.store.ts';
export type { SessionEnvironment, SessionStore } from './session.store.ts';
export { SessionStoreContext, useSession, useSessionStore } from './useSession.ts';
export { useTokenRenewal } from './useTokenRenewal.ts';
