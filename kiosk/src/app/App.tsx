import { Suspense, lazy } from 'react';
import { CheckInPage } from './CheckInPage.tsx';
import { KioskGate, KioskLaunch } from '../features/kiosk/index.ts';
import { PublicPage } from '../features/publicPage/index.ts';
import { Loading } from '../ui/Status.tsx';
import { matchRoute, useLocation } from './router.ts';

// Check-in is the first screen people see: it is in the first bundle. The check-out pages, a
// visitor's own visit page (reached after check-in or by its link) and the enrolment page load
// on demand.
const VisitPage = lazy(() =>
  import('../features/checkin/VisitPage.tsx').then((module) => ({ default: module.VisitPage })),
);
const EnrolPage = lazy(() => import('../features/enrol/index.ts').then((module) => ({ default: module.EnrolPage })));
const CheckOutPage = lazy(() =>
  import('../features/checkout/CheckOutPage.tsx').then((module) => ({ default: module.CheckOutPage })),
);
const MyDataPage = lazy(() =>
  import('../features/publicVisit/MyDataPage.tsx').then((module) => ({ default: module.MyDataPage })),
);
const BuildingCheckOutPage = lazy(() =>
  import('../features/buildingCheckout/BuildingCheckOutPage.tsx').then((module) => ({
    default: module.BuildingCheckOutPage,
  })),
);
const PinIdentificationPage = lazy(() =>
  import('../features/pinIdentification/PinIdentificationPage.tsx').then((module) => ({
    default: module.PinIdentificationPage,
  })),
);
const CancelVisitPage = lazy(() =>
  import('../features/publicVisit/CancelVisitPage.tsx').then((module) => ({ default: module.CancelVisitPage })),
);
const PostponeCheckOutPage = lazy(() =>
  import('../features/publicVisit/PostponeCheckOutPage.tsx').then((module) => ({
    default: module.PostponeCheckOutPage,
  })),
);
const RescheduleVisitPage = lazy(() =>
  import('../features/publicVisit/RescheduleVisitPage.tsx').then((module) => ({
    default: module.RescheduleVisitPage,
  })),
);
const RegistrationPage = lazy(() =>
  import('../features/publicVisit/RegistrationPage.tsx').then((module) => ({ default: module.RegistrationPage })),
);

/** The public pages (no sign-in), by path. */
export function App() {
  const location = useLocation();
  const route = matchRoute(location.pathname);
  const search = location.search;
  switch (route.page) {
    case 'checkIn':
      return <CheckInPage key={location.pathname} qrCodeKey={route.qrCodeKey} kiosk={route.kiosk} search={search} />;
    case 'visit':
      return (
        <Suspense fallback={<Loading />}>
          <VisitPage
            key={location.pathname}
            qrCodeKey={route.qrCodeKey}
            identifier={route.identifier}
            kiosk={route.kiosk}
            search={search}
          />
        </Suspense>
      );
    case 'checkOut':
      return (
        <Suspense fallback={<Loading />}>
          <CheckOutPage key={location.pathname} publicIdentifier={route.publicIdentifier} />
        </Suspense>
      );
    case 'myData':
      return (
        <Suspense fallback={<Loading />}>
          <MyDataPage key={location.pathname} publicIdentifier={route.publicIdentifier} />
        </Suspense>
      );
    case 'buildingCheckOut':
      return (
        <KioskGate qrCodeKey={route.qrCodeKey}>
          <Suspense fallback={<Loading />}>
            <BuildingCheckOutPage key={location.pathname} qrCodeKey={route.qrCodeKey} search={search} />
          </Suspense>
        </KioskGate>
      );
    case 'pinIdentification': {
      const page = (
        <Suspense fallback={<Loading />}>
          <PinIdentificationPage
            key={location.pathname}
            qrCodeKey={route.qrCodeKey}
            kiosk={route.kiosk}
            search={search}
          />
        </Suspense>
      );
      return route.kiosk ? <KioskGate qrCodeKey={route.qrCodeKey}>{page}</KioskGate> : page;
    }
    case 'cancelVisit':
    case 'postponeCheckOut':
    case 'rescheduleVisit': {
      const Page = {
        cancelVisit: CancelVisitPage,
        postponeCheckOut: PostponeCheckOutPage,
        rescheduleVisit: RescheduleVisitPage,
      }[route.page];
      return (
        <Suspense fallback={<Loading />}>
          <Page key={location.pathname} identifier={route.identifier} />
        </Suspense>
      );
    }
    case 'registration':
      return (
        <Suspense fallback={<Loading />}>
          <RegistrationPage key={location.pathname} qrCodeKey={route.qrCodeKey} search={search} />
        </Suspense>
      );
    case 'launch':
      return <KioskLaunch />;
    case 'enrol':
      return (
        <Suspense fallback={<Loading />}>
          <EnrolPage key={location.pathname} code={route.code} />
        </Suspense>
      );
    case 'other':
      return <PublicPage path={location.pathname} />;
  }
}
