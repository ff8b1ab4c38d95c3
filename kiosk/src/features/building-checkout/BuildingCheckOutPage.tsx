import { ApiError } from '@vestibule/shared/api';
import { type FormEvent, useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n/i18n.ts';
import { PageFrame } from '../../ui/PageFrame.tsx';
import { LoadFailed, Loading } from '../../ui/Status.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { errorMessage } from '../../ui/errorMessage.ts';
import { formatTime } from '../../ui/formatTime.ts';
import { useFocusOnMount } from '../../ui/useFocusOnMount.ts';
import { useLoad } from '../../ui/useLoad.ts';
import { KioskIdleNotice } from '../checkin/KioskIdleNotice.tsx';
import { fetchCheckInBuilding } from '../checkin/checkin.api.ts';
import { useBuildingLanguage } from '../checkin/useBuildingLanguage.ts';
import { kioskIdleMs } from '../checkin/useIdleTimer.ts';
import { CheckOutDone } from '../checkout/CheckOutDone.tsx';
import { CheckOutForm } from '../checkout/CheckOutForm.tsx';
import { CheckOutScreen } from '../checkout/CheckOutPage.tsx';
import {
  type SelfCheckOutMatch,
  fetchBuildingCheckOutData,
  fetchCheckOutData,
  searchMeeting,
  searchOpenVisits,
} from '../checkout/checkout.api.ts';

type Screen =
  | { kind: 'search' }
  | { kind: 'results'; matches: SelfCheckOutMatch[] }
  | { kind: 'checkOut'; publicIdentifier: string }
  | { kind: 'done' };

const kioskChannel = { kiosk: true, mt: null };

/** /buildingCheckOut/{qrCodeKey}: a kiosk's self check-out, by last name, phone digits or visit code. */
export function BuildingCheckOutPage({ qrCodeKey, search }: { qrCodeKey: string; search: string }) {
  const { t, i18n } = useTranslation('publicVisit');
  const loaded = useLoad(qrCodeKey, (signal) =>
    Promise.all([fetchBuildingCheckOutData(qrCodeKey, signal), fetchCheckInBuilding(qrCodeKey, kioskChannel, signal)]),
  );
  const ready = loaded.status === 'ready' ? loaded.data : null;
  const baseLocale = useBuildingLanguage(ready?.[1].building.defaultLocale ?? null, true);
  const [session, setSession] = useState(0);
  const [inUse, setInUse] = useState(false);
  const reset = useCallback(() => {
    setSession((count) => count + 1);
    setInUse(false);
    window.scrollTo?.(0, 0);
  }, []);
  /** After a check-out the next person finds the kiosk as new, in its language. */
  const nextPerson = useCallback(() => {
    if (i18n.resolvedLanguage !== baseLocale) void i18n.changeLanguage(baseLocale);
    reset();
  }, [i18n, baseLocale, reset]);
  const building = ready ? { ...ready[1].building, name: ready[0].buildingName } : null;
  return (
    <PageFrame building={building} title={t('buildingCheckOut.title')} kiosk>
      {loaded.status === 'loading' && <Loading />}
      {loaded.status === 'error' && <LoadFailed error={loaded.error} onRetry={loaded.retry} />}
      {ready && (
        <SelfCheckOut key={session} qrCodeKey={qrCodeKey} onUse={() => setInUse(true)} onFinished={nextPerson} />
      )}
      {ready && <KioskIdleNotice inUse={inUse} idleMs={kioskIdleMs(search)} baseLocale={baseLocale} onReset={reset} />}
    </PageFrame>
  );
}

type SearchMode = 'lastName' | 'phone' | 'code';

function SelfCheckOut({
  qrCodeKey,
  onUse,
  onFinished,
}: {
  qrCodeKey: string;
  onUse: () => void;
  onFinished: () => void;
}) {
  const [screen, setScreen] = useState<Screen>({ kind: 'search' });
  const idPrefix = useId().replace(/:/g, '');
  switch (screen.kind) {
    case 'search':
      return (
        <SearchScreen
          qrCodeKey={qrCodeKey}
          idPrefix={idPrefix}
          onUse={onUse}
          onResults={(matches) => setScreen({ kind: 'results', matches })}
          onVisit={(publicIdentifier) => setScreen({ kind: 'checkOut', publicIdentifier })}
        />
      );
    case 'results':
      return (
        <ResultsScreen
          matches={screen.matches}
          onChoose={(publicIdentifier) => setScreen({ kind: 'checkOut', publicIdentifier })}
          onSearchAgain={() => setScreen({ kind: 'search' })}
        />
      );
    case 'checkOut':
      return (
        <CheckOutOfVisit
          publicIdentifier={screen.publicIdentifier}
          idPrefix={idPrefix}
          onDone={() => setScreen({ kind: 'done' })}
          onBack={() => setScreen({ kind: 'search' })}
        />
      );
    case 'done':
      return <CheckOutDone onDone={onFinished} />;
  }
}

interface SearchScreenProps {
  qrCodeKey: string;
  idPrefix: string;
  onUse: () => void;
  onResults: (matches: SelfCheckOutMatch[]) => void;
  onVisit: (publicIdentifier: string) => void;
}

function SearchScreen({ qrCodeKey, idPrefix, onUse, onResults, onVisit }: SearchScreenProps) {
  const { t, i18n } = useTranslation('publicVisit');
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const [mode, setMode] = useState<SearchMode>('lastName');
  const [lastName, setLastName] = useState('');
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [pin, setPin] = useState('');
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [searching, setSearching] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const problems = {
    lastName: mode === 'lastName' && lastName.trim() === '' ? t('buildingCheckOut.required') : null,
    phone: mode === 'phone' && !/^\d{4}$/.test(phone) ? t('buildingCheckOut.phoneInvalid') : null,
    code: mode === 'code' && code.trim() === '' ? t('buildingCheckOut.required') : null,
    pin: mode === 'code' && !/^\d{4}$/.test(pin) ? t('buildingCheckOut.pinInvalid') : null,
  };
  const valid = Object.values(problems).every((problem) => problem === null);
  const shown = (key: keyof typeof problems) => (touched[key] ? problems[key] : null);
  const touch = (key: string) => setTouched((current) => ({ ...current, [key]: true }));
  const typed = (set: (value: string) => void) => (value: string) => {
    onUse();
    set(value);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid || searching) return;
    setSearching(true);
    setError(null);
    try {
      if (mode === 'code') {
        const visit = await searchMeeting(code.trim(), pin);
        if (visit.status === 'IN') onVisit(visit.publicIdentifier);
        else onResults([]);
      } else {
        onResults(
          await searchOpenVisits(
            qrCodeKey,
            mode === 'lastName' ? { lastName: lastName.trim() } : { phoneLast4: phone },
          ),
        );
      }
    } catch (failure) {
      setSearching(false);
      if (failure instanceof ApiError && failure.status === 404) onResults([]);
      else setError(errorMessage(failure, i18n));
    }
  };

  const modes: [SearchMode, string][] = [
    ['lastName', t('buildingCheckOut.byLastName')],
    ['phone', t('buildingCheckOut.byPhone')],
    ['code', t('buildingCheckOut.byCode')],
  ];
  return (
    <section className="screen" aria-labelledby="search-heading">
      <h1 id="search-heading" ref={heading} tabIndex={-1}>
        {t('buildingCheckOut.title')}
      </h1>
      <form noValidate onSubmit={(event) => void submit(event)} className="search-form">
        <fieldset className="search-modes">
          <legend className="field-label">{t('buildingCheckOut.findBy')}</legend>
          <div className="choices choices-stacked">
            {modes.map(([value, label]) => (
              <label key={value} className="choice" data-selected={mode === value ? true : undefined}>
                <input
                  type="radio"
                  name={`${idPrefix}-mode`}
                  value={value}
                  checked={mode === value}
                  onChange={() => {
                    onUse();
                    setMode(value);
                  }}
                />
                <span>{label}</span>
              </label>
            ))}
          </div>
        </fieldset>
        {mode === 'lastName' && (
          <TextField
            id={`${idPrefix}-last-name`}
            label={t('buildingCheckOut.lastName')}
            required
            autoComplete="off"
            maxLength={64}
            showCounter={false}
            value={lastName}
            error={shown('lastName')}
            onChange={typed(setLastName)}
            onBlur={() => touch('lastName')}
          />
        )}
        {mode === 'phone' && (
          <TextField
            id={`${idPrefix}-phone`}
            label={t('buildingCheckOut.phoneLast4')}
            required
            inputMode="numeric"
            autoComplete="off"
            maxLength={4}
            showCounter={false}
            value={phone}
            error={shown('phone')}
            onChange={typed((value) => setPhone(value.replace(/\D/g, '')))}
            onBlur={() => touch('phone')}
          />
        )}
        {mode === 'code' && (
          <div className="code-fields">
            <TextField
              id={`${idPrefix}-code`}
              label={t('buildingCheckOut.code')}
              required
              autoComplete="off"
              maxLength={16}
              showCounter={false}
              value={code}
              error={shown('code')}
              onChange={typed((value) => setCode(value.toUpperCase()))}
              onBlur={() => touch('code')}
            />
            <TextField
              id={`${idPrefix}-pin`}
              label={t('buildingCheckOut.pin')}
              required
              inputMode="numeric"
              autoComplete="off"
              maxLength={4}
              showCounter={false}
              value={pin}
              error={shown('pin')}
              onChange={typed((value) => setPin(value.replace(/\D/g, '')))}
              onBlur={() => touch('pin')}
            />
          </div>
        )}
        <div role="alert" className={error ? 'notice notice-error' : 'live-empty'}>
          {error}
        </div>
        <div className="actions">
          <button type="submit" className="button primary" disabled={!valid || searching}>
            {searching ? t('buildingCheckOut.searching') : t('buildingCheckOut.search')}
          </button>
        </div>
      </form>
    </section>
  );
}

interface ResultsScreenProps {
  matches: SelfCheckOutMatch[];
  onChoose: (publicIdentifier: string) => void;
  onSearchAgain: () => void;
}

function ResultsScreen({ matches, onChoose, onSearchAgain }: ResultsScreenProps) {
  const { t } = useTranslation('publicVisit');
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const locale = currentLocale();
  return (
    <section className="screen" aria-labelledby="results-heading">
      <h1 id="results-heading" ref={heading} tabIndex={-1}>
        {t('buildingCheckOut.results')}
      </h1>
      {matches.length === 0 ? (
        <p className="notice notice-warning">{t('buildingCheckOut.noResult')}</p>
      ) : (
        <ul className="type-choices">
          {matches.map((match) => (
            <li key={match.publicIdentifier}>
              <button type="button" className="type-button" onClick={() => onChoose(match.publicIdentifier)}>
                <span className="type-label">
                  {t('buildingCheckOut.result', {
                    firstName: match.firstName,
                    lastInitial: match.lastInitial,
                    time: formatTime(match.checkedInAt, locale),
                  })}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="actions">
        <button type="button" className="button secondary" onClick={onSearchAgain}>
          {t('buildingCheckOut.searchAgain')}
        </button>
      </div>
    </section>
  );
}

interface CheckOutOfVisitProps {
  publicIdentifier: string;
  idPrefix: string;
  onDone: () => void;
  onBack: () => void;
}

function CheckOutOfVisit({ publicIdentifier, idPrefix, onDone, onBack }: CheckOutOfVisitProps) {
  const { t } = useTranslation('publicVisit');
  const data = useLoad(publicIdentifier, (signal) => fetchCheckOutData(publicIdentifier, signal));
  if (data.status === 'loading') return <Loading />;
  if (data.status === 'error') {
    return (
      <>
        <LoadFailed error={data.error} title={t('checkOut.notFoundTitle')} />
        <button type="button" className="button secondary" onClick={onBack}>
          {t('back')}
        </button>
      </>
    );
  }
  return (
    <CheckOutScreen>
      <CheckOutForm publicIdentifier={publicIdentifier} data={data.data} idPrefix={idPrefix} onDone={onDone} />
      <div className="actions">
        <button type="button" className="button secondary" onClick={onBack}>
          {t('back')}
        </button>
      </div>
    </CheckOutScreen>
  );
}
