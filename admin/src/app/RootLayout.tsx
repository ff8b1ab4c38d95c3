import { Outlet, ScrollRestoration, useMatches } from 'react-router';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Resources } from '@vestibule/shared/i18n';
import { useAppUpdateCheck } from '../features/appUpdate/index.ts';
import { useSession, useSessionStore, useTokenRenewal } from '../features/session/index.ts';
import { frameClasses, PublicLayout, toolbarFor } from '../features/frame/index.ts';
import classes from './RootLayout.module.css';
import { ScreenLoading } from '../components/ScreenLoading.tsx';
import { loadMantineFrame, MantineFrame, useFirstScreenReady } from './frames.ts';

export interface RouteHandle {
  /** false hides the toolbar and the footer. */
  chrome?: boolean;
  /** The page is drawn without Mantine (the sign-in page): a visitor gets it without that code. */
  plain?: boolean;
}

/** The screens with a title in the `pages` catalogue (the route ids that share its keys). */
type TitledScreen = keyof Resources['pages'];

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
 *
 * Any other first page paints its loading screen first, then fetches the Mantine frame and the
 * screen's own file together (`preloadScreen`) while the session starts, and draws the page when
 * all three are there (`useFirstScreenReady`). Before: the frame's stylesheet, requested before
 * the first paint, counted as holding it back (Lighthouse put the first paint 0.6 s later than the
 * sign-in page's); the screen's file waited for the frame and the session's company; and each
 * Suspense fallback on the way let React hold the page back 300 ms.
 */
export function RootLayout({ preloadScreen }: { preloadScreen?: (pathname: string) => Promise<unknown> }) {
  const { t, i18n } = useTranslation();
  const store = useSessionStore();
  const matches = useMatches();
  const chrome = !matches.some((match) => handleOf(match).chrome === false);
  const plain = matches.some((match) => handleOf(match).plain === true);
  useEffect(() => {
    void store.getState().start();
  }, [store]);
  const companySwitches = useCompanySwitches();
  // The toolbar's colour, drawn in its place while the first page loads (the role's tone).
  const role = useSession((state) => state.user?.role);
  const tone = toolbarFor(role, role !== undefined).tone;
  const ready = useFirstScreenReady(!plain, () =>
    Promise.all([loadMantineFrame(), preloadScreen?.(window.location.pathname), store.getState().start()]),
  );
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
  if (!ready) {
    const screen = matches.at(-1)?.id ?? '';
    const titled = (id: string): id is TitledScreen => i18n.exists(`pages.${id}.title`);
    return (
      <>
        {chrome && <div className={`${frameClasses.header} ${classes.toolbarPlace}`} data-tone={tone} />}
        <ScreenLoading title={titled(screen) ? t(`pages.${screen}.title`) : undefined} />
      </>
    );
  }
  return (
    <Suspense fallback={<ScreenLoading />}>
      <MantineFrame chrome={chrome}>{content}</MantineFrame>
    </Suspense>
  );
}
