import { connectApiSession } from '../api/apiClient.ts';
import { createSessionStore, type SessionStore } from '../features/session/index.ts';
import { changeLocale, currentLocale } from '../features/locale/index.ts';
import { navigateTo } from './navigation.ts';

/** The browser's session: localStorage, the router, the one API client. */
export function createAppSession(): SessionStore {
  const store = createSessionStore({
    storage: window.localStorage,
    noticeStorage: window.sessionStorage,
    now: () => Date.now(),
    navigate: (path) => navigateTo(path),
    reloadAt: (path) => window.location.assign(path),
    currentPath: () => `${window.location.pathname}${window.location.search}`,
    applyLanguage: (locale) => (locale === currentLocale() ? Promise.resolve() : changeLocale(locale)),
  });
  connectApiSession({
    getToken: () => store.getState().token,
    getTenant: () => store.getState().tenant?.id ?? null,
    onAuthFailure: (error) => store.getState().forceLogout(error),
  });
  return store;
}
