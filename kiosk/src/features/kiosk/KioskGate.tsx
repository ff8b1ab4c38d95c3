import { useLiveQuery } from 'dexie-react-hooks';
import { Suspense, type ReactNode, lazy, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useKioskAccess } from '../../offline/credential.ts';
import { kioskDb } from '../../offline/runtime.ts';
import { kioskRunner } from '../../offline/useKioskConfig.ts';
import { PageFrame } from '../../ui/PageFrame.tsx';
import { Loading } from '../../ui/Status.tsx';
import { useFocusOnMount } from '../../ui/useFocusOnMount.ts';
import { KioskStatusBar } from './KioskStatusBar.tsx';
import { EnrolForm, EnrolScreen } from './lazyEnrol.ts';

const StaffScreen = lazy(() => import('./StaffScreen.tsx').then((module) => ({ default: module.StaffScreen })));

/**
 * A kiosk page runs on an enrolled kiosk only. A tablet set up before enrolment existed (or
 * whose credential the server no longer knows) is told how to enrol; a revoked one says so.
 * Either way its queued entries keep being sent: those made before a revocation still count.
 */
export function KioskGate({ qrCodeKey, children }: { qrCodeKey: string; children: ReactNode }) {
  const { t } = useTranslation('publicVisit');
  const db = kioskDb();
  const access = useKioskAccess(db);
  const refused = access !== undefined && access.state !== 'enrolled';
  useEffect(() => (refused ? kioskRunner(qrCodeKey).start() : undefined), [refused, qrCodeKey]);
  const pending = useLiveQuery(() => db.outbox.where('status').equals('pending').count(), [db]) ?? 0;

  if (access?.state === 'enrolled') return children;
  return (
    <PageFrame title={access?.state === 'revoked' ? t('revoked.title') : t('enrol.title')} kiosk>
      {access === undefined && <Loading />}
      {access?.state === 'unenrolled' && (
        <Suspense fallback={<Loading />}>
          <EnrolScreen pending={pending} />
        </Suspense>
      )}
      {access?.state === 'revoked' && <RevokedScreen qrCodeKey={qrCodeKey} name={access.name} />}
    </PageFrame>
  );
}

function RevokedScreen({ qrCodeKey, name }: { qrCodeKey: string; name: string | null }) {
  const { t } = useTranslation('publicVisit');
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const [staffOpen, setStaffOpen] = useState(false);
  const [enrolling, setEnrolling] = useState(false);
  const runner = kioskRunner(qrCodeKey);
  const stored = useLiveQuery(() => runner.db.config.get(qrCodeKey), [runner, qrCodeKey]);
  if (staffOpen && stored)
    return (
      <Suspense fallback={<Loading />}>
        <StaffScreen config={stored.data} runner={runner} onClose={() => setStaffOpen(false)} />
      </Suspense>
    );
  return (
    <section className="screen" aria-labelledby="revoked-heading" data-testid="revoked-screen">
      <h1 id="revoked-heading" ref={heading} tabIndex={-1}>
        {t('revoked.title')}
      </h1>
      <p>{t('revoked.text')}</p>
      {name && (
        <p>
          {t('staff.kioskName')}: <strong>{name}</strong>
        </p>
      )}
      {enrolling ? (
        <Suspense fallback={<Loading />}>
          <EnrolForm db={runner.db} />
        </Suspense>
      ) : (
        <div className="actions">
          <button type="button" className="button primary" onClick={() => setEnrolling(true)}>
            {t('revoked.enrolAgain')}
          </button>
        </div>
      )}
      {stored && <KioskStatusBar runner={runner} onStaff={() => setStaffOpen(true)} />}
    </section>
  );
}
