import type { LoginRequest, LoginResponse, Locale, SelectTenantResponse } from '@vestibule/shared';
import type { ApiError } from '@vestibule/shared/api';
import type { StoreApi } from 'zustand/vanilla';
import type { SelectedTenant, SessionUser } from './sessionUser.ts';

/** What the session needs from the outside world; tests pass their own. */
export interface SessionEnvironment {
  /** localStorage: the session's keys (storage/storageKeys.ts). */
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

/** What each slice of the store works with: the environment and the store's own state. */
export interface SliceContext {
  env: SessionEnvironment;
  get: () => SessionState;
  set: (partial: Partial<SessionState>) => void;
}
