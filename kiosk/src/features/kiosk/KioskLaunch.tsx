import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { navigate, pagePath } from '../../app/router.ts';
import { provisionedKey } from '../../offline/provision.ts';
import { kioskDb } from '../../offline/runtime.ts';
import { PageFrame } from '../../ui/PageFrame.tsx';
import { EnrolForm } from './lazyEnrol.ts';
import { Loading } from '../../ui/Status.tsx';

/** The installed app's start page: on to the kiosk this device serves, or how to set one up. */
export function KioskLaunch() {
  const { t } = useTranslation('publicVisit');
  const [unprovisioned, setUnprovisioned] = useState(false);
  useEffect(() => {
    void provisionedKey(kioskDb()).then(
      (key) => (key ? navigate(pagePath('checkinKiosk', key), { replace: true }) : setUnprovisioned(true)),
      () => setUnprovisioned(true),
    );
  }, []);
  return (
    <PageFrame title={t('launch.title')} kiosk>
      {unprovisioned ? (
        <section className="screen">
          <h1>{t('launch.title')}</h1>
          <p>{t('launch.text')}</p>
          <Suspense fallback={<Loading />}>
            <EnrolForm db={kioskDb()} />
          </Suspense>
        </section>
      ) : (
        <Loading />
      )}
    </PageFrame>
  );
}
