import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../ui/PageFrame.tsx';
import { Loading } from '../../ui/Status.tsx';
import { useFocusOnMount } from '../../ui/useFocusOnMount.ts';
import { useLoad } from '../../ui/useLoad.ts';
import { useBuildingLanguage } from '../checkin/index.ts';
import { type PublicVisitApi, type RegistrationType, publicVisitApi } from './publicVisit.api.ts';
import { RegistrationForm } from './RegistrationForm.tsx';
import { Unavailable } from './Unavailable.tsx';
import './visitPage.css';

const shortTypes: Record<string, RegistrationType> = {
  v: 'VISITOR',
  c: 'CONTRACTOR',
  VISITOR: 'VISITOR',
  CONTRACTOR: 'CONTRACTOR',
};

interface RegistrationPageProps {
  qrCodeKey: string;
  /** ?visitorType= (v, c, VISITOR or CONTRACTOR): the type chosen ahead by the link. */
  search: string;
  api?: PublicVisitApi;
}

/**
 * /registration/{hash}: a visitor registers ahead for a building (its QR codes tab's link). Who
 * they are, then the building's check-in form of that type with the day, time and duration; the
 * invitation arrives by e-mail.
 */
export function RegistrationPage({ qrCodeKey, search, api = publicVisitApi }: RegistrationPageProps) {
  const { t } = useTranslation('publicVisit');
  const linked = shortTypes[new URLSearchParams(search).get('visitorType') ?? ''] ?? null;
  const [visitorType, setVisitorType] = useState<RegistrationType | null>(linked);
  const page = useLoad(`${qrCodeKey}|${visitorType}`, (signal) => api.registrationPage(qrCodeKey, visitorType, signal));
  const data = page.status === 'ready' ? page.data : null;
  useBuildingLanguage(data?.building.defaultLocale ?? null, false);
  const heading = useFocusOnMount<HTMLHeadingElement>(data?.visitorType ?? null);
  return (
    <PageFrame building={data?.building} title={t('registration.title')}>
      <section className="screen" aria-labelledby="registration-heading" aria-busy={page.status === 'loading'}>
        <h1 id="registration-heading" ref={heading} tabIndex={-1}>
          {data ? t('registration.welcome', { building: data.building.name }) : t('registration.title')}
        </h1>
        {page.status === 'loading' && <Loading />}
        {page.status === 'error' && (
          <Unavailable title={t('registration.unavailableTitle')} error={page.error} onRetry={page.retry} />
        )}
        {data && <p>{t('registration.intro')}</p>}
        {data && data.visitorType === null && (
          <>
            <h2 className="screen-subtitle">{t('registration.chooseType')}</h2>
            <ul className="type-choices">
              {data.visitorTypes.map((type) => (
                <li key={type}>
                  <button type="button" className="type-button" onClick={() => setVisitorType(type)}>
                    <span className="type-label">{t(`checkIn.types.${type}`)}</span>
                    <span className="type-hint">{t(`checkIn.typeHints.${type}`)}</span>
                  </button>
                </li>
              ))}
            </ul>
          </>
        )}
        {data && data.visitorType !== null && (
          <RegistrationForm page={data} api={api} onChangeType={() => setVisitorType(null)} />
        )}
      </section>
    </PageFrame>
  );
}
