import { createContext, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../features/locale/index.ts';
import { type SessionStore, SessionStoreContext } from '../features/session/index.ts';

/**
 * Unit tests: no transitions or portals, and no hidden-from/visible-from media rules (jsdom's
 * viewport is fixed; the tests need the desktop toolbar). Read by the Mantine provider, which the
 * app mounts below the router (the sign-in page loads no Mantine).
 */
export const TestEnvironmentContext = createContext(false);

export interface SessionProvidersProps {
  session: SessionStore;
  children: ReactNode;
  testEnvironment?: boolean;
}

/** What every page needs, the sign-in page included: the language and the session. */
export function SessionProviders({ session, children, testEnvironment = false }: SessionProvidersProps) {
  return (
    <TestEnvironmentContext value={testEnvironment}>
      <I18nextProvider i18n={i18n}>
        <SessionStoreContext value={session}>{children}</SessionStoreContext>
      </I18nextProvider>
    </TestEnvironmentContext>
  );
}
