import type { ReactNode } from 'react';
import type { RouteObject, createBrowserRouter } from 'react-router';
import { BuildingsPage } from '../features/buildings/BuildingsPage.tsx';
import { SsoPage } from '../features/login/SsoPage.tsx';
import { LogsPage } from '../features/logs/LogsPage.tsx';
import { LoginPage } from '../features/login/LoginPage.tsx';
import { notifications } from '../features/notifications/notification.store.ts';
import { ComingSoonPage } from '../features/pages/ComingSoonPage.tsx';
import { ExternalDocsPage } from '../features/pages/ExternalDocsPage.tsx';
import { LandingPage } from '../features/pages/LandingPage.tsx';
import { NotFoundPage } from '../features/pages/NotFoundPage.tsx';
import { RedirectPage } from '../features/pages/RedirectPage.tsx';
import { RouteErrorPage } from '../features/pages/RouteErrorPage.tsx';
import { SignUpPage } from '../features/pages/SignUpPage.tsx';
import { QuestionnairesScreen } from '../features/questionnaires/QuestionnairesScreen.tsx';
import { RouteGate } from '../features/routing/RouteGate.tsx';
import { routeTable, type RouteId } from '../features/routing/routeTable.ts';
import { setNavigator } from './navigation.ts';
import { RootLayout, type RouteHandle } from './RootLayout.tsx';

/** What each route shows; screens built by later versions show "coming soon". */
const screens: Record<RouteId, ReactNode> = {
  landing: <LandingPage />,
  login: <LoginPage />,
  sso: <SsoPage />,
  verify: <ComingSoonPage screen="verify" />,
  forgot: <ComingSoonPage screen="forgot" />,
  reset: <ComingSoonPage screen="reset" />,
  redirect: <RedirectPage />,
  signUp: <SignUpPage />,
  about: <ExternalDocsPage variant="about" redirect />,
  aboutExt: <ExternalDocsPage variant="about" />,
  help: <ExternalDocsPage variant="help" />,
  profile: <ComingSoonPage screen="profile" />,
  booking: <ComingSoonPage screen="booking" />,
  checkInOut: <ComingSoonPage screen="checkInOut" />,
  tenants: <ComingSoonPage screen="tenants" />,
  users: <ComingSoonPage screen="users" />,
  buildings: <BuildingsPage />,
  floors: <ComingSoonPage screen="floors" />,
  questionnaires: <QuestionnairesScreen />,
  tests: <ComingSoonPage screen="tests" />,
  logs: <LogsPage />,
  people: <ComingSoonPage screen="people" />,
  spaces: <ComingSoonPage screen="spaces" />,
  floorPrint: <ComingSoonPage screen="floorPrint" />,
  buildingReports: <ComingSoonPage screen="buildingReports" />,
  visitReports: <ComingSoonPage screen="visitReports" />,
  absenceReports: <ComingSoonPage screen="absenceReports" />,
  spaceCalendar: <ComingSoonPage screen="spaceCalendar" />,
  spaceMap: <ComingSoonPage screen="spaceMap" />,
  spaceApproval: <ComingSoonPage screen="spaceApproval" />,
  spaceExport: <ComingSoonPage screen="spaceExport" />,
};

export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      ...(Object.keys(routeTable) as RouteId[]).map((id): RouteObject => {
        const route = routeTable[id];
        const handle: RouteHandle = { chrome: 'chrome' in route ? route.chrome : true };
        return { id, path: route.path, handle, element: <RouteGate route={id}>{screens[id]}</RouteGate> };
      }),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * Lets the session store navigate, and clears the banners on every navigation. The
 * banners are cleared as the location changes, before `navigate` resolves, so a
 * message shown right after navigating stays.
 */
export function connectRouter(router: AppRouter): () => void {
  setNavigator((path, options) => router.navigate(path, options));
  let lastKey = router.state.location.key;
  return router.subscribe((state) => {
    if (state.location.key === lastKey) return;
    lastKey = state.location.key;
    notifications.clearBanners();
  });
}
