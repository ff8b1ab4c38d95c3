import type { PinIdentificationResult } from '@vestibule/shared';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { navigate, pagePath } from '../../app/router.ts';
import { PageFrame } from '../../ui/PageFrame.tsx';
import { LoadFailed, Loading } from '../../ui/Status.tsx';
import { useLoad } from '../../ui/useLoad.ts';
import {
  type Channel,
  CheckInFlow,
  identifiedPersonPreset,
  fetchCheckInBuilding,
  onlineSource,
  useBuildingLanguage,
} from '../checkin/index.ts';
import { PinSteps } from './PinSteps.tsx';
import { fetchPinIdentificationPage, identifyByPin } from './pinIdentification.api.ts';

interface PinIdentificationPageProps {
  qrCodeKey: string;
  /** /employeeIdentificationKiosk/{key}: an enrolled kiosk. */
  kiosk: boolean;
  /** ?mt= (the printed link's token, for a building-PIN-only check-in on a phone). */
  search: string;
}

/**
 * /pinIdentification/{key}, /employeeIdentification/{key} and /employeeIdentificationKiosk/{key}
 * (docs/check-in.md, "By PIN"): the building PIN (not on an enrolled kiosk: its credential stands for
 * it), then the person's own credentials by the building's method, then the check-in wizard
 * prefilled from their record, their check-in proven by the answer's ticket.
 */
export function PinIdentificationPage({ qrCodeKey, kiosk, search }: PinIdentificationPageProps) {
  const { t } = useTranslation('publicVisit');
  const page = useLoad(qrCodeKey, (signal) => fetchPinIdentificationPage(qrCodeKey, signal));
  const ready = page.status === 'ready' ? page.data : null;
  useBuildingLanguage(ready?.building.defaultLocale ?? null, kiosk);
  const [session, setSession] = useState(0);
  const [identified, setIdentified] = useState<PinIdentificationResult | null>(null);
  // A kiosk goes back to its welcome screen for the next person; a phone starts the page again.
  const restart = useCallback(() => {
    if (kiosk) {
      navigate(pagePath('checkinKiosk', qrCodeKey));
      return;
    }
    setIdentified(null);
    setSession((n) => n + 1);
    window.scrollTo?.(0, 0);
  }, [kiosk, qrCodeKey]);
  const mt = new URLSearchParams(search).get('mt');
  // Back from the first screen: the kiosk's welcome screen, or the phone's check-in page.
  const leave = useCallback(() => {
    if (kiosk) navigate(pagePath('checkinKiosk', qrCodeKey));
    else navigate(`${pagePath('checkin', qrCodeKey)}${mt ? `?mt=${encodeURIComponent(mt)}` : ''}`);
  }, [kiosk, qrCodeKey, mt]);
  // A person already in checks out at the kiosk, or through their own visit's link.
  const checkOutHref = useCallback(
    (publicIdentifier: string | null) =>
      kiosk
        ? pagePath('buildingCheckOut', qrCodeKey)
        : publicIdentifier
          ? pagePath('checkOut', publicIdentifier)
          : null,
    [kiosk, qrCodeKey],
  );
  const identify = useCallback(
    (body: Parameters<typeof identifyByPin>[1]) => identifyByPin(qrCodeKey, body),
    [qrCodeKey],
  );

  return (
    <PageFrame building={ready?.building} title={t('pin.title')} kiosk={kiosk}>
      {page.status === 'loading' && <Loading />}
      {page.status === 'error' && <LoadFailed error={page.error} onRetry={page.retry} />}
      {ready && !identified && (
        <PinSteps
          key={session}
          method={ready.method}
          buildingPinAsked={!kiosk}
          identify={identify}
          onIdentified={setIdentified}
          onLeave={leave}
          checkOutHref={checkOutHref}
        />
      )}
      {ready && identified && (
        <IdentifiedCheckIn qrCodeKey={qrCodeKey} kiosk={kiosk} mt={mt} identified={identified} onDone={restart} />
      )}
    </PageFrame>
  );
}

interface IdentifiedCheckInProps {
  qrCodeKey: string;
  kiosk: boolean;
  mt: string | null;
  identified: PinIdentificationResult;
  onDone: () => void;
}

/** Step 3: the wizard, prefilled from the person identified (none with the building PIN alone). */
function IdentifiedCheckIn({ qrCodeKey, kiosk, mt, identified, onDone }: IdentifiedCheckInProps) {
  const { ticket, person } = identified;
  // The ticket proves the person, which stands for the mobile token a phone may lack.
  const channel = useMemo<Channel>(() => ({ kiosk, mt, proof: ticket }), [kiosk, mt, ticket]);
  const building = useLoad(`${qrCodeKey}|${ticket ?? ''}`, (signal) =>
    fetchCheckInBuilding(qrCodeKey, channel, signal),
  );
  const loaded = building.status === 'ready' ? building.data : null;
  const source = useMemo(() => (loaded ? onlineSource(loaded, channel) : null), [loaded, channel]);
  useEffect(() => (source ? source.runner.start() : undefined), [source]);
  const preset = useMemo(
    () => (person ? identifiedPersonPreset(person, { personTicket: ticket }) : undefined),
    [person, ticket],
  );
  return (
    <>
      {building.status === 'loading' && <Loading />}
      {building.status === 'error' && <LoadFailed error={building.error} onRetry={building.retry} />}
      {source && <CheckInFlow source={source} preset={preset} onExit={preset ? onDone : undefined} onDone={onDone} />}
    </>
  );
}
