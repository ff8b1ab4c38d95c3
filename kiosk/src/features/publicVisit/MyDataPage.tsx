import { SERVICE_BASE } from '@vestibule/shared';
import { ApiError } from '@vestibule/shared/api';
import { Markdown } from '@vestibule/ui/markdown';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { markdownClasses } from '../../ui/markdownClasses.ts';
import { PageFrame } from '../../ui/PageFrame.tsx';
import { Loading } from '../../ui/Status.tsx';
import { errorMessage } from '../../ui/errorMessage.ts';
import { useFocusOnMount } from '../../ui/useFocusOnMount.ts';
import { useLoad } from '../../ui/useLoad.ts';
import { type PublicVisitApi, type VisitorData, publicVisitApi } from './publicVisit.api.ts';
import { useAction } from './useAction.ts';
import { deviceInOtherZone, formatInZone } from './zonedTime.ts';
import './visitPage.css';

type Row = [label: ReactNode, value: ReactNode];

/**
 * /myData/{publicIdentifier}: the visitor's own data of a visit that is over (the visit's link
 * leads here): everything it stores about them, to download as JSON or as a readable page, or to
 * erase for good (docs/privacy.md, "The visitor acts for themselves").
 */
export function MyDataPage({
  publicIdentifier,
  api = publicVisitApi,
}: {
  publicIdentifier: string;
  api?: PublicVisitApi;
}) {
  const { t, i18n } = useTranslation('publicVisit');
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const page = useLoad(publicIdentifier, (signal) => api.visitorData(publicIdentifier, signal));
  const erasing = useAction<unknown>();
  const erased = erasing.state.status === 'success';
  const refusal = (error: unknown) => {
    if (error instanceof ApiError && error.errorCode === 'NOT_FOUND') return t('myData.notFound');
    if (error instanceof ApiError && error.errorCode === 'MEETING_NOT_CHECKED_OUT') return t('myData.notOver');
    return errorMessage(error, i18n);
  };
  return (
    <PageFrame title={t('myData.title')}>
      <section className="screen my-data" aria-labelledby="my-data-heading" aria-busy={page.status === 'loading'}>
        <h1 id="my-data-heading" ref={heading} tabIndex={-1}>
          {t('myData.title')}
        </h1>
        {page.status === 'loading' && <Loading label={t('loading')} />}
        {page.status === 'error' && (
          <>
            <p className="notice notice-warning">{refusal(page.error)}</p>
            {!(page.error instanceof ApiError && page.error.status < 500 && page.error.status !== 429) && (
              <button type="button" className="button secondary" onClick={page.retry}>
                {t('retry')}
              </button>
            )}
          </>
        )}
        {erased && (
          <p className="notice notice-info" role="status">
            {t('myData.erased')}
          </p>
        )}
        {page.status === 'ready' && !erased && (
          <>
            <VisitorDataView data={page.data} />
            <div className="actions">
              <a
                className="button secondary"
                href={`${SERVICE_BASE}/visitorData/${encodeURIComponent(publicIdentifier)}/visit.json`}
                download="visit.json"
              >
                {t('myData.downloadJson')}
              </a>
              <a
                className="button secondary"
                href={`${SERVICE_BASE}/visitorData/${encodeURIComponent(publicIdentifier)}/visit.html?lang=${i18n.resolvedLanguage ?? 'en'}`}
                download="visit.html"
              >
                {t('myData.downloadReadable')}
              </a>
            </div>
            <EraseData
              pending={erasing.state.status === 'pending'}
              error={erasing.state.status === 'error' ? refusal(erasing.state.error) : null}
              onErase={() => erasing.run(() => api.eraseVisitorData(publicIdentifier))}
            />
          </>
        )}
      </section>
    </PageFrame>
  );
}

/** The erase button, then its confirmation in place: what goes, what stays, two clear choices. */
function EraseData({ pending, error, onErase }: { pending: boolean; error: string | null; onErase: () => void }) {
  const { t } = useTranslation('publicVisit');
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <div className="actions">
        <button type="button" className="button danger" onClick={() => setAsking(true)}>
          {t('myData.erase')}
        </button>
      </div>
    );
  }
  return <EraseConfirm pending={pending} error={error} onErase={onErase} onKeep={() => setAsking(false)} />;
}

function EraseConfirm({
  pending,
  error,
  onErase,
  onKeep,
}: {
  pending: boolean;
  error: string | null;
  onErase: () => void;
  onKeep: () => void;
}) {
  const { t } = useTranslation('publicVisit');
  const titleId = useId();
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <div className="my-data-erase" role="group" aria-labelledby={titleId}>
      <h2 id={titleId} ref={heading} tabIndex={-1}>
        {t('myData.eraseTitle')}
      </h2>
      <p>{t('myData.eraseText')}</p>
      {error && <p className="notice notice-error">{error}</p>}
      <div className="actions">
        <button type="button" className="button danger" onClick={onErase} disabled={pending}>
          {pending ? t('myData.erasing') : t('myData.eraseConfirm')}
        </button>
        <button type="button" className="button secondary" onClick={onKeep} disabled={pending}>
          {t('myData.keep')}
        </button>
      </div>
    </div>
  );
}

/** Everything the visit stores about the visitor, section by section; an empty section says so. */
function VisitorDataView({ data }: { data: VisitorData }) {
  const { t, i18n } = useTranslation('publicVisit');
  const locale = i18n.resolvedLanguage ?? 'en';
  const zone = data.building.timeZoneId;
  const time = (value: string | null) => formatInZone(value, locale, zone);
  const answers = (questionnaires: VisitorData['answers']): Row[] =>
    questionnaires.flatMap((questionnaire) =>
      questionnaire.items.map((item): Row => [
        <Markdown key="question" inline newTabLabel={t('wizard:question.newTab')} classNames={markdownClasses}>
          {item.question}
        </Markdown>,
        item.questionType === 'FREEFORM' ? item.answer : t(`wizard:answers.${item.answer}`, item.answer),
      ]),
    );
  const type = ['VISITOR', 'CONTRACTOR', 'EMPLOYEE', 'RESIDENT'].includes(data.visitorType)
    ? t(`myData.types.${data.visitorType}`)
    : data.visitorType;
  return (
    <>
      <p>{t('myData.intro', { company: data.company, building: data.building.name })}</p>
      {deviceInOtherZone(zone) && <p className="field-hint">{t('myData.zoneNote', { zone })}</p>}
      <Rows
        title={t('myData.sections.visit')}
        rows={[
          [t('myData.fields.company'), data.company],
          [t('myData.fields.building'), data.building.name],
          [t('myData.fields.visitorType'), type],
          [t('myData.fields.host'), data.host ?? ''],
          [t('myData.fields.scheduledAt'), time(data.scheduledAt)],
          [t('myData.fields.checkedInAt'), time(data.checkedInAt)],
          [t('myData.fields.checkedOutAt'), time(data.checkedOutAt)],
          [t('myData.fields.cancelledAt'), time(data.cancelledAt)],
          [
            t('myData.fields.privacyNotice'),
            data.privacyNoticeVersion === null
              ? ''
              : t('privacyNotice.version', { version: data.privacyNoticeVersion }),
          ],
        ]}
      />
      <Rows
        title={t('myData.sections.you')}
        rows={[
          [t('myData.fields.firstName'), data.firstName ?? ''],
          [t('myData.fields.lastName'), data.lastName ?? ''],
          [t('myData.fields.email'), data.email ?? ''],
          [t('myData.fields.phone'), data.phone ?? ''],
          [t('myData.fields.companyName'), data.companyName ?? ''],
          [t('myData.fields.comments'), data.comments ?? ''],
          [t('myData.fields.exitComments'), data.exitComments ?? ''],
        ]}
      />
      <Rows
        title={t('myData.sections.form')}
        rows={Object.entries(data.form).map(([field, value]): Row => [
          field,
          typeof value === 'boolean' ? t(value ? 'myData.yes' : 'myData.no') : value,
        ])}
      />
      <Rows title={t('myData.sections.answers')} rows={answers(data.answers)} />
      <Rows title={t('myData.sections.exitAnswers')} rows={answers(data.exitAnswers)} />
      <Rows
        title={t('myData.sections.temperatures')}
        rows={[
          [t('myData.fields.entry'), data.temperatures.entry.map((value) => value.toLocaleString(locale)).join(' · ')],
          [t('myData.fields.exit'), data.temperatures.exit.map((value) => value.toLocaleString(locale)).join(' · ')],
        ]}
      />
      <h2>{t('myData.sections.photo')}</h2>
      {data.photo ? (
        <img className="my-data-image" src={data.photo} alt={t('myData.photoAlt')} />
      ) : (
        <p className="field-hint">{t('myData.none')}</p>
      )}
      <h2>{t('myData.sections.signatures')}</h2>
      {data.signatures.length === 0 && <p className="field-hint">{t('myData.none')}</p>}
      {data.signatures.map((signature) => (
        <div key={`${signature.document}-${signature.signedAt}`}>
          <h3>{t('myData.version', { document: signature.document, version: signature.version })}</h3>
          <DataList
            rows={[
              [t('myData.fields.signedAt'), time(signature.signedAt)],
              [t('myData.fields.typedName'), signature.typedName ?? ''],
              [
                t('myData.fields.drawn'),
                signature.image ? (
                  <img
                    className="my-data-image"
                    src={signature.image}
                    alt={t('myData.signatureAlt', { document: signature.document })}
                  />
                ) : (
                  ''
                ),
              ],
            ]}
          />
        </div>
      ))}
      <h2>{t('myData.sections.emails')}</h2>
      {data.emails.length === 0 && <p className="field-hint">{t('myData.none')}</p>}
      {data.emails.map((email, index) => (
        <DataList
          key={index}
          rows={[
            [t('myData.fields.subject'), email.subject],
            [t('myData.fields.to'), email.to],
            [t('myData.fields.sentAt'), email.sentAt ? time(email.sentAt) : t('myData.notSent')],
          ]}
        />
      ))}
    </>
  );
}

function Rows({ title, rows }: { title: string; rows: Row[] }) {
  const { t } = useTranslation('publicVisit');
  const kept = rows.filter(([, value]) => value !== '');
  return (
    <>
      <h2>{title}</h2>
      {kept.length === 0 ? <p className="field-hint">{t('myData.none')}</p> : <DataList rows={kept} />}
    </>
  );
}

function DataList({ rows }: { rows: Row[] }) {
  return (
    <dl className="visit-details">
      {rows
        .filter(([, value]) => value !== '')
        .map(([term, value], index) => (
          <div key={index}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}
