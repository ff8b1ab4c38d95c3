import { Outlet, ScrollRestoration, useMatches } from 'react-router';
import { useEffect, useState } from 'react';
import { useAppUpdateCheck } from '../features/appUpdate/index.ts';
import { useSession, useSessionStore, useTokenRenewal } from '../features/session/index.ts';
import { AppLayout } from '../features/shell/index.ts';

export interface RouteHandle {
  /** false hides the toolbar and the footer. */
  chrome?: boolean;
}

function hidesChrome(handle: unknown): boolean {
  return typeof handle === 'object' && handle !== null && (handle as RouteHandle).chrome === false;
}

/**
 * A number that changes when the tab switches from one company to another (not when the first
 * company is set at sign-in): the routed screen is keyed on it, so every screen is mounted anew
 * and loads the new company's data, never showing the previous one's rows.
 */
function useCompanySwitches(): number {
  const tenantId = useSession((state) => state.tenant?.id ?? null);
  const [seen, setSeen] = useState({ tenantId, switches: 0 });
  if (seen.tenantId !== tenantId) {
    const switched = seen.tenantId !== null && tenantId !== null;
    setSeen({ tenantId, switches: switched ? seen.switches + 1 : seen.switches });
  }
  return seen.switches;
}

/** The root route: starts the session, runs the background checks, draws the shell. */
export function RootLayout() {
  const store = useSessionStore();
  const chrome = !useMatches().some((match) => hidesChrome(match.handle));
  useEffect(() => {
    void store.getState().start();
  }, [store]);
  const companySwitches = useCompanySwitches();
  useAppUpdateCheck();
  useTokenRenewal();
  return (
    <AppLayout chrome={chrome}>
      <Outlet key={companySwitches} />
      <ScrollRestoration />
    </AppLayout>
  );
}
