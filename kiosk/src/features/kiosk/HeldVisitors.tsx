import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n/i18n.ts';
import { refreshVisits } from '../../offline/configCache.ts';
import { decideHeldVisitor } from '../../offline/heldVisitors.ts';
import type { LocalVisit } from '../../offline/kioskDb.ts';
import type { SyncRunner } from '../../offline/runtime.ts';
import { errorMessage } from '../../ui/errorMessage.ts';

interface HeldVisitorsProps {
  runner: SyncRunner;
  /** The building's PIN the staff screen was opened with: the server asks it again. */
  pin: string;
}

/**
 * The staff screen's list of visitors the watchlist holds at the door (docs/watchlist.md): each
 * let in or refused after a question saying what follows, with the building's PIN, online.
 */
export function HeldVisitors({ runner, pin }: HeldVisitorsProps) {
  const { t, i18n } = useTranslation('publicVisit');
  const { db, qrCodeKey } = runner;
  const held = useLiveQuery(
    () =>
      db.visits
        .where('qrCodeKey')
        .equals(qrCodeKey)
        .filter((visit) => visit.watch === 'HELD')
        .toArray(),
    [db, qrCodeKey],
  );
  const [asking, setAsking] = useState<{ visitId: string; approve: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    // Offline this fails quietly: the list then shows what the device knows.
    refreshVisits(db, qrCodeKey, runner.client).catch(() => undefined);
  }, [db, qrCodeKey, runner]);

  const decide = async (visitId: string, approve: boolean) => {
    setBusy(true);
    setError(null);
    try {
      await decideHeldVisitor(db, qrCodeKey, { visitId, approve, pin }, runner.client);
      setAsking(null);
    } catch (caught) {
      setError(errorMessage(caught, i18n));
    } finally {
      setBusy(false);
    }
  };
  const nameOf = (visit: LocalVisit) =>
    [visit.firstName, visit.lastName].filter(Boolean).join(' ') || t('staff.unnamed');
  const time = (iso: string) => new Intl.DateTimeFormat(currentLocale(), { timeStyle: 'short' }).format(new Date(iso));

  return (
    <section aria-labelledby="staff-held-heading" className="staff-held">
      <h2 id="staff-held-heading">{t('staff.held.title')}</h2>
      {held && held.length === 0 && <p>{t('staff.held.none')}</p>}
      {held && held.length > 0 && (
        <ul>
          {held.map((visit) => {
            const name = nameOf(visit);
            const question = asking?.visitId === visit.id ? asking : null;
            return (
              <li key={visit.id} data-testid="staff-held">
                <p>
                  <strong>{name}</strong>
                  {visit.companyName ? ` · ${visit.companyName}` : ''}
                  {visit.watchedAt ? ` · ${t('staff.held.since', { time: time(visit.watchedAt) })}` : ''}
                </p>
                {question && (
                  <div role="group" aria-label={name}>
                    <p>{t(question.approve ? 'staff.held.confirmLetIn' : 'staff.held.confirmRefuse', { name })}</p>
                    <div className="actions">
                      <button
                        type="button"
                        className={question.approve ? 'button primary' : 'button danger'}
                        disabled={busy}
                        onClick={() => void decide(visit.id, question.approve)}
                      >
                        {t(question.approve ? 'staff.held.letIn' : 'staff.held.refuse')}
                      </button>
                      <button
                        type="button"
                        className="button secondary"
                        disabled={busy}
                        onClick={() => setAsking(null)}
                      >
                        {t('staff.held.cancel')}
                      </button>
                    </div>
                  </div>
                )}
                {!question && (
                  <div className="actions">
                    <button
                      type="button"
                      className="button primary"
                      aria-label={t('staff.held.letInNamed', { name })}
                      onClick={() => setAsking({ visitId: visit.id, approve: true })}
                    >
                      {t('staff.held.letIn')}
                    </button>
                    <button
                      type="button"
                      className="button secondary"
                      aria-label={t('staff.held.refuseNamed', { name })}
                      onClick={() => setAsking({ visitId: visit.id, approve: false })}
                    >
                      {t('staff.held.refuse')}
                    </button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <p role="alert" className={error ? 'notice notice-error' : 'live-empty'}>
        {error}
      </p>
    </section>
  );
}
