import { type ReactNode, Suspense, lazy } from 'react';
import { type RouteObject, type createBrowserRouter, matchPath } from 'react-router';
import { LoginPage } from '../features/login/index.ts';
import { notifications } from '../features/notifications/index.ts';
import { ScreenLoading } from '../components/ScreenLoading.tsx';
import { RouteGate } from './RouteGate.tsx';
import { routeTable, type RouteId } from '../features/routing/index.ts';
import { MantineOnly } from './frames.ts';
import { type Preloadable, preloadable } from './preloadable.ts';
import { setNavigator } from './navigation.ts';
import { RootLayout, type RouteHandle } from './RootLayout.tsx';

// Every screen but the sign-in page is fetched on first visit: the sign-in page loads none of
// their code, nor Mantine's (it is drawn with plain elements; see RootLayout).
const pages = () => import('../features/pages/index.ts');
const ExternalDocsPage = lazy(() => pages().then((module) => ({ default: module.ExternalDocsPage })));
const LandingPage = lazy(() => pages().then((module) => ({ default: module.LandingPage })));
const NotFoundPage = lazy(() => pages().then((module) => ({ default: module.NotFoundPage })));
const RedirectPage = lazy(() => pages().then((module) => ({ default: module.RedirectPage })));
const RouteErrorPage = lazy(() => pages().then((module) => ({ default: module.RouteErrorPage })));
const SignUpPage = lazy(() => pages().then((module) => ({ default: module.SignUpPage })));
const SsoPage = lazy(() => import('../features/login/SsoPage.tsx').then((module) => ({ default: module.SsoPage })));

/** The working screens, fetched by their route's first render or earlier by `preloadScreen`. */
const screenFiles = {
  buildings: preloadable(
    () => import('../features/buildings/BuildingsPage.tsx'),
    (module) => module.BuildingsPage,
  ),
  tenants: preloadable(
    () => import('../features/tenants/TenantsPage.tsx'),
    (module) => module.TenantsPage,
  ),
  cities: preloadable(
    () => import('../features/cities/CitiesPage.tsx'),
    (module) => module.CitiesPage,
  ),
  privacy: preloadable(
    () => import('../features/privacy/PrivacyPage.tsx'),
    (module) => module.PrivacyPage,
  ),
  watchlist: preloadable(
    () => import('../features/watchlist/WatchlistPage.tsx'),
    (module) => module.WatchlistPage,
  ),
  integrations: preloadable(
    () => import('../features/integrations/IntegrationsPage.tsx'),
    (module) => module.IntegrationsPage,
  ),
  questionnaires: preloadable(
    () => import('../features/questionnaires/QuestionnairesScreen.tsx'),
    (module) => module.QuestionnairesScreen,
  ),
  logs: preloadable(
    () => import('../features/logs/LogsPage.tsx'),
    (module) => module.LogsPage,
  ),
  profile: preloadable(
    () => import('../features/profile/ProfilePage.tsx'),
    (module) => module.ProfilePage,
  ),
  users: preloadable(
    () => import('../features/users/UsersPage.tsx'),
    (module) => module.UsersPage,
  ),
  people: preloadable(
    () => import('../features/people/PeoplePage.tsx'),
    (module) => module.PeoplePage,
  ),
  evacuation: preloadable(
    () => import('../features/evacuation/EvacuationPage.tsx'),
    (module) => module.EvacuationPage,
  ),
  tests: preloadable(
    () => import('../features/tests/TestsPage.tsx'),
    (module) => module.TestsPage,
  ),
  checkInOut: preloadable(
    () => import('../features/entryLog/EntryLogPage.tsx'),
    (module) => module.EntryLogPage,
  ),
  badge: preloadable(
    () => import('../features/badge/BadgePage.tsx'),
    (module) => module.BadgePage,
  ),
  buildingReports: preloadable(
    () => import('../features/reports/building/BuildingReportPage.tsx'),
    (module) => module.BuildingReportPage,
  ),
  visitReports: preloadable(
    () => import('../features/reports/entries/EntryReportPage.tsx'),
    (module) => module.EntryReportPage,
  ),
  floors: preloadable(
    () => import('../features/floors/FloorsPage.tsx'),
    (module) => module.FloorsPage,
  ),
  spaces: preloadable(
    () => import('../features/spaces/SpacesPage.tsx'),
    (module) => module.SpacesPage,
  ),
  floorPrint: preloadable(
    () => import('../features/floors/FloorPrintPage.tsx'),
    (module) => module.FloorPrintPage,
  ),
  absenceReports: preloadable(
    () => import('../features/reports/absence/AbsenceReportPage.tsx'),
    (module) => module.AbsenceReportPage,
  ),
  spaceCheckIn: preloadable(
    () => import('../features/spaceCheckIn/SpaceCheckInPage.tsx'),
    (module) => module.SpaceCheckInPage,
  ),
  booking: preloadable(
    () => import('../features/booking/MyBookingsPage.tsx'),
    (module) => module.MyBookingsPage,
  ),
  spaceMap: preloadable(
    () => import('../features/booking/BookingMapPage.tsx'),
    (module) => module.BookingMapPage,
  ),
  spaceCalendar: preloadable(
    () => import('../features/booking/BookingCalendarPage.tsx'),
    (module) => module.BookingCalendarPage,
  ),
  spaceApproval: preloadable(
    () => import('../features/booking/ApprovalPage.tsx'),
    (module) => module.ApprovalPage,
  ),
  spaceExport: preloadable(
    () => import('../features/booking/ExportPage.tsx'),
    (module) => module.ExportPage,
  ),
  spaceQr: preloadable(
    () => import('../features/spaceCheckIn/SpaceQrPage.tsx'),
    (module) => module.SpaceQrPage,
  ),
} satisfies Partial<Record<RouteId, Preloadable<object>>>;
const BuildingsPage = screenFiles.buildings.Component;
const TenantsPage = screenFiles.tenants.Component;
const CitiesPage = screenFiles.cities.Component;
const PrivacyPage = screenFiles.privacy.Component;
const WatchlistPage = screenFiles.watchlist.Component;
const IntegrationsPage = screenFiles.integrations.Component;
const QuestionnairesScreen = screenFiles.questionnaires.Component;
const LogsPage = screenFiles.logs.Component;
const ProfilePage = screenFiles.profile.Component;
const UsersPage = screenFiles.users.Component;
const PeoplePage = screenFiles.people.Component;
const EvacuationPage = screenFiles.evacuation.Component;
const EntryLogPage = screenFiles.checkInOut.Component;
const BadgePage = screenFiles.badge.Component;
const TestsPage = screenFiles.tests.Component;
const BuildingReportPage = screenFiles.buildingReports.Component;
const EntryReportPage = screenFiles.visitReports.Component;
const AbsenceReportPage = screenFiles.absenceReports.Component;
const FloorsPage = screenFiles.floors.Component;
const SpacesPage = screenFiles.spaces.Component;
const FloorPrintPage = screenFiles.floorPrint.Component;
const SpaceCheckInPage = screenFiles.spaceCheckIn.Component;
const SpaceQrPage = screenFiles.spaceQr.Component;
const MyBookingsPage = screenFiles.booking.Component;
const ApprovalPage = screenFiles.spaceApproval.Component;
const BookingMapPage = screenFiles.spaceMap.Component;
const BookingCalendarPage = screenFiles.spaceCalendar.Component;
const ExportPage = screenFiles.spaceExport.Component;
// The public account pages are plain, like the sign-in page (no UI library), each its own file.
const ForgotPasswordPage = lazy(() =>
  import('../features/account/ForgotPasswordPage.tsx').then((module) => ({ default: module.ForgotPasswordPage })),
);
const ResetPasswordPage = lazy(() =>
  import('../features/account/ResetPasswordPage.tsx').then((module) => ({ default: module.ResetPasswordPage })),
);
const VerifyEmailPage = lazy(() =>
  import('../features/account/VerifyEmailPage.tsx').then((module) => ({ default: module.VerifyEmailPage })),
);

/** The routes drawn with plain elements, without the Mantine frame (see RootLayout). */
const plainRoutes: readonly RouteId[] = ['login', 'forgot', 'reset', 'verify'];

/**
 * Fetches the file of the screen at `pathname`, if it has one of its own, beside the Mantine frame
 * (rather than once the frame has drawn and the session has its company).
 */
function preloadScreen(pathname: string): Promise<unknown> {
  const files = Object.entries(screenFiles).filter(([id]) =>
    matchPath(routeTable[id as keyof typeof screenFiles].path, pathname),
  );
  return Promise.all(files.map(([, file]) => file.preload()));
}

/** What each route shows; screens built by later versions show "coming soon". */
const screens: Record<RouteId, ReactNode> = {
  landing: <LandingPage />,
  login: <LoginPage />,
  sso: <SsoPage />,
  verify: <VerifyEmailPage />,
  forgot: <ForgotPasswordPage />,
  reset: <ResetPasswordPage />,
  redirect: <RedirectPage />,
  signUp: <SignUpPage />,
  about: <ExternalDocsPage variant="about" redirect />,
  aboutExt: <ExternalDocsPage variant="about" />,
  help: <ExternalDocsPage variant="help" />,
  profile: <ProfilePage />,
  booking: <MyBookingsPage />,
  checkInOut: <EntryLogPage />,
  badge: <BadgePage />,
  evacuation: <EvacuationPage />,
  tenants: <TenantsPage />,
  users: <UsersPage />,
  buildings: <BuildingsPage />,
  cities: <CitiesPage />,
  privacy: <PrivacyPage />,
  watchlist: <WatchlistPage />,
  integrations: <IntegrationsPage />,
  floors: <FloorsPage />,
  questionnaires: <QuestionnairesScreen />,
  tests: <TestsPage />,
  logs: <LogsPage />,
  people: <PeoplePage />,
  spaces: <SpacesPage />,
  floorPrint: <FloorPrintPage />,
  buildingReports: <BuildingReportPage />,
  visitReports: <EntryReportPage />,
  absenceReports: <AbsenceReportPage />,
  spaceCalendar: <BookingCalendarPage />,
  spaceMap: <BookingMapPage />,
  spaceApproval: <ApprovalPage />,
  spaceExport: <ExportPage />,
  spaceCheckIn: <SpaceCheckInPage />,
  spaceQr: <SpaceQrPage />,
};

export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout preloadScreen={preloadScreen} />,
    errorElement: (
      <Suspense fallback={<ScreenLoading />}>
        <MantineOnly>
          <RouteErrorPage />
        </MantineOnly>
      </Suspense>
    ),
    children: [
      ...(Object.keys(routeTable) as RouteId[]).map((id): RouteObject => {
        const route = routeTable[id];
        const handle: RouteHandle = {
          chrome: 'chrome' in route ? route.chrome : true,
          plain: plainRoutes.includes(id),
        };
        return {
          id,
          path: route.path,
          handle,
          element: (
            <Suspense fallback={<ScreenLoading />}>
              <RouteGate route={id}>{screens[id]}</RouteGate>
            </Suspense>
          ),
        };
      }),
      {
        path: '*',
        element: (
          <Suspense fallback={<ScreenLoading />}>
            <NotFoundPage />
          </Suspense>
        ),
      },
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
