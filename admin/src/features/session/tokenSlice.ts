import type { LoginResponse } from '@vestibule/shared';
import { writeValue } from '../../storage/browserStorage.ts';
import { storageKeys } from '../../storage/storageKeys.ts';
import { activeKeys, writeCredentials } from './credentials.ts';
import type { Credentials, SessionState, SliceContext } from './sessionState.ts';
import { toSessionUser, type SessionUser } from './sessionUser.ts';
import { sessionCalls } from './sessionCalls.ts';

// The token and its renewal: a sign-in's answer stored, GET /token when the token is due.

/** A token this close to its expiry (or past it) is renewed with GET /token. */
export const TOKEN_RENEWAL_MARGIN_SECONDS = 5 * 60;

export function tokenNeedsRenewal(
  expirationSeconds: number | null,
  nowMs: number,
  marginSeconds = TOKEN_RENEWAL_MARGIN_SECONDS,
): boolean {
  return expirationSeconds === null || expirationSeconds * 1000 - nowMs <= marginSeconds * 1000;
}

export function tokenSlice({ env, get, set }: SliceContext) {
  let renewing: Promise<void> | null = null;
  /** When the token was last handed out (sign-in or renewal). */
  let renewedAt = env.now();

  /** Stores a sign-in's (or renewal's) answer as the active session. */
  function accept(response: LoginResponse): Credentials {
    const user = toSessionUser(response.user);
    const credentials: Credentials = {
      user: response.impersonatedBy ? { ...user, impersonatedBy: response.impersonatedBy } : user,
      token: response.token,
      tokenExpiration: response.tokenExpiration,
    };
    writeCredentials(env.storage, activeKeys, credentials);
    const idleMinutes = response.idleMinutes ?? get().idleMinutes;
    writeValue(env.storage, storageKeys.idleMinutes, idleMinutes);
    renewedAt = env.now();
    set({
      user: credentials.user,
      token: credentials.token,
      tokenExpiration: credentials.tokenExpiration,
      idleMinutes,
    });
    return credentials;
  }

  const actions = {
    adoptSession(response) {
      accept(response);
    },

    updateUser(changes) {
      const { user } = get();
      if (!user) return;
      const updated: SessionUser = { ...user, ...changes };
      writeValue(env.storage, activeKeys.user, updated);
      set({ user: updated });
    },

    renewToken() {
      renewing ??= (async () => {
        try {
          const response = await sessionCalls.renewToken();
          if (get().token !== null) accept(response);
        } catch {
          // A 401 or 403 has already logged out through the API; a network fault keeps
          // the session and the next check tries again.
        } finally {
          renewing = null;
        }
      })();
      return renewing;
    },

    async renewTokenIfDue() {
      const { token, tokenExpiration } = get();
      if (token !== null && tokenNeedsRenewal(tokenExpiration, env.now())) await get().renewToken();
    },
  } satisfies Partial<SessionState>;

  return { accept, renewedAt: () => renewedAt, actions };
}
