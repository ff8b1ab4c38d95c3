import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../ui/errorMessage.ts';
import type { PublicVisitApi, Registered, RegistrationPageData } from './publicVisit.api.ts';
import { RegistrationFields } from './RegistrationFields.tsx';
import { ResultDialog, SuccessOnce } from './ResultDialog.tsx';
import { useAction } from './useAction.ts';
import { formatInZone } from './zonedTime.ts';

interface RegistrationFormProps {
  page: RegistrationPageData;
  api: PublicVisitApi;
  onChangeType: () => void;
}

/** The building's form of the chosen type, the day and time, the duration and the consent. */
export function RegistrationForm({ page, api, onChangeType }: RegistrationFormProps) {
  const [round, setRound] = useState(0);
  const { t, i18n } = useTranslation('publicVisit');
  const { state, run, reset } = useAction<Registered>();
  if (state.status === 'success') {
    const date = formatInZone(state.result.scheduledAt, i18n.resolvedLanguage ?? 'en', page.building.timeZoneId);
    const text = t('registration.successText', { email: state.result.email, date });
    return (
      <>
        <p className="notice notice-info">{text}</p>
        <button
          type="button"
          className="button secondary"
          onClick={() => {
            reset();
            setRound((n) => n + 1);
          }}
        >
          {t('registration.another')}
        </button>
        <SuccessOnce title={t('registration.successTitle')}>
          <p>{text}</p>
        </SuccessOnce>
      </>
    );
  }
  return (
    <RegistrationFields
      key={round}
      page={page}
      pending={state.status === 'pending'}
      onChangeType={onChangeType}
      onSubmit={(body) => run(() => api.register(body))}
    >
      {state.status === 'error' && (
        <ResultDialog outcome="error" title={t('registration.errorTitle')} onClose={reset}>
          <p>{errorMessage(state.error, i18n)}</p>
        </ResultDialog>
      )}
    </RegistrationFields>
  );
}
