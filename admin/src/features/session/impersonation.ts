import type { LoginResponse } from '@vestibule/shared';
import { writeValue } from '../../storage/browserStorage.ts';
import { pendingNoticeKey } from '../../storage/storageKeys.ts';
import { messageFromError, notifications, type NoticeMessage } from '../notifications/index.ts';
import { homePathFor, paths } from '../routing/index.ts';
import { activeKeys, originalKeys, writeCredentials } from './credentials.ts';
import type { Credentials, SessionState, SliceContext } from './sessionState.ts';
import { sessionCalls } from './sessionCalls.ts';

// An administrator logged in as someone else: their own session is kept aside until logout,
// which returns to it on a fresh page that says so.

export function impersonationSlice({ env, get, set }: SliceContext, accept: (response: LoginResponse) => Credentials) {
  /** Ends an impersonation, if one is running: back to the administrator's own session. */
  function endImpersonation(): boolean {
    const { original: saved, user } = get();
    if (!saved) return false;
    writeCredentials(env.storage, activeKeys, saved);
    writeCredentials(env.storage, originalKeys, null);
    const notice: NoticeMessage = {
      key: 'login.LOGGED_OUT_AS_SUCCESS',
      params: { username: user?.username ?? '' },
    };
    writeValue(env.noticeStorage, pendingNoticeKey, notice);
    set({ user: saved.user, token: saved.token, tokenExpiration: saved.tokenExpiration, original: null });
    env.reloadAt(paths.users);
    return true;
  }

  const actions = {
    async logInAs(username) {
      const { user, token, tokenExpiration, original: saved } = get();
      // An impersonation never chains: the server refuses it (IMPERSONATION_NOT_ALLOWED).
      if (!user || !token || saved !== null || user.impersonatedBy) return false;
      try {
        const response = await sessionCalls.impersonate(username);
        const originalCredentials = { user, token, tokenExpiration };
        writeCredentials(env.storage, originalKeys, originalCredentials);
        set({ original: originalCredentials });
        const { user: impersonated } = accept(response);
        await get().selectTenant();
        await env.navigate(homePathFor(impersonated.role));
        notifications.showSuccess({ key: 'login.LOGGED_IN_AS_SUCCESS', params: { username: impersonated.username } });
        return true;
      } catch (error) {
        notifications.showError(messageFromError(error));
        return false;
      }
    },
  } satisfies Partial<SessionState>;

  return { endImpersonation, actions };
}
