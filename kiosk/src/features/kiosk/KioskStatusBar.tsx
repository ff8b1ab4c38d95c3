import { useLiveQuery } from 'dexie-react-hooks';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { SyncRunner } from '../../offline/runtime.ts';

/**
 * The welcome screen's footer: whether the kiosk is online and how many check-ins wait to be
 * sent (in words, not colour alone), and the way to the staff screen.
 */
export function KioskStatusBar({ runner, onStaff }: { runner: SyncRunner; onStaff: () => void }) {
  const { t } = useTranslation('publicVisit');
  const state = useSyncExternalStore(runner.subscribe, runner.getSnapshot);
  const pending = useLiveQuery(() => runner.db.outbox.where('status').equals('pending').count(), [runner]) ?? 0;
  const offline = !state.online || state.failures > 0;
  return (
    <footer className="kiosk-status" data-testid="kiosk-status">
      <p role="status" className={offline ? 'kiosk-status-offline' : 'kiosk-status-online'}>
        <span aria-hidden="true" className="kiosk-status-dot" />
        {offline ? t('offline.statusOffline') : t('offline.statusOnline')}
        {pending > 0 && <span data-testid="kiosk-pending"> · {t('offline.pending', { count: pending })}</span>}
      </p>
      <button type="button" className="button link" onClick={onStaff}>
        {t('staff.open')}
      </button>
    </footer>
  );
}
