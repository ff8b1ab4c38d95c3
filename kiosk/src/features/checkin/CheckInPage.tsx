import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../ui/PageFrame.tsx';
import { LoadFailed, Loading } from '../../ui/Status.tsx';
import { useLoad } from '../../ui/useLoad.ts';
import { CheckInFlow, type FlowScreen } from './CheckInFlow.tsx';
import { KioskIdleNotice } from './KioskIdleNotice.tsx';
import { type Channel, fetchCheckInBuilding } from './checkin.api.ts';
import { useBuildingLanguage } from './useBuildingLanguage.ts';
import { kioskIdleMs } from './useIdleTimer.ts';

interface CheckInPageProps {
  qrCodeKey: string;
  kiosk: boolean;
  /** The page's query: ?mt= (the printed link's token), ?idle= (a kiosk's idle seconds). */
  search: string;
}

/** /checkin/{hash} and /checkinKiosk/{hash}: the building's check-in, and a kiosk's welcome screen. */
export function CheckInPage({ qrCodeKey, kiosk, search }: CheckInPageProps) {
  const { t, i18n } = useTranslation('publicVisit');
  const mt = new URLSearchParams(search).get('mt');
  const channel = useMemo<Channel>(() => ({ kiosk, mt }), [kiosk, mt]);
  const building = useLoad(`${kiosk}|${qrCodeKey}|${mt}`, (signal) => fetchCheckInBuilding(qrCodeKey, channel, signal));
  const ready = building.status === 'ready' ? building.data : null;
  const baseLocale = useBuildingLanguage(ready?.building.defaultLocale ?? null, kiosk);
  const [session, setSession] = useState(0);
  const [screen, setScreen] = useState<FlowScreen>('choose');
  const reset = useCallback(() => {
    setSession((count) => count + 1);
    setScreen('choose');
    window.scrollTo?.(0, 0);
  }, []);
  /** The next person on a kiosk finds it as new, in the kiosk's language. */
  const nextPerson = useCallback(() => {
    if (i18n.resolvedLanguage !== baseLocale) void i18n.changeLanguage(baseLocale);
    reset();
  }, [i18n, baseLocale, reset]);

  return (
    <PageFrame building={ready?.building} title={t('checkIn.title')} kiosk={kiosk}>
      {building.status === 'loading' && <Loading />}
      {building.status === 'error' && <LoadFailed error={building.error} onRetry={building.retry} />}
      {ready && (
        <CheckInFlow
          key={session}
          building={ready}
          channel={channel}
          onScreenChange={setScreen}
          onDone={kiosk ? nextPerson : undefined}
        />
      )}
      {ready && kiosk && (
        <KioskIdleNotice
          inUse={screen !== 'choose' || i18n.resolvedLanguage !== baseLocale}
          idleMs={kioskIdleMs(search)}
          baseLocale={baseLocale}
          onReset={reset}
        />
      )}
    </PageFrame>
  );
}
