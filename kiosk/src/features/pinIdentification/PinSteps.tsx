import { PERSON_LIMITS, type PinIdentificationRequest, type PinIdentificationResult } from '@vestibule/shared';
import { ApiError } from '@vestibule/shared/api';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../ui/Link.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { errorMessage } from '../../ui/errorMessage.ts';
import { useFocusOnMount } from '../../ui/useFocusOnMount.ts';
import { PinPad } from './PinPad.tsx';

export type PinMethod = PinIdentificationResult['method'];
type Credential = 'lastName' | 'email' | 'externalId';

interface PinStepsProps {
  method: PinMethod;
  /**
   * Whether the building PIN is asked: a phone types it; an enrolled kiosk's credential stands
   * for it (docs/check-in.md, "By PIN").
   */
  buildingPinAsked: boolean;
  /** Posts the typed credentials (POST /pinIdentification/{key}). */
  identify: (body: PinIdentificationRequest) => Promise<PinIdentificationResult>;
  onIdentified: (result: PinIdentificationResult) => void;
  /** Back from the first screen: a kiosk's welcome screen, or the phone's check-in page. */
  onLeave: () => void;
  /** Where a person already in checks out (their visit's link when the server named it). */
  checkOutHref: (publicIdentifier: string | null) => string | null;
}

/**
 * The building PIN (a phone only), then the person's own credentials by the building's method:
 * who they are, and their personal PIN on a numeric pad (none with PIN_BUILDING_ONLY, which
 * identifies nobody). One Back button goes one screen back. A wrong building PIN returns to it;
 * a person already in is told so, with the way to check out.
 */
export function PinSteps({ method, buildingPinAsked, identify, onIdentified, onLeave, checkOutHref }: PinStepsProps) {
  const { t, i18n } = useTranslation('publicVisit');
  const id = useId();
  const buildingOnly = method === 'PIN_BUILDING_ONLY';
  const [step, setStep] = useState<'building' | 'person'>(buildingPinAsked ? 'building' : 'person');
  const [buildingPin, setBuildingPin] = useState('');
  const [personalPin, setPersonalPin] = useState('');
  const [credential, setCredential] = useState<Credential>('lastName');
  const [value, setValue] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [alreadyIn, setAlreadyIn] = useState<{ publicIdentifier: string | null } | null>(null);
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const lastStep = step === 'person' || buildingOnly;

  const required = (text: string) => (tried && text.trim() === '' ? t('pin.required') : null);

  const send = async () => {
    const body: PinIdentificationRequest = buildingPinAsked ? { buildingPin } : {};
    if (!buildingOnly) {
      body.personalPin = personalPin;
      body[method === 'PERSONAL_PIN_AND_LASTNAME' ? 'lastName' : credential] = value.trim();
    }
    setBusy(true);
    setError(null);
    try {
      onIdentified(await identify(body));
    } catch (failure) {
      if (failure instanceof ApiError && failure.errorCode === 'PIN_IDENTIFICATION_ALREADY_REGISTERED') {
        const publicIdentifier = failure.params?.publicIdentifier;
        setAlreadyIn({ publicIdentifier: typeof publicIdentifier === 'string' ? publicIdentifier : null });
        return;
      }
      setError(errorMessage(failure, i18n));
      if (failure instanceof ApiError && failure.errorCode === 'PIN_IDENTIFICATION_INVALID_PIN_BUILDING') {
        setStep('building');
        setBuildingPin('');
      }
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (step === 'building') {
      if (buildingPin === '') return;
      setTried(false);
      if (buildingOnly) void send();
      else {
        setError(null);
        setStep('person');
      }
      return;
    }
    if (!buildingOnly && (personalPin === '' || value.trim() === '')) return;
    void send();
  };

  const back = () => {
    setError(null);
    setTried(false);
    if (step === 'person' && buildingPinAsked) setStep('building');
    else onLeave();
  };

  if (alreadyIn) return <AlreadyIn checkOutHref={checkOutHref(alreadyIn.publicIdentifier)} onLeave={onLeave} />;

  const credentials: [Credential, string][] = [
    ['lastName', t('pin.byLastName')],
    ['email', t('pin.byEmail')],
    ['externalId', t('pin.byExternalId')],
  ];
  const valueLabel =
    credential === 'email' ? t('pin.email') : credential === 'externalId' ? t('pin.externalId') : t('pin.lastName');

  return (
    <section className="screen pin-steps" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`} ref={heading} tabIndex={-1}>
        {t('pin.title')}
      </h1>
      {error && (
        <p role="alert" className="notice notice-error" data-testid="pin-error">
          {error}
        </p>
      )}
      <form noValidate onSubmit={submit} key={step}>
        {step === 'building' ? (
          <PinPad
            id={`${id}-building-pin`}
            label={t('pin.buildingPin')}
            hint={t('pin.buildingPinHint')}
            maxLength={8}
            value={buildingPin}
            onChange={setBuildingPin}
            error={required(buildingPin)}
          />
        ) : (
          !buildingOnly && (
            <>
              {method === 'PERSONAL_PIN_AND_AUTOCOMPLETE' && (
                <fieldset className="search-modes">
                  <legend className="field-label">{t('pin.identifyBy')}</legend>
                  <div className="choices">
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
                error={required(value)}
              />
              <PinPad
                id={`${id}-personal-pin`}
                label={t('pin.personalPin')}
                maxLength={PERSON_LIMITS.pinMax}
                value={personalPin}
                onChange={setPersonalPin}
                error={required(personalPin)}
              />
            </>
          )
        )}
        <div className="actions">
          <button type="submit" className="button primary" disabled={busy}>
            {busy ? t('pin.submitting') : lastStep ? t('pin.submit') : t('pin.next')}
          </button>
          <button type="button" className="button secondary" onClick={back}>
            {t('back')}
          </button>
        </div>
      </form>
    </section>
  );
}

/** A person already in: told so as information, with the way to check out (not an error). */
function AlreadyIn({ checkOutHref, onLeave }: { checkOutHref: string | null; onLeave: () => void }) {
  const { t } = useTranslation('publicVisit');
  const id = useId();
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <section className="screen" aria-labelledby={id}>
      <h1 id={id} ref={heading} tabIndex={-1}>
        {t('alreadyIn.title')}
      </h1>
      <p className="notice notice-info" role="status" data-testid="pin-already-in">
        {checkOutHref ? t('pin.alreadyIn') : t('pin.alreadyInNoLink')}
      </p>
      <div className="actions">
        {checkOutHref && (
          <Link className="button primary" href={checkOutHref}>
            {t('checkIn.checkOut')}
          </Link>
        )}
        <button type="button" className="button secondary" onClick={onLeave}>
          {t('back')}
        </button>
      </div>
    </section>
  );
}
