import { type VisitSummary, isOnSite, isWizardVisitorType } from '@vestibule/shared';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { navigate, pagePath } from '../../app/router.ts';
import { currentLocale } from '../../i18n/i18n.ts';
import { Link } from '../../ui/Link.tsx';
import { PageFrame } from '../../ui/PageFrame.tsx';
import { LoadFailed, Loading } from '../../ui/Status.tsx';
import { formatTime } from '../../ui/formatTime.ts';
import { useFocusOnMount } from '../../ui/useFocusOnMount.ts';
import { useLoad } from '../../ui/useLoad.ts';
import { CheckInFlow, type VisitPreset } from './CheckInFlow.tsx';
import { KioskIdleNotice } from './KioskIdleNotice.tsx';
import { type Channel, fetchCheckInBuilding, fetchLinkTarget } from './checkin.api.ts';
import { onlineSource } from './checkInSource.ts';
import { identifiedPersonPreset } from './personPreset.ts';
import { useBuildingLanguage } from './useBuildingLanguage.ts';
import { kioskIdleMs } from './useIdleTimer.ts';

interface VisitPageProps {
  qrCodeKey: string;
  identifier: string;
  kiosk: boolean;
  search: string;
}

/**
 * /checkin/{hash}/{identifier}[/{status}] and the kiosk variants: a visit reached through its
 * link (an invitation, a pass). The visit's current status decides what shows; the optional
 * {status} segment of the link is informative only. A person's pass (their personal
 * link, or a pass scanned at a kiosk) greets them and checks them in prefilled from their record.
 */
export function VisitPage({ qrCodeKey, identifier, kiosk, search }: VisitPageProps) {
  const { t } = useTranslation('publicVisit');
  const mt = new URLSearchParams(search).get('mt');
  // The visit's public identifier, or a pass, stands for the mobile token a visit's own link or
  // a personal link does not carry (the server ignores an identifier that proves nothing).
  const channel = useMemo<Channel>(() => ({ kiosk, mt, proof: identifier }), [kiosk, mt, identifier]);
  const loaded = useLoad(`${kiosk}|${qrCodeKey}|${identifier}|${mt}`, (signal) =>
    Promise.all([
      fetchCheckInBuilding(qrCodeKey, channel, signal),
      fetchLinkTarget(qrCodeKey, identifier, channel, signal),
    ]),
  );
  const ready = loaded.status === 'ready' ? loaded.data : null;
  const target = ready?.[1] ?? null;
  const baseLocale = useBuildingLanguage(ready?.[0].building.defaultLocale ?? null, kiosk);
  const [preset, setPreset] = useState<VisitPreset | null>(null);
  const source = useMemo(() => (ready ? onlineSource(ready[0], channel) : null), [ready, channel]);
  useEffect(() => (source ? source.runner.start() : undefined), [source]);
  const backToWelcome = () => navigate(`${pagePath('checkinKiosk', qrCodeKey)}${search}`, { replace: true });
  const leaveFlow = () => {
    setPreset(null);
    loaded.retry();
  };

  return (
    <PageFrame
      building={ready?.[0].building}
      title={t('checkIn.title')}
      kiosk={kiosk}
      privacyNotice={ready ? (ready[0].privacyNotice ?? null) : undefined}
    >
      {loaded.status === 'loading' && <Loading />}
      {loaded.status === 'error' && <LoadFailed error={loaded.error} onRetry={loaded.retry} />}
      {source && preset && (
        <CheckInFlow
          source={source}
          preset={preset}
          onExit={leaveFlow}
          // A kiosk's outcome gives way to its welcome screen for the next person.
          onDone={kiosk ? backToWelcome : undefined}
        />
      )}
      {target?.kind === 'visit' && !preset && <VisitStatus visit={target} onCheckIn={setPreset} ownDevice={!kiosk} />}
      {target?.kind === 'person' && !preset && (
        <PersonStatus
          firstName={target.person.firstName}
          openVisit={target.openVisit}
          onCheckIn={() => setPreset(identifiedPersonPreset(target.person, { passIdentifier: identifier }))}
        />
      )}
      {ready && kiosk && (
        <KioskIdleNotice inUse idleMs={kioskIdleMs(search)} baseLocale={baseLocale} onReset={backToWelcome} />
      )}
    </PageFrame>
  );
}

export function VisitStatus({
  visit,
  onCheckIn,
  ownDevice = false,
}: {
  visit: VisitSummary;
  onCheckIn: (preset: VisitPreset) => void;
  /** The visitor's own phone (not a kiosk): a visit over links to the visitor's data. */
  ownDevice?: boolean;
}) {
  const { t } = useTranslation('publicVisit');
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const locale = currentLocale();
  const name = [visit.firstName, visit.lastName].filter(Boolean).join(' ');
  const visitorType = isWizardVisitorType(visit.visitorType) ? visit.visitorType : null;
  const wasIn = visit.checkedInAt !== null && visit.checkedOutAt !== null;
  return (
    <section className="screen" aria-labelledby="visit-heading">
      <h1 id="visit-heading" ref={heading} tabIndex={-1}>
        {name ? t('visit.greeting', { name }) : t('visit.greetingNoName')}
      </h1>
      {isOnSite(visit.status) ? (
        <>
          <p>{t('visit.inSince', { time: formatTime(visit.checkedInAt, locale) })}</p>
          {visit.status === 'LATE' && <p className="notice notice-warning">{t('visit.overdue')}</p>}
          <dl className="codes">
            <div>
              <dt>{t('success.code')}</dt>
              <dd>{visit.identifier}</dd>
            </div>
          </dl>
          <Link className="button primary" href={pagePath('checkOut', visit.publicIdentifier)}>
            {t('checkIn.checkOut')}
          </Link>
        </>
      ) : visitorType === null ? (
        <p className="notice notice-warning">{t('visit.visitorTypeNotSupported')}</p>
      ) : (
        <>
          <p>{wasIn ? t('visit.outAt', { time: formatTime(visit.checkedOutAt, locale) }) : t('visit.expected')}</p>
          <button
            type="button"
            className="button primary"
            onClick={() => onCheckIn({ visit, visitorType, checkingBack: wasIn })}
          >
            {wasIn ? t('visit.checkInAgain') : t('visit.checkInNow')}
          </button>
          {wasIn && ownDevice && (
            <p>
              <Link href={pagePath('myData', visit.publicIdentifier)}>{t('myData.link')}</Link>
            </p>
          )}
        </>
      )}
    </section>
  );
}

/** A person's pass: greeted by their first name; in already, their visit's check-out. */
export function PersonStatus({
  firstName,
  openVisit,
  onCheckIn,
}: {
  firstName: string;
  openVisit: VisitSummary | null;
  onCheckIn: () => void;
}) {
  const { t } = useTranslation('publicVisit');
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const locale = currentLocale();
  return (
    <section className="screen" aria-labelledby="person-heading">
      <h1 id="person-heading" ref={heading} tabIndex={-1}>
        {firstName ? t('visit.greeting', { name: firstName }) : t('visit.greetingNoName')}
      </h1>
      {openVisit ? (
        <>
          <p>{t('visit.inSince', { time: formatTime(openVisit.checkedInAt, locale) })}</p>
          <Link className="button primary" href={pagePath('checkOut', openVisit.publicIdentifier)}>
            {t('checkIn.checkOut')}
          </Link>
        </>
      ) : (
        <>
          <p>{t('person.passReady')}</p>
          <button type="button" className="button primary" onClick={onCheckIn}>
            {t('visit.checkInNow')}
          </button>
        </>
      )}
    </section>
  );
}
