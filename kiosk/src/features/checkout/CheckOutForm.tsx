import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n/i18n.ts';
import { errorMessage } from '../../ui/errorMessage.ts';
import { formatTime } from '../../ui/formatTime.ts';
import { CheckOutMeasureFields, QuestionList, browserChoiceStorage, useCheckOutAnswers } from '../wizard/index.ts';
import { type CheckOutData, type CheckOutRequest, checkOut } from './checkout.api.ts';

interface CheckOutFormProps {
  publicIdentifier: string;
  data: CheckOutData;
  onDone: () => void;
  idPrefix: string;
  /**
   * Where the check-out goes: PATCH /checkoutable/{publicIdentifier} by default; a kiosk commits
   * a visit it knows to its outbox instead. `onDone` runs only once it resolves.
   */
  send?: (body: CheckOutRequest) => Promise<unknown>;
}

/** Check-out of one open visit: the exit questionnaires, the temperature and comments when asked. */
export function CheckOutForm({ publicIdentifier, data, onDone, idPrefix, send }: CheckOutFormProps) {
  const { t, i18n } = useTranslation('publicVisit');
  const fields = useCheckOutAnswers(data);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [storage] = useState(browserChoiceStorage);

  const { valid } = fields;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid || submitting) return;
    setSubmitting(true);
    setError(null);
    try {
      const body: CheckOutRequest = fields.request();
      await (send ? send(body) : checkOut(publicIdentifier, body));
      onDone();
    } catch (failure) {
      setSubmitting(false);
      setError(errorMessage(failure, i18n));
    }
  };
  const name = [data.visit.firstName, data.visit.lastName].filter(Boolean).join(' ');
  const time = formatTime(data.visit.checkedInAt, currentLocale());

  return (
    <form className="check-out-form" noValidate onSubmit={(event) => void submit(event)}>
      <p className="visit-line">{name ? t('checkOut.who', { name, time }) : t('checkOut.whoNoName', { time })}</p>
      {data.exitQuestionnaires.map((questionnaire) => (
        <section
          key={questionnaire.id}
          className="exit-questionnaire"
          aria-labelledby={`${idPrefix}-${questionnaire.id}`}
        >
          <h2 id={`${idPrefix}-${questionnaire.id}`}>{questionnaire.name}</h2>
          <QuestionList
            questionnaire={questionnaire}
            answers={fields.answers}
            onAnswer={fields.answer}
            idPrefix={idPrefix}
          />
        </section>
      ))}
      <CheckOutMeasureFields
        fields={fields}
        commentsEnabled={data.commentsEnabled}
        commentsLabel={t('wizard:comments.label')}
        idPrefix={idPrefix}
        storage={storage}
      />
      <div role="alert" className={error ? 'notice notice-error' : 'live-empty'}>
        {error}
      </div>
      <p role="status" className={valid ? 'live-empty' : 'wizard-hint'}>
        {valid ? '' : t('wizard:invalidStep')}
      </p>
      <div className="actions">
        <button type="submit" className="button primary" disabled={!valid || submitting}>
          {submitting ? t('checkOut.submitting') : t('checkOut.submit')}
        </button>
      </div>
    </form>
  );
}
