import { ApiError } from '@vestibule/shared/api';
import { type FormEvent, useCallback, useEffect, useId, useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { navigate, pagePath } from '../../app/router.ts';
import { currentLocale } from '../../i18n/i18n.ts';
import type { KioskConfig } from '../../offline/kioskConfig.ts';
import type { SyncRunner } from '../../offline/runtime.ts';
import { useKioskConfig } from '../../offline/useKioskConfig.ts';
import { PageFrame } from '../../ui/PageFrame.tsx';
import { LoadFailed, Loading } from '../../ui/Status.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { errorMessage } from '../../ui/errorMessage.ts';
import { formatTime } from '../../ui/formatTime.ts';
import { useFocusOnMount } from '../../ui/useFocusOnMount.ts';
import { useLoad } from '../../ui/useLoad.ts';
import { KioskIdleNotice } from '../checkin/KioskIdleNotice.tsx';
import { useBuildingLanguage } from '../checkin/useBuildingLanguage.ts';
import { kioskIdleMs } from '../checkin/useIdleTimer.ts';
import { CheckOutDone } from '../checkout/CheckOutDone.tsx';
import { CheckOutForm } from '../checkout/CheckOutForm.tsx';
import { CheckOutScreen } from '../checkout/CheckOutPage.tsx';
import {
  type CheckOutRequest,
  checkOut,
  fetchCheckOutData,
  searchMeeting,
  searchOpenVisits,
} from '../checkout/checkout.api.ts';
import {
  type CheckOutTarget,
  type FoundVisit,
  checkOutLocally,
  closeLocalCopy,
  configCovers,
  localByCode,
  localByLastName,
  localCheckOutData,
  withLocalTargets,
} from './localCheckOut.ts';

type Screen =
  | { kind: 'search' }
  | { kind: 'results'; found: FoundVisit[]; offline: boolean }
  | { kind: 'checkOut'; target: CheckOutTarget }
  | { kind: 'done'; savedOffline: boolean };

/**
 * /buildingCheckOut/{qrCodeKey}: a kiosk's self check-out, by last name, phone digits or visit
 * code. It runs from the kiosk's cached configuration and finds visits among those the device
 * knows first (made here, or today's list from the server), so it works offline; a visit found
 * there is checked out through the outbox (SYNC.md). Online, a search that finds nothing on the
 * device asks the server, and a visit only the server knows is checked out with it.
 */
export function BuildingCheckOutPage({ qrCodeKey, search }: { qrCodeKey: string; search: string }) {
  const { t, i18n } = useTranslation('publicVisit');
  const [inUse, setInUse] = useState(false);
  // Idle: nobody at the kiosk and its own language; only then may a new configuration take over.
  const [idle, setIdle] = useState(true);
  const kiosk = useKioskConfig(qrCodeKey, idle);
  const config = kiosk.status === 'ready' ? kiosk.config : null;
  const baseLocale = useBuildingLanguage(config?.building.building.defaultLocale ?? null, true);
  const idleNow = !inUse && i18n.resolvedLanguage === baseLocale;
  if (idle !== idleNow) setIdle(idleNow);
  const { runner } = kiosk;
  // Today's visits are re-read as the page opens, so the device's list is fresh when online.
  useEffect(() => {
    runner.refreshVisitsSoon();
  }, [runner]);
  const sync = useSyncExternalStore(runner.subscribe, runner.getSnapshot);
  const online = sync.online && sync.failures === 0;
  /** Back to the kiosk's welcome screen (its home), where a new configuration or version may apply. */
  const home = useCallback(() => {
    navigate(`${pagePath('checkinKiosk', qrCodeKey)}${search}`, { replace: true });
  }, [qrCodeKey, search]);
  /** After a check-out the next person finds the kiosk as new, in its language. */
  const nextPerson = useCallback(() => {
    if (i18n.resolvedLanguage !== baseLocale) void i18n.changeLanguage(baseLocale);
    home();
  }, [i18n, baseLocale, home]);
  return (
    <PageFrame building={config?.building.building} title={t('buildingCheckOut.title')} kiosk>
      {kiosk.status === 'loading' && <Loading />}
      {kiosk.status === 'error' && (
        <LoadFailed title={t('offline.setupFailed')} error={kiosk.error} onRetry={kiosk.retry} />
      )}
      {config && (
        <SelfCheckOut
          qrCodeKey={qrCodeKey}
          config={config}
          runner={runner}
          online={online}
          onUse={() => setInUse(true)}
          onFinished={nextPerson}
          onHome={home}
        />
      )}
      {config && <KioskIdleNotice inUse idleMs={kioskIdleMs(search)} baseLocale={baseLocale} onReset={home} />}
    </PageFrame>
  );
}

type SearchMode = 'lastName' | 'phone' | 'code';

interface SelfCheckOutProps {
  qrCodeKey: string;
  config: KioskConfig;
  runner: SyncRunner;
  online: boolean;
  onUse: () => void;
  onFinished: () => void;
  /** Back to the kiosk's check-in (a fullscreen tablet has no Back button). */
  onHome: () => void;
}

function SelfCheckOut({ qrCodeKey, config, runner, online, onUse, onFinished, onHome }: SelfCheckOutProps) {
  const { t } = useTranslation('publicVisit');
  const [screen, setScreen] = useState<Screen>({ kind: 'search' });
  const idPrefix = useId().replace(/:/g, '');
  /**
   * A visit of a person type the cached configuration lacks (no exit questionnaires cached) is
   * checked out with the server when it can be; offline, through the outbox all the same.
   */
  const open = (target: CheckOutTarget) => {
    const publicIdentifier = target.kind === 'local' ? target.visit.publicIdentifier : null;
    const useServer = target.kind === 'local' && online && publicIdentifier && !configCovers(config, target.visit);
    setScreen({ kind: 'checkOut', target: useServer ? { kind: 'server', publicIdentifier } : target });
  };
  switch (screen.kind) {
    case 'search':
      return (
        <SearchScreen
          qrCodeKey={qrCodeKey}
          runner={runner}
          online={online}
          idPrefix={idPrefix}
          onUse={onUse}
          onResults={(found, offline) => setScreen({ kind: 'results', found, offline })}
          onVisit={open}
          onHome={onHome}
        />
      );
    case 'results':
      return (
        <ResultsScreen
          found={screen.found}
          offline={screen.offline}
          onChoose={open}
          onSearchAgain={() => setScreen({ kind: 'search' })}
        />
      );
    case 'checkOut':
      return (
        <CheckOutOfVisit
          target={screen.target}
          config={config}
          runner={runner}
          idPrefix={idPrefix}
          onDone={() => setScreen({ kind: 'done', savedOffline: screen.target.kind === 'local' && !online })}
          onBack={() => setScreen({ kind: 'search' })}
        />
      );
    case 'done':
      return (
        <CheckOutDone onDone={onFinished}>
          {screen.savedOffline && (
            <p className="notice notice-info" data-testid="checkout-saved-offline">
              {t('buildingCheckOut.savedOffline')}
            </p>
          )}
        </CheckOutDone>
      );
  }
}

interface SearchScreenProps {
  qrCodeKey: string;
  runner: SyncRunner;
  /** Whether the kiosk reaches the server: offline, the phone search (server only) is not offered. */
  online: boolean;
  idPrefix: string;
  onUse: () => void;
  onResults: (found: FoundVisit[], offline: boolean) => void;
  onVisit: (target: CheckOutTarget) => void;
  onHome: () => void;
}

function SearchScreen({ qrCodeKey, runner, online, idPrefix, onUse, onResults, onVisit, onHome }: SearchScreenProps) {
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
  const offlineId = `${idPrefix}-offline`;

  const problems = {
    lastName: mode === 'lastName' && lastName.trim() === '' ? t('buildingCheckOut.required') : null,
    phone: mode === 'phone' && !/^\d{4}$/.test(phone) ? t('buildingCheckOut.phoneInvalid') : null,
    code: mode === 'code' && code.trim() === '' ? t('buildingCheckOut.required') : null,
    // Offline, a visit of the server's list is found by its code alone (see localByCode).
    pin: mode === 'code' && !(online ? /^\d{4}$/ : /^(\d{4})?$/).test(pin) ? t('buildingCheckOut.pinInvalid') : null,
  };
  const phoneUnavailable = mode === 'phone' && !online;
  const valid = !phoneUnavailable && Object.values(problems).every((problem) => problem === null);
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
    const db = runner.db;
    try {
      if (mode === 'code') {
        const local = await localByCode(db, qrCodeKey, code, pin, online);
        if (local) onVisit({ kind: 'local', visit: local });
        else if (!online) onResults([], true);
        else {
          const visit = await searchMeeting(code.trim(), pin);
          const match = { publicIdentifier: visit.publicIdentifier, firstName: '', lastInitial: '', checkedInAt: '' };
          const [found] = visit.status === 'IN' ? await withLocalTargets(db, qrCodeKey, [match]) : [];
          if (found) onVisit(found.target);
          else onResults([], false);
        }
      } else if (mode === 'lastName') {
        const local = await localByLastName(db, qrCodeKey, lastName);
        // Online and nothing on the device: the server's search (a visit made elsewhere moments ago).
        if (local.length > 0 || !online) onResults(local, !online);
        else
          onResults(
            await withLocalTargets(db, qrCodeKey, await searchOpenVisits(qrCodeKey, { lastName: lastName.trim() })),
            false,
          );
      } else {
        onResults(
          await withLocalTargets(db, qrCodeKey, await searchOpenVisits(qrCodeKey, { phoneLast4: phone })),
          false,
        );
      }
    } catch (failure) {
      setSearching(false);
      if (failure instanceof ApiError && failure.status === 404) onResults([], false);
      else if (failure instanceof ApiError && failure.status === 0) {
        // The network is down after all: what the device knows (nothing) is the answer.
        void runner.request();
        onResults([], true);
      } else setError(errorMessage(failure, i18n));
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
      <div role="status" className={online ? 'live-empty' : undefined}>
        {!online && (
          <p id={offlineId} className="notice notice-info" data-testid="checkout-offline">
            {t('buildingCheckOut.offline')}
          </p>
        )}
      </div>
      <form noValidate onSubmit={(event) => void submit(event)} className="search-form">
        <fieldset className="search-modes">
          <legend className="field-label">{t('buildingCheckOut.findBy')}</legend>
          <div className="choices choices-stacked">
            {modes.map(([value, label]) => {
              const unavailable = value === 'phone' && !online;
              return (
                <label key={value} className="choice" data-selected={mode === value ? true : undefined}>
                  <input
                    type="radio"
                    name={`${idPrefix}-mode`}
                    value={value}
                    checked={mode === value}
                    disabled={unavailable}
                    aria-describedby={unavailable ? offlineId : undefined}
                    onChange={() => {
                      onUse();
                      setMode(value);
                    }}
                  />
                  <span>{label}</span>
                </label>
              );
            })}
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
            disabled={phoneUnavailable}
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
              required={online}
              hint={online ? null : t('buildingCheckOut.pinOfflineHint')}
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
      <p className="back-home">
        <button type="button" className="button link" onClick={onHome}>
          {t('buildingCheckOut.backToCheckIn')}
        </button>
      </p>
    </section>
  );
}

interface ResultsScreenProps {
  found: FoundVisit[];
  /** Found on the device alone (the kiosk is offline). */
  offline: boolean;
  onChoose: (target: CheckOutTarget) => void;
  onSearchAgain: () => void;
}

function ResultsScreen({ found, offline, onChoose, onSearchAgain }: ResultsScreenProps) {
  const { t } = useTranslation('publicVisit');
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const locale = currentLocale();
  return (
    <section className="screen" aria-labelledby="results-heading">
      <h1 id="results-heading" ref={heading} tabIndex={-1}>
        {t('buildingCheckOut.results')}
      </h1>
      {found.length === 0 ? (
        <p className="notice notice-warning">
          {offline ? t('buildingCheckOut.noResultOffline') : t('buildingCheckOut.noResult')}
        </p>
      ) : (
        <ul className="type-choices">
          {found.map((visit) => (
            <li key={visit.key}>
              <button type="button" className="type-button" onClick={() => onChoose(visit.target)}>
                <span className="type-label">
                  {t('buildingCheckOut.result', {
                    firstName: visit.firstName,
                    lastInitial: visit.lastInitial,
                    time: formatTime(visit.checkedInAt, locale),
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
  target: CheckOutTarget;
  config: KioskConfig;
  runner: SyncRunner;
  idPrefix: string;
  onDone: () => void;
  onBack: () => void;
}

function CheckOutOfVisit({ target, ...props }: CheckOutOfVisitProps) {
  return target.kind === 'local' ? (
    <LocalCheckOut visit={target.visit} {...props} />
  ) : (
    <ServerCheckOut publicIdentifier={target.publicIdentifier} {...props} />
  );
}

type VisitCheckOutProps = Omit<CheckOutOfVisitProps, 'target'>;

/** A visit the device knows: the form from the cached configuration, committed to the outbox. */
function LocalCheckOut({
  visit,
  config,
  runner,
  idPrefix,
  onDone,
  onBack,
}: VisitCheckOutProps & { visit: Extract<CheckOutTarget, { kind: 'local' }>['visit'] }) {
  const data = useMemo(() => localCheckOutData(config, visit), [config, visit]);
  const send = useCallback((body: CheckOutRequest) => checkOutLocally(runner, visit.id, body), [runner, visit.id]);
  return (
    <CheckOutScreen>
      <CheckOutForm
        publicIdentifier={visit.publicIdentifier ?? visit.id}
        data={data}
        idPrefix={idPrefix}
        send={send}
        onDone={onDone}
      />
      <BackButton onBack={onBack} />
    </CheckOutScreen>
  );
}

/** A visit only the server found: its check-out data and the check-out itself need the network. */
function ServerCheckOut({
  publicIdentifier,
  runner,
  idPrefix,
  onDone,
  onBack,
}: VisitCheckOutProps & { publicIdentifier: string }) {
  const { t } = useTranslation('publicVisit');
  const data = useLoad(publicIdentifier, (signal) => fetchCheckOutData(publicIdentifier, signal));
  const send = useCallback(
    async (body: CheckOutRequest) => {
      await checkOut(publicIdentifier, body);
      await closeLocalCopy(runner.db, publicIdentifier);
    },
    [publicIdentifier, runner],
  );
  if (data.status === 'loading') return <Loading />;
  if (data.status === 'error') {
    return (
      <>
        <LoadFailed error={data.error} title={t('checkOut.notFoundTitle')} />
        <BackButton onBack={onBack} />
      </>
    );
  }
  return (
    <CheckOutScreen>
      <CheckOutForm
        publicIdentifier={publicIdentifier}
        data={data.data}
        idPrefix={idPrefix}
        send={send}
        onDone={onDone}
      />
      <BackButton onBack={onBack} />
    </CheckOutScreen>
  );
}

function BackButton({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation('publicVisit');
  return (
    <div className="actions">
      <button type="button" className="button secondary" onClick={onBack}>
        {t('back')}
      </button>
    </div>
  );
}
