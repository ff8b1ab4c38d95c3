import { enabledFields, fieldError } from '@vestibule/shared';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RegistrationBody, RegistrationPageData } from './publicVisit.api.ts';
import { RegistrationField } from './RegistrationField.tsx';
import { scheduleOf } from './schedule.ts';
import { ScheduleFields } from './ScheduleFields.tsx';
import { durationText } from './visitText.ts';

interface RegistrationFieldsProps {
  page: RegistrationPageData;
  pending: boolean;
  onChangeType: () => void;
  onSubmit: (body: RegistrationBody) => void;
  children: ReactNode;
}

/** The form's fields, the day and time, the duration and the consent; sends only what the server would accept. */
export function RegistrationFields({ page, pending, onChangeType, onSubmit, children }: RegistrationFieldsProps) {
  const { t } = useTranslation('publicVisit');
  const { t: tw } = useTranslation('wizard');
  const idPrefix = useId().replace(/:/g, '');
  const zone = page.building.timeZoneId;
  const fields = enabledFields(page.checkInForm);
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
      {fields.map(([key, field]) => (
        <RegistrationField
          key={key}
          id={`${idPrefix}-field-${key}`}
          fieldKey={key}
          field={field}
          value={form[key]}
          problem={tried || touched[key] ? problems[key] : null}
          onChange={(value) => setForm({ ...form, [key]: value })}
          onBlur={() => setTouched({ ...touched, [key]: true })}
        />
      ))}
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
