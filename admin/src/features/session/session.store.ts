import {
  DEFAULT_SESSION_IDLE_MINUTES,
  maySelectTenant,
  type LoginRequest,
  type LoginResponse,
  type Locale,
  type SelectTenantResponse,
} from '@vestibule/shared';
import { ApiError } from '@vestibule/shared/api';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { readJson, readNumber, readString, removeValue, writeValue } from '../../storage/browserStorage.ts';
import { pendingNoticeKey, storageKeys, tabTenantKey } from '../../storage/storageKeys.ts';
import { useLoadingStore } from '../loading/index.ts';
import { messageFromError, notifications, type NoticeMessage } from '../notifications/index.ts';
import { homePathFor, isRedirectablePath, paths } from '../routing/index.ts';
import type { SessionApi } from './sessionApi.ts';
import {
  asSelectedTenant,
  asSessionUser,
  toSessionUser,
  type SelectedTenant,
  type SessionUser,
} from './sessionUser.ts';

/** A token this close to its expiry (or past it) is renewed with GET /token. */
export const TOKEN_RENEWAL_MARGIN_SECONDS = 5 * 60;

/** While the user is active, the token is renewed this often, so the server sees the session in use. */
export const ACTIVE_RENEWAL_EVERY_MS = 10 * 60_000;
/** Input is recorded (for every tab) at most this often. */
const ACTIVITY_WRITE_EVERY_MS = 10_000;

export function tokenNeedsRenewal(
  expirationSeconds: number | null,
  nowMs: number,
  marginSeconds = TOKEN_RENEWAL_MARGIN_SECONDS,
): boolean {
  return expirationSeconds === null || expirationSeconds * 1000 - nowMs <= marginSeconds * 1000;
}

/** What the session needs from the outside world; tests pass their own. */
export interface SessionEnvironment {
  api: SessionApi;
  /** localStorage: the keys of application.md section 3. */
  storage: Storage;
  /** sessionStorage: a message that must survive a reload. */
  noticeStorage: Storage;
  now: () => number;
  navigate: (path: string) => Promise<void> | void;
  /** Loads the path as a fresh page (end of impersonation). */
  reloadAt: (path: string) => void;
  currentPath: () => string;
  /** Switches the interface to the language a user saved in their profile (at sign-in). */
  applyLanguage?: (locale: Locale) => Promise<void>;
}

export interface Credentials {
  user: SessionUser;
  token: string;
  /** Seconds since the epoch. */
  tokenExpiration: number | null;
}

export interface SessionState {
  user: SessionUser | null;
  token: string | null;
  tokenExpiration: number | null;
  /** The administrator's own session while they are logged in as someone else. */
  original: Credentials | null;
  tenant: SelectedTenant | null;
  tenants: SelectTenantResponse['tenants'];
  buildings: SelectTenantResponse['buildings'];
  googleConfig: SelectTenantResponse['googleConfig'];
  tenantLoading: boolean;
  /** Set during login and single sign-on attempts. */
  authLoading: boolean;
  /** Where a visitor was going when they were sent to log in. */
  redirectPath: string | null;
  /** The user logged out in this page: the page they leave is not a place to come back to. */
  loggedOut: boolean;
  /** Minutes without input after which the tab signs out (told by the server at sign-in). */
  idleMinutes: number;

  /** Restores what the stored session needs: token renewal when due, tenant selection. */
  start: () => Promise<void>;
  login: (credentials: LoginRequest) => Promise<boolean>;
  loginWithSso: (token: string) => Promise<boolean>;
  /** Administrators only: continue as another user until logout. */
  logInAs: (username: string) => Promise<boolean>;
  /**
   * Goes on with a new session the server handed out (a password change ends the old one and
   * answers the new token): stored as a sign-in stores it, without leaving the page.
   */
  adoptSession: (response: LoginResponse) => void;
  /** The signed-in user's own changes (their profile), kept and followed by the whole app at once. */
  updateUser: (changes: Partial<Omit<SessionUser, 'username' | 'role'>>) => void;
  renewToken: () => Promise<void>;
  renewTokenIfDue: () => Promise<void>;
  /** Input in this tab (pointer, keys): the session is in use. */
  noteActivity: () => void;
  /**
   * The periodic check: signs out after the idle time without input (in any tab), renews the
   * token when it is due or, while the user is active, every few minutes; never otherwise.
   */
  checkSession: () => Promise<void>;
  /** Admin and tech may pass a tenant id; the others always get their own tenant. */
  selectTenant: (tenantId?: string) => Promise<void>;
  logout: (options?: { silent?: boolean }) => void;
  /** A 401 or 403 on a call: loading off, banners cleared, logout (saying why when the session ended). */
  forceLogout: (error?: ApiError) => void;
  rememberRedirect: (path: string) => void;
}

export type SessionStore = StoreApi<SessionState>;

export const selectSignedIn = (state: SessionState): boolean => state.token !== null && state.user !== null;

interface CredentialKeys {
  user: string;
  token: string;
  expiration: string;
}

function readCredentials(storage: Storage, keys: CredentialKeys): Credentials | null {
  const user = asSessionUser(readJson(storage, keys.user));
  const token = readString(storage, keys.token);
  if (!user || !token) return null;
  return { user, token, tokenExpiration: readNumber(storage, keys.expiration) };
}

const activeKeys: CredentialKeys = {
  user: storageKeys.user,
  token: storageKeys.token,
  expiration: storageKeys.tokenExpiration,
};
const originalKeys: CredentialKeys = {
  user: storageKeys.originalUser,
  token: storageKeys.originalToken,
  expiration: storageKeys.originalTokenExpiration,
};

function writeCredentials(storage: Storage, keys: CredentialKeys, credentials: Credentials | null): void {
  writeValue(storage, keys.user, credentials?.user ?? null);
  writeValue(storage, keys.token, credentials?.token ?? null);
  writeValue(storage, keys.expiration, credentials?.tokenExpiration ?? null);
}

function isAuthFailure(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 403);
}

export function createSessionStore(env: SessionEnvironment): SessionStore {
  const active = readCredentials(env.storage, activeKeys);
  const original = active ? readCredentials(env.storage, originalKeys) : null;
  let started: Promise<void> | null = null;
  let renewing: Promise<void> | null = null;
  let renewedAt = env.now();
  let activityWrittenAt = 0;
  // A one-time token is sent once per store, however often the SSO page is mounted (it is mounted
  // again when the frame changes from the visitors' to the signed-in one).
  const ssoAttempts = new Map<string, Promise<boolean>>();

  return createStore<SessionState>()((set, get) => {
    function accept(response: LoginResponse): Credentials {
      const credentials: Credentials = {
        user: toSessionUser(response.user),
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

    function lastActivityAt(): number {
      return Math.max(activityWrittenAt, readNumber(env.storage, storageKeys.lastActivityAt) ?? 0);
    }

    /** The tab's company: its own choice (sessionStorage), else the last one made in any tab. */
    function rememberTenant(tenant: SelectedTenant | null): void {
      writeValue(env.noticeStorage, tabTenantKey, tenant);
      writeValue(env.storage, storageKeys.tenant, tenant);
    }

    async function completeSignIn(response: LoginResponse): Promise<void> {
      const { user } = accept(response);
      await Promise.all([get().selectTenant(), env.applyLanguage?.(user.userLocale)]);
      const redirect = get().redirectPath;
      set({ redirectPath: null, loggedOut: false });
      await env.navigate(isRedirectablePath(redirect) ? redirect : homePathFor(user.role));
    }

    async function exchangeSsoToken(token: string): Promise<boolean> {
      set({ authLoading: true });
      try {
        const response = await env.api.loginWithSsoToken(token);
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

      async login(credentials) {
        set({ authLoading: true });
        notifications.clearBanners();
        try {
          const response = await env.api.login(credentials);
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

      async logInAs(username) {
        const { user, token, tokenExpiration, original: saved } = get();
        if (!user || !token) return false;
        try {
          const response = await env.api.impersonate(username);
          // Logging in as someone else twice still returns to the administrator at the end.
          const originalCredentials = saved ?? { user, token, tokenExpiration };
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
            const response = await env.api.renewToken();
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
        const activeSinceRenewal = lastInput > renewedAt && now - renewedAt >= ACTIVE_RENEWAL_EVERY_MS;
        if (tokenNeedsRenewal(tokenExpiration, now) || activeSinceRenewal) await get().renewToken();
      },

      async selectTenant(tenantId) {
        const { user, tenant } = get();
        if (!user) return;
        const chosen = maySelectTenant(user.role) ? (tenantId ?? tenant?.id ?? null) : null;
        set({ tenantLoading: true });
        try {
          let response: SelectTenantResponse;
          try {
            response = await env.api.selectTenant(chosen);
          } catch (error) {
            // A remembered tenant that no longer exists: fall back to the default one.
            const stale = tenantId === undefined && chosen !== null && error instanceof ApiError;
            if (!stale || (error.status !== 404 && error.status !== 400)) throw error;
            response = await env.api.selectTenant(null);
          }
          if (get().user === null) return;
          rememberTenant(response.tenant);
          set({
            tenant: response.tenant,
            tenants: response.tenants,
            buildings: response.buildings,
            googleConfig: response.googleConfig,
          });
        } catch (error) {
          if (!isAuthFailure(error)) notifications.showError(messageFromError(error));
        } finally {
          set({ tenantLoading: false });
        }
      },

      logout({ silent = false } = {}) {
        const { original: saved, user, token } = get();
        // The session ends on the server too (an impersonation's when it ends); a failure changes nothing here.
        if (token !== null) void env.api.logout().catch(() => undefined);
        if (saved) {
          writeCredentials(env.storage, activeKeys, saved);
          writeCredentials(env.storage, originalKeys, null);
          const notice: NoticeMessage = {
            key: 'login.LOGGED_OUT_AS_SUCCESS',
            params: { username: user?.username ?? '' },
          };
          writeValue(env.noticeStorage, pendingNoticeKey, notice);
          set({ user: saved.user, token: saved.token, tokenExpiration: saved.tokenExpiration, original: null });
          env.reloadAt(paths.users);
          return;
        }
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
