import { render } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/AppProviders.tsx';
import { SessionProviders } from '../app/SessionProviders.tsx';
import { appRoutes, connectRouter } from '../app/routes.tsx';
import { NotificationBanners } from '../features/notifications/index.ts';
import {
  createSessionStore,
  type SessionEnvironment,
  type SessionApi,
  type SessionStore,
} from '../features/session/index.ts';
import { storageKeys } from '../storage/storageKeys.ts';
import { acme, loginResponse, tenantSelection } from './fixtures.ts';

interface RenderAppOptions {
  /** Signed in with this username and role string; nobody when absent. */
  as?: { username: string; role: string };
  /** Remembered tenant; defaults to Acme for signed-in users. */
  tenant?: { id: string; name: string } | null;
  api?: Partial<SessionApi>;
}

/** The session's API port, answering as the server contract says (admin by default). */
export function fakeSessionApi(overrides: Partial<SessionApi> = {}): SessionApi {
  return {
    login: vi.fn(async () => loginResponse('admin', ['ROLE_ADMIN'])),
    renewToken: vi.fn(async () => loginResponse('admin', ['ROLE_ADMIN'])),
    impersonate: vi.fn(async (username: string) => loginResponse(username, ['ROLE_USER'])),
    loginWithSsoToken: vi.fn(async () => loginResponse('admin', ['ROLE_ADMIN'])),
    selectTenant: vi.fn(async () => tenantSelection(acme)),
    logout: vi.fn(async () => ({ ok: true })),
    ...overrides,
  };
}

/** A session outside any router, for rendering single components. */
export function createTestSession() {
  return createSessionStore({
    api: fakeSessionApi(),
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

/** The whole app on a memory router, with the session's API port answering like the server contract. */
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

  const api = fakeSessionApi({
    selectTenant: vi.fn(async () => tenantSelection(options.tenant === undefined ? acme : options.tenant)),
    ...options.api,
  });
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const reloadAt = vi.fn<(path: string) => void>();
  const env: SessionEnvironment = {
    api,
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
  return { ...view, router, session, api, user, reloadAt, disconnect };
}
