/** Browser storage (localStorage) keys of the session and the app's preferences. */
export const storageKeys = {
  tenant: 'tenant',
  user: 'user',
  token: 'token',
  /** Seconds since the epoch. */
  tokenExpiration: 'tokenExpiration',
  originalUser: 'original_user',
  originalToken: 'original_token',
  originalTokenExpiration: 'original_tokenExpiration',
  locale: 'locale',
  /** Milliseconds since the epoch. */
  checkForAppUpdatesAt: 'checkForAppUpdatesAt',
  dark: 'dark',
  /** Minutes without input after which a tab signs out (the server's SESSION_IDLE_MINUTES). */
  idleMinutes: 'idleMinutes',
  /** Milliseconds since the epoch: the last input in any tab (tabs share one session). */
  lastActivityAt: 'lastActivityAt',
} as const;

/** sessionStorage key of the company this tab works in (two tabs, two companies). */
export const tabTenantKey = 'vestibule.tabTenant';

/**
 * sessionStorage key of a success message that must survive the page reload which ends
 * an impersonation (the page reloads and still shows the logged-out-as message).
 */
export const pendingNoticeKey = 'vestibule.pendingNotice';
