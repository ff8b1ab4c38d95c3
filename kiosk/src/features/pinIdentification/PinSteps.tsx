import { PERSON_LIMITS, type PinIdentificationRequest, type PinIdentificationResult } from '@vestibule/shared';
import { ApiError } from '@vestibule/shared/api';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../ui/TextField.tsx';
import { errorMessage } from '../../ui/errorMessage.ts';
import { useFocusOnMount } from '../../ui/useFocusOnMount.ts';

export type PinMethod = PinIdentificationResult['method'];
type Credential = 'lastName' | 'email' | 'externalId';

interface PinStepsProps {
  method: PinMethod;
  /** Posts the typed credentials (POST /pinIdentification/{key}). */
  identify: (body: PinIdentificationRequest) => Promise<PinIdentificationResult>;
  onIdentified: (result: PinIdentificationResult) => void;
}

const digits = /^\d+$/;

/**
 * Step 1 the building PIN; step 2 the person's own credentials by the building's method (none
 * with PIN_BUILDING_ONLY, which identifies nobody). A wrong building PIN returns to step 1.
 */
export function PinSteps({ method, identify, onIdentified }: PinStepsProps) {
  const { t, i18n } = useTranslation('publicVisit');
  const id = useId();
  const buildingOnly = method === 'PIN_BUILDING_ONLY';
  const count = buildingOnly ? 2 : 3;
  const [step, setStep] = useState<1 | 2>(1);
  const [buildingPin, setBuildingPin] = useState('');
  const [personalPin, setPersonalPin] = useState('');
  const [credential, setCredential] = useState<Credential>('lastName');
  const [value, setValue] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const heading = useFocusOnMount<HTMLHeadingElement>();

  const pinError = (pin: string) =>
    !tried ? null : pin === '' ? t('pin.required') : digits.test(pin) ? null : t('pin.digitsOnly');
  const valueError = tried && value.trim() === '' ? t('pin.required') : null;

  const send = async () => {
    const body: PinIdentificationRequest = { buildingPin };
    if (!buildingOnly) {
      body.personalPin = personalPin;
      body[method === 'PERSONAL_PIN_AND_LASTNAME' ? 'lastName' : credential] = value.trim();
    }
    setBusy(true);
    setError(null);
    try {
      onIdentified(await identify(body));
    } catch (failure) {
      setError(errorMessage(failure, i18n));
      if (failure instanceof ApiError && failure.errorCode === 'PIN_IDENTIFICATION_INVALID_PIN_BUILDING') {
        setStep(1);
        setBuildingPin('');
      }
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (step === 1) {
      if (pinError(buildingPin) !== null || buildingPin === '' || !digits.test(buildingPin)) return;
      setTried(false);
      if (buildingOnly) void send();
      else {
        setError(null);
        setStep(2);
      }
      return;
    }
    if (personalPin === '' || !digits.test(personalPin) || value.trim() === '') return;
    void send();
  };

  const credentials: [Credential, string][] = [
    ['lastName', t('pin.byLastName')],
    ['email', t('pin.byEmail')],
    ['externalId', t('pin.byExternalId')],
  ];
  const valueLabel =
    credential === 'email' ? t('pin.email') : credential === 'externalId' ? t('pin.externalId') : t('pin.lastName');

  return (
    <section className="screen" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`} ref={heading} tabIndex={-1}>
        {t('pin.title')}
      </h1>
      <p className="field-hint" data-testid="pin-step">
        {t('pin.step', { step, count })}
      </p>
      {error && (
        <p role="alert" className="notice notice-error" data-testid="pin-error">
          {error}
        </p>
      )}
      <form noValidate onSubmit={submit} key={step}>
        {step === 1 ? (
          <TextField
            id={`${id}-building-pin`}
            label={t('pin.buildingPin')}
            hint={t('pin.buildingPinHint')}
            type="password"
            inputMode="numeric"
            autoComplete="off"
            required
            maxLength={8}
            showCounter={false}
            value={buildingPin}
            onChange={setBuildingPin}
            error={pinError(buildingPin)}
          />
        ) : (
          <>
            <TextField
              id={`${id}-personal-pin`}
              label={t('pin.personalPin')}
              type="password"
              inputMode="numeric"
              autoComplete="off"
              required
              maxLength={PERSON_LIMITS.pinMax}
              showCounter={false}
              value={personalPin}
              onChange={setPersonalPin}
              error={pinError(personalPin)}
            />
            {method === 'PERSONAL_PIN_AND_AUTOCOMPLETE' && (
              <fieldset className="search-modes">
                <legend className="field-label">{t('pin.identifyBy')}</legend>
                <div className="choices choices-stacked">
                  {credentials.map(([choice, label]) => (
                    <label key={choice} className="choice" data-selected={credential === choice ? true : undefined}>
                      <input
                        type="radio"
                        name={`${id}-credential`}
                        value={choice}
                        checked={credential === choice}
                        onChange={() => {
                          setCredential(choice);
                          setValue('');
                        }}
                      />
                      <span>{label}</span>
                    </label>
                  ))}
                </div>
              </fieldset>
            )}
            <TextField
              id={`${id}-credential-value`}
              label={valueLabel}
              type={credential === 'email' && method !== 'PERSONAL_PIN_AND_LASTNAME' ? 'email' : 'text'}
              autoComplete="off"
              required
              maxLength={credential === 'lastName' ? PERSON_LIMITS.name : PERSON_LIMITS.email}
              showCounter={false}
              value={value}
              onChange={setValue}
              error={valueError}
            />
          </>
        )}
        <div className="actions">
          <button type="submit" className="button primary" disabled={busy}>
            {busy ? t('pin.submitting') : step === 1 && !buildingOnly ? t('pin.next') : t('pin.submit')}
          </button>
          {step === 2 && (
            <button
              type="button"
              className="button secondary"
              onClick={() => {
                setError(null);
                setTried(false);
                setStep(1);
              }}
            >
              {t('back')}
            </button>
          )}
        </div>
      </form>
    </section>
  );
}
