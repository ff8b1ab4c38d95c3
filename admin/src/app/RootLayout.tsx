import { Outlet, ScrollRestoration, useMatches } from 'react-router';
import { Suspense, useEffect, useState } from 'react';
import { useAppUpdateCheck } from '../features/appUpdate/index.ts';
import { useSession, useSessionStore, useTokenRenewal } from '../features/session/index.ts';
import { PublicLayout } from '../features/frame/index.ts';
import { ScreenLoading } from '../components/ScreenLoading.tsx';
import { loadMantineFrame, MantineFrame } from './frames.ts';

export interface RouteHandle {
  /** false hides the toolbar and the footer. */
  chrome?: boolean;
  /** The page is drawn without Mantine (the sign-in page): a visitor gets it without that code. */
  plain?: boolean;
}

function handleOf(match: { handle: unknown }): RouteHandle {
  return typeof match.handle === 'object' && match.handle !== null ? (match.handle as RouteHandle) : {};
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

/**
 * The root route: starts the session, runs the background checks, draws the frame. A plain page
 * (the sign-in page) gets the plain frame; every other page waits for the Mantine frame, which the
 * plain one starts fetching as soon as the visitor types. The frame stays while the page does, so
 * signing in does not draw the sign-in page again before the session leaves it.
 */
export function RootLayout() {
  const store = useSessionStore();
  const matches = useMatches();
  const chrome = !matches.some((match) => handleOf(match).chrome === false);
  const plain = matches.some((match) => handleOf(match).plain === true);
  useEffect(() => {
    void store.getState().start();
  }, [store]);
  const companySwitches = useCompanySwitches();
  useAppUpdateCheck();
  useTokenRenewal();
  const content = (
    <>
      <Outlet key={companySwitches} />
      <ScrollRestoration />
    </>
  );
  if (plain) {
    return (
      <div onInput={() => void loadMantineFrame().catch(() => undefined)}>
        <PublicLayout>{content}</PublicLayout>
      </div>
    );
  }
  return (
    <Suspense fallback={<ScreenLoading />}>
      <MantineFrame chrome={chrome}>{content}</MantineFrame>
    </Suspense>
  );
}
