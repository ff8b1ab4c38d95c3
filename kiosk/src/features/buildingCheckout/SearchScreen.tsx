import { ApiError } from '@vestibule/shared/api';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SyncRunner } from '../../offline/runtime.ts';
import { TextField } from '../../ui/TextField.tsx';
import { errorMessage } from '../../ui/errorMessage.ts';
import { useFocusOnMount } from '../../ui/useFocusOnMount.ts';
import { searchMeeting, searchOpenVisits } from '../checkout/index.ts';
import {
  type CheckOutTarget,
  type FoundVisit,
  localByCode,
  localByLastName,
  targetOf,
  withLocalTargets,
} from './localCheckOut.ts';

type SearchMode = 'lastName' | 'phone' | 'code';

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

export function SearchScreen({
  qrCodeKey,
  runner,
  online,
  idPrefix,
  onUse,
  onResults,
  onVisit,
  onHome,
}: SearchScreenProps) {
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
          const { publicIdentifier } = visit;
          const target =
            visit.status === 'IN'
              ? await targetOf(db, qrCodeKey, { publicIdentifier }, { kind: 'server', publicIdentifier })
              : null;
          if (target) onVisit(target);
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
