import { type CheckInField, type CheckInFieldKey, enabledFields, fieldError } from '@vestibule/shared';
import { type ComponentProps, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../ui/errorMessage.ts';
import { TextField } from '../../ui/TextField.tsx';
import type { PublicVisitApi, Registered, RegistrationBody, RegistrationPageData } from './publicVisit.api.ts';
import { ResultDialog, SuccessOnce } from './ResultDialog.tsx';
import { scheduleOf } from './schedule.ts';
import { ScheduleFields } from './ScheduleFields.tsx';
import { useAction } from './useAction.ts';
import { durationText } from './visitText.ts';
import { formatInZone } from './zonedTime.ts';

type Kind = Pick<ComponentProps<typeof TextField>, 'type' | 'inputMode' | 'autoComplete'>;

/** Keyboards on phones and autofill: the visitor registers from their own device. */
const inputKinds: Partial<Record<CheckInFieldKey, Kind>> = {
  firstName: { autoComplete: 'given-name' },
  lastName: { autoComplete: 'family-name' },
  fullName: { autoComplete: 'name' },
  email: { type: 'email', inputMode: 'email', autoComplete: 'email' },
  phone: { type: 'tel', inputMode: 'tel', autoComplete: 'tel' },
  companyName: { autoComplete: 'organization' },
  contractorCompanyName: { autoComplete: 'organization' },
};

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

interface RegistrationFieldsProps {
  page: RegistrationPageData;
  pending: boolean;
  onChangeType: () => void;
  onSubmit: (body: RegistrationBody) => void;
  children: ReactNode;
}

function RegistrationFields({ page, pending, onChangeType, onSubmit, children }: RegistrationFieldsProps) {
  const { t } = useTranslation('publicVisit');
  const { t: tw } = useTranslation('wizard');
  const idPrefix = useId().replace(/:/g, '');
  const zone = page.building.timeZoneId;
  const fields = enabledFields(page.checkInForm as Partial<Record<CheckInFieldKey, CheckInField>>);
  const [form, setForm] = useState<Record<string, string | boolean>>({});
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [when, setWhen] = useState({ date: '', time: '' });
  const [duration, setDuration] = useState(page.defaultDuration);
  const [consent, setConsent] = useState(false);
  const [tried, setTried] = useState(false);
  const schedule = scheduleOf(when.date, when.time, zone, duration);
  const problems = Object.fromEntries(fields.map(([key, field]) => [key, fieldError(key, field, form[key])]));
  const consentMissing = page.consentClauseActive && !consent;
  const invalid = Object.values(problems).some(Boolean) || schedule.problem !== null || consentMissing;
  const labelOf = (key: CheckInFieldKey, field: CheckInField) => field.label.trim() || tw(`fields.${key}`);
  const type = page.visitorType ?? 'VISITOR';
  return (
    <form
      noValidate
      aria-describedby={tried && invalid ? `${idPrefix}-invalid` : undefined}
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (invalid || !schedule.at) return;
        onSubmit({
          qrCodeKey: page.qrCodeKey,
          visitorType: type,
          checkInForm: form,
          scheduledAt: schedule.at.toISOString(),
          scheduledDuration: duration,
          consentAccepted: consent,
        });
      }}
    >
      <p>
        {t('registration.registeringAs', { type: t(`checkIn.types.${type}`) })}{' '}
        <button type="button" className="button secondary" onClick={onChangeType}>
          {t('registration.changeType')}
        </button>
      </p>
      {fields.map(([key, field]) => {
        const id = `${idPrefix}-field-${key}`;
        if (field.type === 'BOOLEAN') {
          return (
            <div className="field" key={key}>
              <label htmlFor={id} className="field-label">
                {labelOf(key, field)}
              </label>
              <select
                id={id}
                value={form[key] === true ? 'true' : 'false'}
                onChange={(event) => setForm({ ...form, [key]: event.target.value === 'true' })}
              >
                <option value="true">{tw('boolean.yes')}</option>
                <option value="false">{tw('boolean.no')}</option>
              </select>
            </div>
          );
        }
        const problem = tried || touched[key] ? problems[key] : null;
        const value = form[key];
        return (
          <TextField
            key={key}
            id={id}
            label={labelOf(key, field)}
            value={typeof value === 'string' ? value : ''}
            required={field.mandatory}
            maxLength={field.size}
            hint={key === 'email' ? t('registration.emailHint') : null}
            {...inputKinds[key]}
            error={problem ? tw(`fieldErrors.${problem}`, { max: field.size }) : null}
            onChange={(text) => setForm({ ...form, [key]: key === 'phone' ? text.replace(/[^\d+]/g, '') : text })}
            onBlur={() => setTouched({ ...touched, [key]: true })}
          />
        );
      })}
      <ScheduleFields
        idPrefix={idPrefix}
        legend={t('registration.when')}
        timeZone={zone}
        date={when.date}
        time={when.time}
        onChange={(date, time) => setWhen({ date, time })}
        problem={tried ? schedule.problem : null}
      />
      <div className="field">
        <label htmlFor={`${idPrefix}-duration`} className="field-label">
          {t('registration.duration')}
        </label>
        <select
          id={`${idPrefix}-duration`}
          className="duration-select"
          value={duration}
          onChange={(event) => {
            const chosen = page.durationChoices.find((choice) => choice === event.target.value);
            if (chosen) setDuration(chosen);
          }}
        >
          {page.durationChoices.map((choice) => (
            <option key={choice} value={choice}>
              {durationText(t, choice)}
            </option>
          ))}
        </select>
      </div>
      {page.consentClauseActive && (
        <fieldset className="field">
          <legend className="field-label">{t('registration.consentTitle')}</legend>
          <p className="consent-text">{page.consentClauseText}</p>
          <div className="consent-check">
            <input
              id={`${idPrefix}-consent`}
              type="checkbox"
              checked={consent}
              aria-invalid={tried && consentMissing ? true : undefined}
              onChange={(event) => setConsent(event.target.checked)}
            />
            <label htmlFor={`${idPrefix}-consent`}>{tw('consent.accept')}</label>
          </div>
        </fieldset>
      )}
      {tried && invalid && (
        <p id={`${idPrefix}-invalid`} className="notice notice-error" role="alert">
          {t('registration.invalid')}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="button primary" disabled={pending}>
          {pending ? t('registration.submitting') : t('registration.submit')}
        </button>
      </div>
      {children}
    </form>
  );
}
