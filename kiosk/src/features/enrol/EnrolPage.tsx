import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { navigate, pagePath } from '../../app/router.ts';
import { kioskDb } from '../../offline/runtime.ts';
import { PageFrame } from '../../ui/PageFrame.tsx';
import { Loading } from '../../ui/Status.tsx';
import { errorMessage } from '../../ui/errorMessage.ts';
import { useFocusOnMount } from '../../ui/useFocusOnMount.ts';
import { EnrolForm } from './EnrolForm.tsx';
import { enrolThisKiosk } from './enrol.ts';

/**
 * /enrolKiosk/{code}: the link of an enrolment QR code, opened on the tablet. It enrols at
 * once and opens the building's kiosk; a used or expired code says so and offers a new one.
 */
export function EnrolPage({ code }: { code: string }) {
  const { t, i18n } = useTranslation('publicVisit');
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  useEffect(() => {
    // Once: a one-time code must not be spent twice by a second render.
    if (started.current) return;
    started.current = true;
    enrolThisKiosk(kioskDb(), code).then(
      (enrolled) => navigate(pagePath('checkinKiosk', enrolled.qrCodeKey), { replace: true }),
      (failure: unknown) => setError(errorMessage(failure, i18n)),
    );
  }, [code, i18n]);
  return (
    <PageFrame title={t('enrol.title')} kiosk>
      {error === null ? <Loading label={t('enrol.enrolling')} /> : <EnrolScreen error={error} />}
    </PageFrame>
  );
}

/** Why this tablet is no kiosk (yet), and the code form. */
export function EnrolScreen({ error = null, pending = 0 }: { error?: string | null; pending?: number }) {
  const { t } = useTranslation('publicVisit');
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <section className="screen" aria-labelledby="enrol-heading" data-testid="enrol-screen">
      <h1 id="enrol-heading" ref={heading} tabIndex={-1}>
        {t('enrol.title')}
      </h1>
      {error && <p className="notice notice-error">{error}</p>}
      <p>{t('enrol.text')}</p>
      {pending > 0 && <p className="notice notice-info">{t('enrol.pending', { count: pending })}</p>}
      <EnrolForm db={kioskDb()} />
    </section>
  );
}
