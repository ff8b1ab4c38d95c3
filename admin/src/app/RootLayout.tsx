import { Outlet, ScrollRestoration, useMatches } from 'react-router';
import { useEffect } from 'react';
import { useAppUpdateCheck } from '../features/appUpdate/useAppUpdateCheck.ts';
import { useSessionStore } from '../features/session/useSession.ts';
import { useTokenRenewal } from '../features/session/useTokenRenewal.ts';
import { AppLayout } from '../features/shell/AppLayout.tsx';

export interface RouteHandle {
  /** false hides the toolbar and the footer. */
  chrome?: boolean;
}

function hidesChrome(handle: unknown): boolean {
  return typeof handle === 'object' && handle !== null && (handle as RouteHandle).chrome === false;
}

/** The root route: starts the session, runs the background checks, draws the shell. */
export function RootLayout() {
  const store = useSessionStore();
  const chrome = !useMatches().some((match) => hidesChrome(match.handle));
  useEffect(() => {
    void store.getState().start();
  }, [store]);
  useAppUpdateCheck();
  useTokenRenewal();
  return (
    <AppLayout chrome={chrome}>
      <Outlet />
      <ScrollRestoration />
    </AppLayout>
  );
}
