import { DURATION_MAX_HOURS, minuteChoices } from '@vestibule/shared';
import { useWizardTexts } from './wizardTexts.tsx';

const hourChoices = Array.from({ length: DURATION_MAX_HOURS + 1 }, (_, hour) => hour);

interface DurationFieldProps {
  idPrefix: string;
  hours: number;
  minutes: number;
  required: boolean;
  problem: 'range' | 'required' | null;
  onChange: (hours: number, minutes: number) => void;
}

/** The visit's expected duration: hours 0 to 24, minutes in steps of 5. */
export function DurationField({ idPrefix, hours, minutes, required, problem, onChange }: DurationFieldProps) {
  const { t } = useWizardTexts();
  const errorId = `${idPrefix}-duration-error`;
  const message =
    problem === 'required'
      ? t('duration.required')
      : problem === 'range'
        ? t('duration.range', { max: DURATION_MAX_HOURS })
        : null;
  return (
    <fieldset className="field duration" aria-describedby={message ? errorId : undefined}>
      <legend className="field-label">
        {t('duration.legend')}
        {!required && <span className="field-optional"> {t('optional')}</span>}
      </legend>
      <div className="duration-selects">
        <label className="duration-part">
          <span>{t('duration.hours')}</span>
          <select
            value={hours}
            aria-invalid={message ? true : undefined}
            onChange={(event) => onChange(Number(event.target.value), minutes)}
          >
            {hourChoices.map((hour) => (
              <option key={hour} value={hour}>
                {t('duration.hoursOption', { count: hour })}
              </option>
            ))}
          </select>
        </label>
        <label className="duration-part">
          <span>{t('duration.minutes')}</span>
          <select
            value={minutes}
            aria-invalid={message ? true : undefined}
            onChange={(event) => onChange(hours, Number(event.target.value))}
          >
            {minuteChoices.map((minute) => (
              <option key={minute} value={minute}>
                {t('duration.minutesOption', { count: minute })}
              </option>
            ))}
          </select>
        </label>
      </div>
      {message && (
        <p id={errorId} className="field-error">
          <span aria-hidden="true">⚠ </span>
          {message}
        </p>
      )}
    </fieldset>
  );
}
