import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../ui/errorMessage.ts';
import { useLoad } from '../../ui/useLoad.ts';
import { type PublicVisit, type PublicVisitApi, publicVisitApi } from './publicVisit.api.ts';
import { ResultDialog, SuccessOnce } from './ResultDialog.tsx';
import { useAction } from './useAction.ts';
import { VisitPageFrame } from './VisitPageFrame.tsx';
import { formatInZone } from './zonedTime.ts';

/** /cancelVisit/{identifier}: the visitor cancels a visit that has not begun (the invitation's link). */
export function CancelVisitPage({ identifier, api = publicVisitApi }: { identifier: string; api?: PublicVisitApi }) {
  const { t } = useTranslation('publicVisit');
  const page = useLoad(identifier, (signal) => api.cancelable(identifier, signal));
  return (
    <VisitPageFrame title={t('cancelVisit.title')} unavailableTitle={t('cancelVisit.unavailableTitle')} page={page}>
      {(visit) => <CancelVisitAction identifier={identifier} visit={visit} api={api} />}
    </VisitPageFrame>
  );
}

function CancelVisitAction({
  identifier,
  visit,
  api,
}: {
  identifier: string;
  visit: PublicVisit;
  api: PublicVisitApi;
}) {
  const { t, i18n } = useTranslation('publicVisit');
  const { state, run, reset } = useAction<PublicVisit>();
  const pending = state.status === 'pending';
  if (state.status === 'success') {
    const date = formatInZone(visit.scheduledAt, i18n.resolvedLanguage ?? 'en', visit.building.timeZoneId);
    return <CancelledNotice date={date} />;
  }
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        run(() => api.cancel(identifier));
      }}
    >
      <p>{t('cancelVisit.intro')}</p>
      <div className="actions">
        <button type="submit" className="button primary" disabled={pending}>
          {pending ? t('cancelVisit.submitting') : t('cancelVisit.submit')}
        </button>
      </div>
      {state.status === 'error' && (
        <ResultDialog outcome="error" title={t('cancelVisit.errorTitle')} onClose={reset}>
          <p>{errorMessage(state.error, i18n)}</p>
        </ResultDialog>
      )}
    </form>
  );
}

function CancelledNotice({ date }: { date: string }) {
  const { t } = useTranslation('publicVisit');
  return (
    <>
      <p className="notice notice-info">{t('cancelVisit.done')}</p>
      <SuccessOnce title={t('cancelVisit.successTitle')}>
        <p>{t('cancelVisit.successText', { date })}</p>
      </SuccessOnce>
    </>
  );
}
