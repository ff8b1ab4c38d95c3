import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../ui/PageFrame.tsx';
import { pagePath } from './router.ts';
import { LoadFailed, Loading } from '../ui/Status.tsx';
import { useLoad } from '../ui/useLoad.ts';
import { KioskGate, KioskHome } from '../features/kiosk/index.ts';
import {
  CheckInFlow,
  type Channel,
  fetchCheckInBuilding,
  onlineSource,
  useBuildingLanguage,
} from '../features/checkin/index.ts';

interface CheckInPageProps {
  qrCodeKey: string;
  kiosk: boolean;
  /** The page's query: ?mt= (the printed link's token), ?idle= (a kiosk's idle seconds). */
  search: string;
}

/** /checkin/{hash} and /checkinKiosk/{hash}: the building's check-in, and a kiosk's welcome screen. */
export function CheckInPage({ qrCodeKey, kiosk, search }: CheckInPageProps) {
  return kiosk ? (
    <KioskGate qrCodeKey={qrCodeKey}>
      <KioskHome qrCodeKey={qrCodeKey} search={search} />
    </KioskGate>
  ) : (
    <OwnDeviceCheckIn qrCodeKey={qrCodeKey} search={search} />
  );
}

/** A visitor's own phone: the building from the server, the check-in through the phone's outbox. */
function OwnDeviceCheckIn({ qrCodeKey, search }: { qrCodeKey: string; search: string }) {
  const { t } = useTranslation('publicVisit');
  const mt = new URLSearchParams(search).get('mt');
  const channel = useMemo<Channel>(() => ({ kiosk: false, mt }), [mt]);
  const building = useLoad(`${qrCodeKey}|${mt}`, (signal) => fetchCheckInBuilding(qrCodeKey, channel, signal));
  const ready = building.status === 'ready' ? building.data : null;
  useBuildingLanguage(ready?.building.defaultLocale ?? null, false);
  const source = useMemo(() => (ready ? onlineSource(ready, channel) : null), [ready, channel]);
  const [session, setSession] = useState(0);
  // An employee identifies with their PIN on their phone (their personal link needs no page).
  const employee = useMemo(
    () => ({ pinHref: `${pagePath('employeeIdentification', qrCodeKey)}${mt ? `?mt=${encodeURIComponent(mt)}` : ''}` }),
    [qrCodeKey, mt],
  );
  useEffect(() => (source ? source.runner.start() : undefined), [source]);
  const reset = useCallback(() => {
    setSession((count) => count + 1);
    window.scrollTo?.(0, 0);
  }, []);

  return (
    <PageFrame
      building={ready?.building}
      title={t('checkIn.title')}
      privacyNotice={ready ? (ready.privacyNotice ?? null) : undefined}
    >
      {building.status === 'loading' && <Loading />}
      {building.status === 'error' && <LoadFailed error={building.error} onRetry={building.retry} />}
      {source && <CheckInFlow key={session} source={source} onDone={reset} employee={employee} />}
    </PageFrame>
  );
}
