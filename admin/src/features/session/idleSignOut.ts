import { readNumber, writeValue } from '../../storage/browserStorage.ts';
import { storageKeys } from '../../storage/storageKeys.ts';
import { notifications } from '../notifications/index.ts';
import { paths } from '../routing/index.ts';
import { originalKeys, writeCredentials } from './credentials.ts';
import type { SessionState, SliceContext } from './sessionState.ts';
import { tokenNeedsRenewal } from './tokenSlice.ts';

// Idle sign-out: input in any tab keeps the session; after the server's idle time without any,
// the tab signs out. While the user is active the token is renewed every few minutes.

/** While the user is active, the token is renewed this often, so the server sees the session in use. */
export const ACTIVE_RENEWAL_EVERY_MS = 10 * 60_000;
/** Input is recorded (for every tab) at most this often. */
const ACTIVITY_WRITE_EVERY_MS = 10_000;

export function idleSignOutSlice({ env, get, set }: SliceContext, renewedAt: () => number) {
  let activityWrittenAt = 0;

  function lastActivityAt(): number {
    return Math.max(activityWrittenAt, readNumber(env.storage, storageKeys.lastActivityAt) ?? 0);
  }

  return {
    noteActivity() {
      const now = env.now();
      if (now - activityWrittenAt < ACTIVITY_WRITE_EVERY_MS) return;
      activityWrittenAt = now;
      writeValue(env.storage, storageKeys.lastActivityAt, now);
    },

    async checkSession() {
      const { token, tokenExpiration, idleMinutes } = get();
      if (token === null) return;
      const now = env.now();
      const lastInput = lastActivityAt();
      // A session restored with no input recorded yet starts its idle time now.
      if (lastInput === 0) {
        get().noteActivity();
        return;
      }
      if (now - lastInput >= idleMinutes * 60_000) {
        // Fully signed out, an impersonation included (logout() ends the session on the server).
        writeCredentials(env.storage, originalKeys, null);
        set({ original: null });
        get().logout({ silent: true });
        notifications.showError({ key: 'login.IDLE_SIGNED_OUT', params: { minutes: idleMinutes } });
        await env.navigate(paths.login);
        return;
      }
      const renewed = renewedAt();
      const activeSinceRenewal = lastInput > renewed && now - renewed >= ACTIVE_RENEWAL_EVERY_MS;
      if (tokenNeedsRenewal(tokenExpiration, now) || activeSinceRenewal) await get().renewToken();
    },
  } satisfies Partial<SessionState>;
}
