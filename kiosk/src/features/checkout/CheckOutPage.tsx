import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../ui/PageFrame.tsx';
import { LoadFailed, Loading } from '../../ui/Status.tsx';
import { useFocusOnMount } from '../../ui/useFocusOnMount.ts';
import { useLoad } from '../../ui/useLoad.ts';
import { CheckOutDone } from './CheckOutDone.tsx';
import { CheckOutForm } from './CheckOutForm.tsx';
import { fetchCheckOutData } from './checkout.api.ts';

/** /checkOut/{publicIdentifier}: a visitor checks out (the link of the e-mail copy, the success screen). */
export function CheckOutPage({ publicIdentifier }: { publicIdentifier: string }) {
  const { t } = useTranslation('publicVisit');
  const idPrefix = useId().replace(/:/g, '');
  const data = useLoad(publicIdentifier, (signal) => fetchCheckOutData(publicIdentifier, signal));
  const [done, setDone] = useState(false);
  const building = data.status === 'ready' ? { name: data.data.visit.buildingName } : null;
  return (
    <PageFrame building={building} title={t('checkOut.title')}>
      {done ? (
        <CheckOutDone />
      ) : (
        <>
          {data.status === 'loading' && <Loading />}
          {data.status === 'error' && <LoadFailed error={data.error} title={t('checkOut.notFoundTitle')} />}
          {data.status === 'ready' && (
            <CheckOutScreen>
              <CheckOutForm
                publicIdentifier={publicIdentifier}
                data={data.data}
                idPrefix={idPrefix}
                onDone={() => setDone(true)}
              />
            </CheckOutScreen>
          )}
        </>
      )}
    </PageFrame>
  );
}

export function CheckOutScreen({ children }: { children: ReactNode }) {
  const { t } = useTranslation('publicVisit');
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <section className="screen" aria-labelledby="check-out-heading">
      <h1 id="check-out-heading" ref={heading} tabIndex={-1}>
        {t('checkOut.title')}
      </h1>
      {children}
    </section>
  );
}
