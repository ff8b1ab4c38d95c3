import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../features/locale/index.ts';
import { type SessionStore, SessionStoreContext } from '../features/session/index.ts';
import { darkFlagColorSchemeManager } from './colorSchemeManager.ts';
import { cssVariablesResolver, theme } from './theme.ts';

const colorSchemeManager = darkFlagColorSchemeManager();

interface AppProvidersProps {
  session: SessionStore;
  children: ReactNode;
  /**
   * Unit tests: no transitions or portals, and no hidden-from/visible-from media rules
   * (jsdom's viewport is fixed; the tests need the desktop toolbar).
   */
  testEnvironment?: boolean;
}

export function AppProviders({ session, children, testEnvironment = false }: AppProvidersProps) {
  return (
    <MantineProvider
      env={testEnvironment ? 'test' : 'default'}
      withGlobalClasses={!testEnvironment}
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="auto"
    >
      <I18nextProvider i18n={i18n}>
        <SessionStoreContext value={session}>{children}</SessionStoreContext>
      </I18nextProvider>
    </MantineProvider>
  );
}
