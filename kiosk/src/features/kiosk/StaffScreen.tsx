import { useLiveQuery } from 'dexie-react-hooks';
import { type FormEvent, useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n/i18n.ts';
import { APP_VERSION } from '../../offline/appVersion.ts';
import { refreshResolutions } from '../../offline/configCache.ts';
import type { KioskConfig } from '../../offline/kioskConfig.ts';
import type { OutboxEntry } from '../../offline/kioskDb.ts';
import type { SyncRunner } from '../../offline/runtime.ts';
import { staffPinAccepted, staffPinMatches } from '../../offline/staffPin.ts';
import { useFocusOnMount } from '../../ui/useFocusOnMount.ts';
import { EvacuationView } from '../evacuation/index.ts';
import { HeldVisitors } from './HeldVisitors.tsx';

interface StaffScreenProps {
  config: KioskConfig;
  runner: SyncRunner;
  onClose: () => void;
}

/** Five wrong PINs lock the screen for a minute (the PIN has 4 digits). */
const MAX_ATTEMPTS = 5;
const LOCK_MS = 60_000;
let failedAttempts = 0;
let lockedUntil = 0;

/** The kiosk's staff screen, behind the building's PIN code: how the device and its sync stand. */
export function StaffScreen({ config, runner, onClose }: StaffScreenProps) {
  // The PIN it was opened with, kept while it is open: deciding on a held visitor asks it again.
  const [pin, setPin] = useState<string | null>(null);
  // The evacuation list, from the device's own data: offline too.
  const [evacuation, setEvacuation] = useState(false);
  if (pin !== null && evacuation) return <EvacuationView runner={runner} onBack={() => setEvacuation(false)} />;
  return pin !== null ? (
    <StaffPanel config={config} runner={runner} pin={pin} onClose={onClose} onEvacuation={() => setEvacuation(true)} />
  ) : (
    <PinGate config={config} onUnlock={setPin} onClose={onClose} />
  );
}

function PinGate({
  config,
  onUnlock,
  onClose,
}: {
  config: KioskConfig;
  onUnlock: (pin: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('publicVisit');
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const hash = config.staffPinHash;
  const hasPin = config.staffPinCheck === 'server' || (config.staffPinCheck === 'device' && hash !== null);

  const check = async (): Promise<boolean | null> => {
    if (config.staffPinCheck === 'device' && hash) return staffPinMatches(pin, hash, config.building.building.id);
    try {
      return await staffPinAccepted(config.building.qrCodeKey, pin);
    } catch {
      return null;
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!hasPin) return;
    if (Date.now() < lockedUntil) {
      setError(t('staff.locked'));
      return;
    }
    setChecking(true);
    const ok = await check();
    setChecking(false);
    if (ok === null) {
      // This building's PIN is checked by the server, and the kiosk cannot reach it now.
      setError(t('staff.needsNetwork'));
      return;
    }
    if (ok) {
      failedAttempts = 0;
      onUnlock(pin);
      return;
    }
    failedAttempts++;
    if (failedAttempts >= MAX_ATTEMPTS) {
      failedAttempts = 0;
      lockedUntil = Date.now() + LOCK_MS;
      setError(t('staff.locked'));
    } else setError(t('staff.wrongPin'));
    setPin('');
  };

  return (
    <section className="screen" aria-labelledby="staff-heading">
      <h1 id="staff-heading" ref={heading} tabIndex={-1}>
        {t('staff.title')}
      </h1>
      {hasPin ? (
        <form className="staff-pin" onSubmit={(event) => void submit(event)} noValidate>
          <label htmlFor="staff-pin">{t('staff.pin')}</label>
          <input
            id="staff-pin"
            name="pin"
            type="password"
            inputMode="numeric"
            autoComplete="off"
            maxLength={4}
            pattern="[0-9]*"
            value={pin}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'staff-pin-error' : undefined}
            onChange={(event) => setPin(event.target.value.replace(/\D/g, '').slice(0, 4))}
          />
          <p id="staff-pin-error" role="alert" className={error ? 'notice notice-error' : 'live-empty'}>
            {error}
          </p>
          <div className="actions">
            <button type="submit" className="button primary" disabled={checking || pin.length === 0}>
              {t('staff.unlock')}
            </button>
            <button type="button" className="button secondary" onClick={onClose}>
              {t('back')}
            </button>
          </div>
        </form>
      ) : (
        <>
          <p className="notice notice-warning">{t('staff.noPin')}</p>
          <button type="button" className="button secondary" onClick={onClose}>
            {t('back')}
          </button>
        </>
      )}
    </section>
  );
}

function StaffPanel({
  config,
  runner,
  pin,
  onClose,
  onEvacuation,
}: StaffScreenProps & { pin: string; onEvacuation: () => void }) {
  const { t } = useTranslation('publicVisit');
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const db = runner.db;
  const state = useSyncExternalStore(runner.subscribe, runner.getSnapshot);
  const meta = useLiveQuery(
    async () => Object.fromEntries((await db.meta.toArray()).map((m) => [m.key, m.value])),
    [db],
  );
  const pending = useLiveQuery(() => db.outbox.where('status').equals('pending').count(), [db]);
  const refused = useLiveQuery(() => db.outbox.where('status').equals('rejected').sortBy('seq'), [db]);
  const rejected = refused?.filter((entry) => !entry.resolvedAt);
  const resolvedCount = (refused?.length ?? 0) - (rejected?.length ?? 0);
  useEffect(() => {
    // Offline this fails quietly: the list then shows what the device knows.
    refreshResolutions(db, runner.qrCodeKey).catch(() => undefined);
  }, [db, runner]);
  const stored = useLiveQuery(() => db.config.get(runner.qrCodeKey), [db, runner]);
  const locale = currentLocale();
  const time = (iso: string | undefined | null) =>
    iso
      ? new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium' }).format(new Date(iso))
      : t('staff.never');
  const online = state.online && state.failures === 0;
  const rows: [string, string, string][] = [
    ['network', t('staff.network'), online ? t('offline.statusOnline') : t('offline.statusOffline')],
    ['storage', t('staff.storage'), meta?.persisted === 'true' ? t('staff.persistent') : t('staff.notPersistent')],
    ['pending', t('staff.pendingCount'), String(pending ?? '…')],
    ['last-sync', t('staff.lastSync'), time(meta?.lastSyncAt)],
    ['app-version', t('staff.appVersion'), APP_VERSION],
    [
      'config-version',
      t('staff.configVersion'),
      stored && stored.version !== config.version
        ? t('staff.configWaiting', { version: config.version, next: stored.version })
        : config.version,
    ],
    ['device', t('staff.device'), meta?.deviceId ?? '…'],
    ['kiosk-name', t('staff.kioskName'), meta?.kioskName ?? '—'],
  ];

  return (
    <section className="screen staff" aria-labelledby="staff-heading">
      <h1 id="staff-heading" ref={heading} tabIndex={-1}>
        {t('staff.title')}
      </h1>
      {meta?.kioskAccess === 'revoked' && (
        <p className="notice notice-error" data-testid="staff-revoked">
          {t('revoked.staffNotice')}
        </p>
      )}
      {/* Who waits at the door comes first: staff act on it; the rest describes the device. */}
      <HeldVisitors runner={runner} pin={pin} />
      <dl className="staff-facts">
        {rows.map(([id, label, value]) => (
          <div key={id} data-testid={`staff-${id}`}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {state.lastError && !online && <p className="notice notice-warning">{t('staff.lastError')}</p>}
      <div className="actions">
        <button
          type="button"
          className="button primary"
          disabled={state.syncing}
          onClick={() => void runner.request()}
          data-testid="staff-sync-now"
        >
          {state.syncing ? t('staff.syncing') : t('staff.syncNow')}
        </button>
        <button type="button" className="button secondary" onClick={onEvacuation} data-testid="staff-evacuation">
          {t('evacuation:kiosk.open')}
        </button>
        <button type="button" className="button secondary" onClick={onClose}>
          {t('staff.close')}
        </button>
      </div>
      <h2>{t('staff.rejectedTitle')}</h2>
      {rejected && rejected.length === 0 && <p>{t('staff.noRejected')}</p>}
      {rejected && rejected.length > 0 && (
        <ul className="staff-rejected">
          {rejected.map((entry) => (
            <li key={entry.mutationId} data-testid="staff-rejected">
              <strong>{personOf(entry) ?? t('staff.unnamed')}</strong> · {t(`staff.types.${entry.type}`)} ·{' '}
              {time(entry.occurredAt)}
              <br />
              <span>{t(`errors:${entry.errorCode ?? 'INTERNAL_ERROR'}`)}</span>
            </li>
          ))}
        </ul>
      )}
      {resolvedCount > 0 && <p>{t('staff.resolvedCount', { count: resolvedCount })}</p>}
      <p className="staff-hint">{t('staff.resolveHint')}</p>
    </section>
  );
}

function personOf(entry: OutboxEntry): string | null {
  const form = (entry.type === 'checkIn' ? entry.payload.checkInForm : undefined) ?? {};
  const name = [form.firstName, form.lastName].filter((part) => typeof part === 'string' && part).join(' ');
  return name || null;
}
