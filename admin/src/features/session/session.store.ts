import { DEFAULT_SESSION_IDLE_MINUTES } from '@vestibule/shared';
import { createStore } from 'zustand/vanilla';
import { readJson, readNumber, removeValue, writeValue } from '../../storage/browserStorage.ts';
import { pendingNoticeKey, storageKeys, tabTenantKey } from '../../storage/storageKeys.ts';
import { useLoadingStore } from '../loading/index.ts';
import { messageFromError, notifications, type NoticeMessage } from '../notifications/index.ts';
import { isRedirectablePath, paths } from '../routing/index.ts';
import { activeKeys, originalKeys, readCredentials, writeCredentials } from './credentials.ts';
import { idleSignOutSlice } from './idleSignOut.ts';
import { impersonationSlice } from './impersonation.ts';
import type { SessionEnvironment, SessionState, SessionStore, SliceContext } from './sessionState.ts';
import { asSelectedTenant } from './sessionUser.ts';
import { signInSlice } from './signIn.ts';
import { tenantSlice } from './tenantSlice.ts';
import { tokenSlice } from './tokenSlice.ts';
import { sessionCalls } from './sessionCalls.ts';

// The signed-in session, composed of its slices: the token and its renewal (tokenSlice.ts),
// signing in (signIn.ts), the company of the tab (tenantSlice.ts), impersonation
// (impersonation.ts) and idle sign-out (idleSignOut.ts). Signing out and starting are here.

export type { Credentials, SessionEnvironment, SessionState, SessionStore } from './sessionState.ts';
export { ACTIVE_RENEWAL_EVERY_MS } from './idleSignOut.ts';
export { TOKEN_RENEWAL_MARGIN_SECONDS, tokenNeedsRenewal } from './tokenSlice.ts';

export const selectSignedIn = (state: SessionState): boolean => state.token !== null && state.user !== null;

/**
 * Whether this tab works as someone an administrator signed in as: from the Users screen (their own
 * session is kept aside) or through a sign-in link they made (docs/roles.md).
 */
export const selectImpersonating = (state: SessionState): boolean =>
  state.original !== null || Boolean(state.user?.impersonatedBy);

/** The administrator behind an impersonation, or null. */
export const selectImpersonator = (state: SessionState): string | null =>
  state.original?.user.username ?? state.user?.impersonatedBy ?? null;

export function createSessionStore(env: SessionEnvironment): SessionStore {
  const active = readCredentials(env.storage, activeKeys);
  const original = active ? readCredentials(env.storage, originalKeys) : null;
  let started: Promise<void> | null = null;

  return createStore<SessionState>()((set, get) => {
    const context: SliceContext = { env, get, set };
    const token = tokenSlice(context);
    const impersonation = impersonationSlice(context, token.accept);

    function showPendingNotice(): void {
      const pending = readJson(env.noticeStorage, pendingNoticeKey);
      removeValue(env.noticeStorage, pendingNoticeKey);
      if (pending !== null && typeof pending === 'object' && 'key' in pending) {
        notifications.showSuccess(pending as NoticeMessage);
      }
    }

    return {
      user: active?.user ?? null,
      token: active?.token ?? null,
      tokenExpiration: active?.tokenExpiration ?? null,
      original,
      tenant: active
        ? (asSelectedTenant(readJson(env.noticeStorage, tabTenantKey)) ??
          asSelectedTenant(readJson(env.storage, storageKeys.tenant)))
        : null,
      tenants: [],
      buildings: [],
      googleConfig: null,
      tenantLoading: false,
      authLoading: false,
      redirectPath: null,
      loggedOut: false,
      idleMinutes: readNumber(env.storage, storageKeys.idleMinutes) ?? DEFAULT_SESSION_IDLE_MINUTES,

      ...token.actions,
      ...signInSlice(context, token.accept),
      ...impersonation.actions,
      ...idleSignOutSlice(context, token.renewedAt),
      ...tenantSlice(context),

      start() {
        started ??= (async () => {
          showPendingNotice();
          if (get().token === null) return;
          await get().checkSession();
          if (get().token === null) return;
          await get().renewTokenIfDue();
          if (get().token !== null) await get().selectTenant();
        })();
        return started;
      },

      logout({ silent = false } = {}) {
        // The session ends on the server too (an impersonation's when it ends); a failure changes nothing here.
        if (get().token !== null) void sessionCalls.logout().catch(() => undefined);
        if (impersonation.endImpersonation()) return;
        writeCredentials(env.storage, activeKeys, null);
        writeValue(env.noticeStorage, tabTenantKey, null);
        set({
          user: null,
          token: null,
          tokenExpiration: null,
          tenants: [],
          buildings: [],
          googleConfig: null,
          authLoading: false,
          redirectPath: null,
          loggedOut: true,
        });
        if (!silent) void env.navigate(paths.login);
      },

      forceLogout(error) {
        if (get().token === null) return;
        useLoadingStore.getState().reset();
        notifications.clearBanners();
        const impersonating = get().original !== null;
        const here = env.currentPath();
        get().logout();
        if (error?.errorCode === 'SESSION_EXPIRED') notifications.showError(messageFromError(error));
        // After signing in again, the user comes back to the page they were on.
        if (!impersonating && isRedirectablePath(here)) set({ redirectPath: here });
      },

      rememberRedirect(path) {
        if (get().loggedOut) return;
        set({ redirectPath: isRedirectablePath(path) ? path : null });
      },
    };
  });
}
