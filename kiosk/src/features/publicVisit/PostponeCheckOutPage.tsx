import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../ui/errorMessage.ts';
import { useLoad } from '../../ui/useLoad.ts';
import {
  type DurationChoice,
  type PostponableVisit,
  type PublicVisit,
  type PublicVisitApi,
  publicVisitApi,
} from './publicVisit.api.ts';
import { ResultDialog, SuccessOnce } from './ResultDialog.tsx';
import { useAction } from './useAction.ts';
import { VisitPageFrame } from './VisitPageFrame.tsx';
import { durationText, endAfter } from './visitText.ts';
import { formatInZone, formatTimeInZone } from './zonedTime.ts';

/** /postponeCheckOut/{identifier}: the visitor stays longer (a scheduled visit or one in progress). */
export function PostponeCheckOutPage({
  identifier,
  api = publicVisitApi,
}: {
  identifier: string;
  api?: PublicVisitApi;
}) {
  const { t } = useTranslation('publicVisit');
  const page = useLoad(identifier, (signal) => api.postponable(identifier, signal));
  return (
    <VisitPageFrame title={t('postpone.title')} unavailableTitle={t('postpone.unavailableTitle')} page={page}>
      {(visit) => <PostponeForm key={visit.scheduledDuration} identifier={identifier} visit={visit} api={api} />}
    </VisitPageFrame>
  );
}

function PostponeForm({
  identifier,
  visit,
  api,
}: {
  identifier: string;
  visit: PostponableVisit;
  api: PublicVisitApi;
}) {
  const { t, i18n } = useTranslation('publicVisit');
  const locale = i18n.resolvedLanguage ?? 'en';
  const zone = visit.building.timeZoneId;
  const idPrefix = useId().replace(/:/g, '');
  const [choice, setChoice] = useState<DurationChoice | null>(visit.durationChoices[0] ?? null);
  const { state, run, reset } = useAction<PublicVisit>();
  const pending = state.status === 'pending';
  const start = visit.checkedInAt ?? visit.scheduledAt;
  if (state.status === 'success') {
    const date = formatInZone(state.result.expectedEnd, locale, zone);
    return (
      <>
        <p className="notice notice-info">{t('postpone.successText', { date })}</p>
        <SuccessOnce title={t('postpone.successTitle')}>
          <p>{t('postpone.successText', { date })}</p>
        </SuccessOnce>
      </>
    );
  }
  if (visit.durationChoices.length === 0) return <p className="notice notice-warning">{t('postpone.none')}</p>;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (choice) run(() => api.postpone(identifier, choice));
      }}
    >
      {visit.expectedEnd && <p>{t('postpone.plannedEnd', { date: formatInZone(visit.expectedEnd, locale, zone) })}</p>}
      <fieldset className="field">
        <legend className="field-label">{t('postpone.choose')}</legend>
        <div className="choice-list">
          {visit.durationChoices.map((duration) => {
            const end = endAfter(start, duration);
            const label = end
              ? t('postpone.option', { duration: durationText(t, duration), time: formatTimeInZone(end, locale, zone) })
              : durationText(t, duration);
            return (
              <label key={duration} htmlFor={`${idPrefix}-${duration}`}>
                <input
                  id={`${idPrefix}-${duration}`}
                  type="radio"
                  name={`${idPrefix}-duration`}
                  value={duration}
                  checked={choice === duration}
                  onChange={() => setChoice(duration)}
                />
                <span>{label}</span>
              </label>
            );
          })}
        </div>
      </fieldset>
      <div className="actions">
        <button type="submit" className="button primary" disabled={pending || choice === null}>
          {pending ? t('postpone.submitting') : t('postpone.submit')}
        </button>
      </div>
      {state.status === 'error' && (
        <ResultDialog outcome="error" title={t('postpone.errorTitle')} onClose={reset}>
          <p>{errorMessage(state.error, i18n)}</p>
        </ResultDialog>
      )}
    </form>
  );
}
