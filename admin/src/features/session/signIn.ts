import type { LoginResponse } from '@vestibule/shared';
import { ApiError } from '@vestibule/shared/api';
import { messageFromError, notifications } from '../notifications/index.ts';
import { homePathFor, isRedirectablePath, paths } from '../routing/index.ts';
import { originalKeys, writeCredentials } from './credentials.ts';
import type { Credentials, SessionState, SliceContext } from './sessionState.ts';
import { sessionCalls } from './sessionCalls.ts';

// Signing in, with a password or a single sign-on token: the answer stored, the company chosen,
// the user's language applied, then on to where they were going (or their home page).

export function signInSlice({ env, get, set }: SliceContext, accept: (response: LoginResponse) => Credentials) {
  // A one-time token is sent once per store, however often the SSO page is mounted (it is mounted
  // again when the frame changes from the visitors' to the signed-in one).
  const ssoAttempts = new Map<string, Promise<boolean>>();

  async function completeSignIn(response: LoginResponse): Promise<void> {
    const { user } = accept(response);
    await Promise.all([get().selectTenant(), env.applyLanguage?.(user.userLocale)]);
    const redirect = get().redirectPath;
    set({ redirectPath: null, loggedOut: false });
    await env.navigate(isRedirectablePath(redirect) ? redirect : homePathFor(user.role));
  }

  /**
   * A sign-in link an administrator made for someone else opens an impersonation: when this
   * browser holds that administrator's own session, it is kept aside as the way back, as when they
   * sign in as someone from the Users screen; any other session kept aside is dropped.
   */
  function keepWayBack(response: LoginResponse): void {
    const { user, token, tokenExpiration, original } = get();
    const own = original ?? (user && token ? { user, token, tokenExpiration } : null);
    const wayBack = response.impersonatedBy && own?.user.username === response.impersonatedBy ? own : null;
    writeCredentials(env.storage, originalKeys, wayBack);
    set({ original: wayBack });
  }

  async function exchangeSsoToken(token: string): Promise<boolean> {
    set({ authLoading: true });
    try {
      const response = await sessionCalls.loginWithSsoToken(token);
      keepWayBack(response);
      await completeSignIn(response);
      return true;
    } catch (error) {
      await env.navigate(paths.login);
      // An unknown token (404) just leads to the login page; other failures say why.
      if (!(error instanceof ApiError && error.status === 404)) notifications.showError(messageFromError(error));
      return false;
    } finally {
      set({ authLoading: false });
    }
  }

  return {
    async login(credentials) {
      set({ authLoading: true });
      notifications.clearBanners();
      try {
        const response = await sessionCalls.login(credentials);
        await completeSignIn(response);
        return true;
      } catch (error) {
        notifications.showError(messageFromError(error));
        return false;
      } finally {
        set({ authLoading: false });
      }
    },

    loginWithSso(token) {
      const earlier = ssoAttempts.get(token);
      if (earlier) return earlier;
      const attempt = exchangeSsoToken(token);
      ssoAttempts.set(token, attempt);
      return attempt;
    },
  } satisfies Partial<SessionState>;
}
