import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../ui/errorMessage.ts';
import { useLoad } from '../../ui/useLoad.ts';
import { type PublicVisit, type PublicVisitApi, publicVisitApi } from './publicVisit.api.ts';
import { ResultDialog, SuccessOnce } from './ResultDialog.tsx';
import { scheduleOf } from './schedule.ts';
import { ScheduleFields } from './ScheduleFields.tsx';
import { useAction } from './useAction.ts';
import { VisitPageFrame } from './VisitPageFrame.tsx';
import { formatInZone, wallTimeOf } from './zonedTime.ts';

/** /rescheduleVisit/{identifier}: the visitor moves a visit that has not begun to another time. */
export function RescheduleVisitPage({
  identifier,
  api = publicVisitApi,
}: {
  identifier: string;
  api?: PublicVisitApi;
}) {
  const { t } = useTranslation('publicVisit');
  const page = useLoad(identifier, (signal) => api.reschedulable(identifier, signal));
  return (
    <VisitPageFrame title={t('reschedule.title')} unavailableTitle={t('reschedule.unavailableTitle')} page={page}>
      {(visit) => <RescheduleForm identifier={identifier} visit={visit} api={api} />}
    </VisitPageFrame>
  );
}

function RescheduleForm({ identifier, visit, api }: { identifier: string; visit: PublicVisit; api: PublicVisitApi }) {
  const { t, i18n } = useTranslation('publicVisit');
  const zone = visit.building.timeZoneId;
  const idPrefix = useId().replace(/:/g, '');
  const [when, setWhen] = useState(() =>
    visit.scheduledAt ? wallTimeOf(visit.scheduledAt, zone) : { date: '', time: '' },
  );
  const [tried, setTried] = useState(false);
  const { state, run, reset } = useAction<PublicVisit>();
  const pending = state.status === 'pending';
  const schedule = scheduleOf(when.date, when.time, zone, visit.scheduledDuration);
  if (state.status === 'success') {
    const date = formatInZone(state.result.scheduledAt, i18n.resolvedLanguage ?? 'en', zone);
    return (
      <>
        <p className="notice notice-info">{t('reschedule.successText', { date })}</p>
        <SuccessOnce title={t('reschedule.successTitle')}>
          <p>{t('reschedule.successText', { date })}</p>
        </SuccessOnce>
      </>
    );
  }
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        const { at } = schedule;
        if (at) run(() => api.reschedule(identifier, at.toISOString()));
      }}
    >
      <ScheduleFields
        idPrefix={idPrefix}
        legend={t('reschedule.legend')}
        timeZone={zone}
        date={when.date}
        time={when.time}
        onChange={(date, time) => setWhen({ date, time })}
        problem={tried ? schedule.problem : null}
      />
      <div className="actions">
        <button type="submit" className="button primary" disabled={pending}>
          {pending ? t('reschedule.submitting') : t('reschedule.submit')}
        </button>
      </div>
      {state.status === 'error' && (
        <ResultDialog outcome="error" title={t('reschedule.errorTitle')} onClose={reset}>
          <p>{errorMessage(state.error, i18n)}</p>
        </ResultDialog>
      )}
    </form>
  );
}
