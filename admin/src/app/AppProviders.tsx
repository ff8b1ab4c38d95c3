import { MantineProvider } from '@mantine/core';
import { use, type ReactNode } from 'react';
import { themeColorSchemeManager } from './colorSchemeManager.ts';
import { SessionProviders, TestEnvironmentContext, type SessionProvidersProps } from './SessionProviders.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

const colorSchemeManager = themeColorSchemeManager();

/** Mantine's theme and colour scheme, for the pages drawn with it (all but the sign-in page). */
export function MantineProviders({ children }: { children: ReactNode }) {
  const testEnvironment = use(TestEnvironmentContext);
  return (
    <MantineProvider
      env={testEnvironment ? 'test' : 'default'}
      withGlobalClasses={!testEnvironment}
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="auto"
    >
      {children}
    </MantineProvider>
  );
}

/** Both, for unit tests that draw a single Mantine component. */
export function AppProviders({ session, children, testEnvironment = false }: SessionProvidersProps) {
  return (
    <SessionProviders session={session} testEnvironment={testEnvironment}>
      <MantineProviders>{children}</MantineProviders>
    </SessionProviders>
  );
}
