import { useTranslation } from 'react-i18next';
import type { ScheduleProblem } from './schedule.ts';
import { scheduleDays } from './schedule.ts';

interface ScheduleFieldsProps {
  idPrefix: string;
  legend: string;
  timeZone: string;
  date: string;
  time: string;
  onChange: (date: string, time: string) => void;
  /** Shown once the visitor tried to send. */
  problem: ScheduleProblem | null;
}

/** A day and a time on the building's clock, each a labelled native input (keyboard and screen readers). */
export function ScheduleFields({ idPrefix, legend, timeZone, date, time, onChange, problem }: ScheduleFieldsProps) {
  const { t } = useTranslation('publicVisit');
  const { min, max } = scheduleDays(timeZone);
  const errorId = `${idPrefix}-schedule-error`;
  const dateInvalid = problem !== null && problem !== 'timeRequired' ? true : undefined;
  const timeInvalid = problem === 'timeRequired' || problem === 'dateOver' ? true : undefined;
  return (
    <fieldset className="field" aria-describedby={problem ? errorId : undefined}>
      <legend className="field-label">{legend}</legend>
      <div className="schedule-fields">
        <div className="field">
          <label htmlFor={`${idPrefix}-date`} className="field-label">
            {t('visitPage.date')}
          </label>
          <input
            id={`${idPrefix}-date`}
            type="date"
            required
            min={min}
            max={max}
            value={date}
            aria-invalid={dateInvalid}
            onChange={(event) => onChange(event.target.value, time)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${idPrefix}-time`} className="field-label">
            {t('visitPage.time')}
          </label>
          <input
            id={`${idPrefix}-time`}
            type="time"
            required
            step={300}
            value={time}
            aria-invalid={timeInvalid}
            onChange={(event) => onChange(date, event.target.value)}
          />
        </div>
      </div>
      {problem && (
        <p id={errorId} className="field-error">
          <span aria-hidden="true">⚠ </span>
          {t(`visitPage.${problem}`)}
        </p>
      )}
    </fieldset>
  );
}
