import { render } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/AppProviders.tsx';
import { SessionProviders } from '../app/SessionProviders.tsx';
import { appRoutes, connectRouter } from '../app/routes.tsx';
import { NotificationBanners } from '../features/notifications/index.ts';
import { createSessionStore, type SessionEnvironment, type SessionStore } from '../features/session/index.ts';
import { storageKeys } from '../storage/storageKeys.ts';
import { type Answers, answerSession } from './answerCalls.ts';
import { acme, tenantSelection } from './fixtures.ts';

interface RenderAppOptions {
  /** Signed in with this username and role string; nobody when absent. */
  as?: { username: string; role: string };
  /** Remembered tenant; defaults to Acme for signed-in users. */
  tenant?: { id: string; name: string } | null;
  /** The session's calls answered otherwise than as a signed-in administrator's (test/answerCalls.ts). */
  session?: Answers;
}

/** A session outside any router, for rendering single components. */
export function createTestSession() {
  return createSessionStore({
    storage: localStorage,
    noticeStorage: sessionStorage,
    now: () => Date.now(),
    navigate: () => undefined,
    reloadAt: () => undefined,
    currentPath: () => '/',
  });
}

/** Remembers `as` signed in with Acme chosen, as a sign-in leaves them: a session created next starts with them. */
export function storeSignIn<U extends { username: string; role: string }>(as: U) {
  localStorage.setItem(storageKeys.user, JSON.stringify(as));
  localStorage.setItem(storageKeys.token, `token-of-${as.username}`);
  localStorage.setItem(storageKeys.tenant, JSON.stringify(acme));
}

/**
 * One screen with the app's providers (a new session unless one is given), in the page's main
 * landmark below the notification banners.
 */
export function renderScreen(ui: ReactNode, session: SessionStore = createTestSession()) {
  const user = userEvent.setup();
  const view = render(
    <AppProviders session={session} testEnvironment>
      <NotificationBanners />
      <main>{ui}</main>
    </AppProviders>,
  );
  return { ...view, user };
}

/** The whole app on a memory router, the session's calls answered at fetch like the server contract. */
export function renderApp(path: string, options: RenderAppOptions = {}) {
  if (options.as) {
    localStorage.setItem(storageKeys.user, JSON.stringify(options.as));
    localStorage.setItem(storageKeys.token, `token-of-${options.as.username}`);
    localStorage.setItem(storageKeys.tokenExpiration, String(Math.floor(Date.now() / 1000) + 3600));
    const tenant = options.tenant === undefined ? acme : options.tenant;
    if (tenant) localStorage.setItem(storageKeys.tenant, JSON.stringify(tenant));
  }
  // Keep the app-update check quiet.
  localStorage.setItem(storageKeys.checkForAppUpdatesAt, String(Date.now() + 3_600_000));

  const selection = () => tenantSelection(options.tenant === undefined ? acme : options.tenant);
  const sessionCalls = answerSession({
    'GET /selectTenant': selection,
    'GET /selectTenant/:tenantId': selection,
    ...options.session,
  });
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const reloadAt = vi.fn<(path: string) => void>();
  const env: SessionEnvironment = {
    storage: localStorage,
    noticeStorage: sessionStorage,
    now: () => Date.now(),
    navigate: (to) => router.navigate(to),
    reloadAt,
    currentPath: () => `${router.state.location.pathname}${router.state.location.search}`,
  };
  const session = createSessionStore(env);
  const disconnect = connectRouter(router);
  const user = userEvent.setup();
  const view = render(
    <SessionProviders session={session} testEnvironment>
      <RouterProvider router={router} />
    </SessionProviders>,
  );
  return { ...view, router, session, sessionCalls, user, reloadAt, disconnect };
}
