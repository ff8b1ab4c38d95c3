import { type EvacuationGroup, evacuationName, rollCallCount } from '@vestibule/shared';
import { useLiveQuery } from 'dexie-react-hooks';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n/i18n.ts';
import type { SyncRunner } from '../../offline/runtime.ts';
import { formatTime } from '../../ui/formatTime.ts';
import { useFocusOnMount } from '../../ui/useFocusOnMount.ts';
import './evacuation.css';
import { kioskEvacuationList } from './kioskEvacuation.ts';
import { type KioskRollCall, useKioskRollCall } from './rollCallMemory.ts';

interface EvacuationViewProps {
  /** The kiosk's sync runner: its database, its building, and whether it reaches the server now. */
  runner: SyncRunner;
  onBack: () => void;
}

/**
 * The staff screen's evacuation list: everyone inside by this kiosk's knowledge, by
 * person type, with a roll call. Read from the device's database, so it works with the network
 * cut, and drawn again as the kiosk's visits change (a check-in or check-out here, a new list).
 */
export function EvacuationView({ runner, onBack }: EvacuationViewProps) {
  const { t } = useTranslation('evacuation');
  const { db, qrCodeKey } = runner;
  const sync = useSyncExternalStore(runner.subscribe, runner.getSnapshot);
  // Offline, the list may miss who came or left through another door since it was received.
  const online = sync.online && sync.failures === 0;
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const list = useLiveQuery(() => kioskEvacuationList(db, qrCodeKey), [db, qrCodeKey]);
  const rollCall = useKioskRollCall(qrCodeKey);
  const locale = currentLocale();
  const shown = list?.groups.filter((group) => group.people.length > 0) ?? [];

  return (
    <section className="screen staff evacuation" aria-labelledby="evacuation-heading">
      <h1 id="evacuation-heading" ref={heading} tabIndex={-1}>
        {t('kiosk.title')}
      </h1>
      {list && (
        <>
          <p data-testid="kiosk-evacuation-source">
            {list.listFetchedAt
              ? t('kiosk.source', { time: formatTime(list.listFetchedAt, locale) })
              : t('kiosk.sourceNever')}
          </p>
          {!online && <p className="notice notice-warning">{t('kiosk.offline')}</p>}
          <p className="evacuation-total" data-testid="kiosk-evacuation-total">
            {t('inside', { count: list.total })}
          </p>
          <RollCall groups={list.groups} rollCall={rollCall} />
          {shown.length === 0 ? (
            <p>{t('empty')}</p>
          ) : (
            shown.map((group) => (
              <GroupTable key={group.visitorType} group={group} rollCall={rollCall} locale={locale} />
            ))
          )}
        </>
      )}
      <div className="actions">
        <button type="button" className="button secondary" onClick={onBack}>
          {t('kiosk.back')}
        </button>
      </div>
    </section>
  );
}

function RollCall({ groups, rollCall }: { groups: EvacuationGroup[]; rollCall: KioskRollCall }) {
  const { t } = useTranslation('evacuation');
  const { accounted, total } = rollCallCount(groups, rollCall.safe);
  if (!rollCall.active) {
    return (
      <div className="actions">
        <button type="button" className="button primary" onClick={rollCall.start} disabled={total === 0}>
          {t('rollCall.start')}
        </button>
      </div>
    );
  }
  return (
    <div className="evacuation-roll-call">
      <p role="status" data-testid="kiosk-roll-call-count">
        <strong>{t('rollCall.accounted', { accounted: String(accounted), total: String(total) })}</strong>{' '}
        {accounted === total ? t('rollCall.allAccounted') : t('rollCall.missing', { count: total - accounted })}
      </p>
      <button type="button" className="button secondary" onClick={rollCall.end}>
        {t('rollCall.end')}
      </button>
    </div>
  );
}

function GroupTable(props: { group: EvacuationGroup; rollCall: KioskRollCall; locale: string }) {
  const { group, rollCall, locale } = props;
  const { t } = useTranslation('evacuation');
  const title = t(`groups.${group.visitorType}`);
  return (
    <table className="evacuation-table" data-testid={`kiosk-evacuation-group-${group.visitorType}`}>
      <caption>{t('groupCaption', { group: title, count: group.people.length })}</caption>
      <thead>
        <tr>
          {rollCall.active && <th scope="col">{t('columns.safe')}</th>}
          <th scope="col">{t('columns.name')}</th>
          <th scope="col">{t('columns.company')}</th>
          <th scope="col">{t('columns.host')}</th>
          <th scope="col">{t('columns.checkedIn')}</th>
        </tr>
      </thead>
      <tbody>
        {group.people.map((person) => {
          const name = evacuationName(person) || t('unnamed');
          const safe = rollCall.safe.has(person.visitId);
          return (
            <tr key={person.visitId} data-testid="kiosk-evacuation-person" data-safe={safe ? 'true' : 'false'}>
              {rollCall.active && (
                <td>
                  <input
                    type="checkbox"
                    className="evacuation-check"
                    aria-label={t('rollCall.markSafe', { name })}
                    checked={safe}
                    onChange={(event) => rollCall.toggle(person.visitId, event.target.checked)}
                  />
                </td>
              )}
              <th scope="row" data-name="">
                {name}
              </th>
              <td>{person.companyName ?? ''}</td>
              <td>{person.host ?? t('noHost')}</td>
              <td>{formatTime(person.checkedInAt, locale)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
