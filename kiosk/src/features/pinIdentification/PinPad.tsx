import { useTranslation } from 'react-i18next';

interface PinPadProps {
  id: string;
  label: string;
  hint?: string | null;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  error?: string | null;
}

const digits = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;

/**
 * A PIN typed on a numeric pad of large keys (a lobby tablet's fingers), or on a keyboard: the
 * field takes digits only, shows dots, and opens no on-screen keyboard of its own over the pad.
 */
export function PinPad({ id, label, hint, value, onChange, maxLength, error }: PinPadProps) {
  const { t } = useTranslation('publicVisit');
  const type = (digit: string) => {
    if (value.length < maxLength) onChange(`${value}${digit}`);
  };
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="field pin-pad" data-invalid={error ? true : undefined}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      <input
        id={id}
        type="password"
        inputMode="none"
        autoComplete="off"
        className="pin-display"
        value={value}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        onChange={(event) => onChange(event.target.value.replace(/\D/g, '').slice(0, maxLength))}
      />
      {error && (
        <p id={`${id}-error`} className="field-error">
          <span aria-hidden="true">⚠ </span>
          {error}
        </p>
      )}
      <div className="pin-keys" role="group" aria-label={t('pin.pad')}>
        {digits.map((digit) => (
          <button key={digit} type="button" className="pin-key" onClick={() => type(digit)}>
            {digit}
          </button>
        ))}
        <button
          type="button"
          className="pin-key pin-key-action"
          onClick={() => onChange('')}
          disabled={value === ''}
          aria-label={t('pin.clear')}
        >
          {t('pin.clearShort')}
        </button>
        <button type="button" className="pin-key" onClick={() => type('0')}>
          0
        </button>
        <button
          type="button"
          className="pin-key pin-key-action"
          onClick={() => onChange(value.slice(0, -1))}
          disabled={value === ''}
          aria-label={t('pin.erase')}
        >
          <span aria-hidden="true">⌫</span>
        </button>
      </div>
    </div>
  );
}
