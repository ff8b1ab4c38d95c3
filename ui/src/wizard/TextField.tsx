import type { HTMLInputAutoCompleteAttribute, ReactNode } from 'react';
import { useWizardTexts } from './wizardTexts.tsx';

export interface TextFieldProps {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** The error to show (only once the field was left), or null. */
  error?: string | null;
  required?: boolean;
  /**
   * Stops typing at this length. Screen readers are told the limit; the count shows once the value
   * nears it (`counterShown`), unless `showCounter` is false.
   */
  maxLength?: number;
  showCounter?: boolean;
  type?: 'text' | 'email' | 'tel' | 'search' | 'password';
  inputMode?: 'text' | 'email' | 'tel' | 'numeric' | 'decimal';
  autoComplete?: HTMLInputAutoCompleteAttribute;
  multiline?: boolean;
  disabled?: boolean;
  hint?: string | null;
  pattern?: string;
  className?: string;
}

/** The share of a field's limit from which its count shows: a count under every empty field is noise. */
const COUNTER_FROM = 0.8;

/** Whether a field's count shows: from 80 % of its limit on (a 10-character field from 8). */
export function counterShown(length: number, maxLength: number): boolean {
  return length >= Math.ceil(maxLength * COUNTER_FROM);
}

/** A labelled text input with its counter, hint and error, each tied to it for screen readers. */
export function TextField(props: TextFieldProps) {
  const { t } = useWizardTexts();
  const { id, label, value, onChange, onBlur, error, required = false, maxLength, multiline = false } = props;
  const counter = maxLength !== undefined && props.showCounter !== false;
  const countShown = counter && counterShown(value.length, maxLength);
  const described = [
    props.hint ? `${id}-hint` : null,
    counter ? `${id}-counter-hint` : null,
    error ? `${id}-error` : null,
  ].filter((part): part is string => part !== null);
  const common = {
    id,
    value,
    required,
    disabled: props.disabled,
    maxLength,
    autoComplete: props.autoComplete,
    inputMode: props.inputMode,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described.length > 0 ? described.join(' ') : undefined,
    onBlur,
  };
  return (
    <div className={`field${props.className ? ` ${props.className}` : ''}`} data-invalid={error ? true : undefined}>
      <label htmlFor={id} className="field-label">
        {label}
        {!required && <span className="field-optional"> {t('optional')}</span>}
      </label>
      {props.hint && (
        <p id={`${id}-hint`} className="field-hint">
          {props.hint}
        </p>
      )}
      {multiline ? (
        <textarea {...common} rows={3} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input
          {...common}
          type={props.type ?? 'text'}
          pattern={props.pattern}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      <div className="field-footer">
        {error ? (
          <p id={`${id}-error`} className="field-error">
            <span aria-hidden="true">⚠ </span>
            {error}
          </p>
        ) : (
          <span />
        )}
        {counter && (
          <span className="field-counter">
            {countShown && <span aria-hidden="true">{t('counter', { count: value.length, max: maxLength })}</span>}
            <span id={`${id}-counter-hint`} className="visually-hidden">
              {t('counterHint', { max: maxLength })}
            </span>
          </span>
        )}
      </div>
    </div>
  );
}
