import {
  type EvacuationGroup,
  type EvacuationPerson,
  type RollCallActor,
  evacuationName,
  rollCallTally,
} from '@vestibule/shared';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n/i18n.ts';
import type { KioskRollCall } from '../../offline/rollCall.ts';
import type { SyncRunner } from '../../offline/runtime.ts';
import { formatTime } from '../../ui/formatTime.ts';
import { useFocusOnMount } from '../../ui/useFocusOnMount.ts';
import './evacuation.css';
import { kioskEvacuationList } from './kioskEvacuation.ts';
import { type KioskRollCallActions, useKioskRollCall } from './useKioskRollCall.ts';

interface EvacuationViewProps {
  /** The kiosk's sync runner: its database, its building, and whether it reaches the server now. */
  runner: SyncRunner;
  onBack: () => void;
}

/**
 * The staff screen's evacuation list: everyone inside by this kiosk's knowledge, by person type,
 * with the building's roll call shared with every warden. Read from the device's database, so it
 * works with the network cut (marks made then are shared when it is back), and drawn again as
 * the kiosk's visits and the roll call change.
 */
export function EvacuationView({ runner, onBack }: EvacuationViewProps) {
  const { t } = useTranslation('evacuation');
  const { db, qrCodeKey } = runner;
  const sync = useSyncExternalStore(runner.subscribe, runner.getSnapshot);
  // Offline, the list may miss who came or left through another door since it was received.
  const online = sync.online && sync.failures === 0;
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const list = useLiveQuery(() => kioskEvacuationList(db, qrCodeKey), [db, qrCodeKey]);
  const rollCall = useKioskRollCall(runner, online);
  const locale = currentLocale();
  const shown = list?.groups.filter((group) => group.people.length > 0) ?? [];
  const view = rollCall.view;

  return (
    <section className="screen staff evacuation" aria-labelledby="evacuation-heading">
      <h1 id="evacuation-heading" ref={heading} tabIndex={-1}>
        {t('kiosk.title')}
      </h1>
      {list && view && (
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
          <RollCall groups={list.groups} rollCall={rollCall} view={view} online={online} locale={locale} />
          {shown.length === 0 ? (
            <p>{t('empty')}</p>
          ) : (
            shown.map((group) => (
              <GroupTable key={group.visitorType} group={group} rollCall={rollCall} view={view} locale={locale} />
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

/** Who started or marked, as a warden reads it: a user's name, or "kiosk Lobby". */
function useActorName(): (actor: RollCallActor) => string {
  const { t } = useTranslation('evacuation');
  return (actor) => {
    if (actor.kind === 'kiosk') return actor.name ? t('rollCall.kiosk', { name: actor.name }) : t('rollCall.aKiosk');
    return actor.name ?? t('rollCall.someone');
  };
}

function RollCall(props: {
  groups: EvacuationGroup[];
  rollCall: KioskRollCallActions;
  view: KioskRollCall;
  online: boolean;
  locale: string;
}) {
  const { groups, rollCall, view, online, locale } = props;
  const { t } = useTranslation('evacuation');
  const actorName = useActorName();
  const [confirming, setConfirming] = useState(false);
  const tally = rollCallTally(groups, view.marks);
  const running = view.running;
  if (!running) {
    const ended = view.ended;
    return (
      <div className="evacuation-roll-call">
        <p>{t('rollCall.intro')}</p>
        {ended?.endedAt && (
          <p data-testid="kiosk-roll-call-last">
            {t('rollCall.ended', {
              reason: t(`rollCall.reasons.${ended.reason}`),
              time: formatTime(ended.endedAt, locale),
              name: ended.endedBy ? actorName(ended.endedBy) : '',
              present: String(ended.marks.filter((mark) => mark.status === 'PRESENT').length),
              absent: String(ended.marks.filter((mark) => mark.status === 'ABSENT').length),
            })}
          </p>
        )}
        <div className="evacuation-roll-call-actions">
          <button
            type="button"
            className="button danger"
            onClick={() => void rollCall.start('ALARM')}
            disabled={tally.total === 0}
          >
            {t('rollCall.startAlarm')}
          </button>
          <button
            type="button"
            className="button secondary"
            onClick={() => void rollCall.start('DRILL')}
            disabled={tally.total === 0}
          >
            {t('rollCall.startDrill')}
          </button>
        </div>
      </div>
    );
  }
  const notAccounted = tally.total - tally.present;
  return (
    <div className="evacuation-roll-call" data-active="true" data-reason={running.reason}>
      <h2>{t('rollCall.running', { reason: t(`rollCall.reasons.${running.reason}`) })}</h2>
      <p>
        {t('rollCall.startedBy', { time: formatTime(running.startedAt, locale), name: actorName(running.startedBy) })}
      </p>
      <p role="status" data-testid="kiosk-roll-call-count">
        <strong>{t('rollCall.accounted', { present: String(tally.present), total: String(tally.total) })}</strong>{' '}
        {tally.present === tally.total
          ? t('rollCall.allAccounted')
          : [
              tally.absent > 0 ? t('rollCall.absentCount', { count: tally.absent }) : null,
              tally.unmarked > 0 ? t('rollCall.unmarkedCount', { count: tally.unmarked }) : null,
            ]
              .filter(Boolean)
              .join(' · ')}
      </p>
      {!online && (
        <p className="notice notice-warning" data-testid="kiosk-roll-call-offline">
          {view.readAt
            ? t('kiosk.rollCallOffline', { time: formatTime(view.readAt, locale) })
            : t('kiosk.rollCallOfflineNever')}
        </p>
      )}
      {view.waiting > 0 && <p data-testid="kiosk-roll-call-waiting">{t('kiosk.waiting', { count: view.waiting })}</p>}
      {confirming ? (
        <div className="evacuation-end-confirm" role="alert">
          <p>{t('rollCall.endConfirm', { count: notAccounted })}</p>
          <div className="evacuation-roll-call-actions">
            <button
              type="button"
              className="button danger"
              onClick={() => {
                setConfirming(false);
                void rollCall.end();
              }}
            >
              {t('rollCall.end')}
            </button>
            <button type="button" className="button secondary" onClick={() => setConfirming(false)}>
              {t('rollCall.keepGoing')}
            </button>
          </div>
        </div>
      ) : (
        <div className="evacuation-roll-call-actions">
          <button
            type="button"
            className="button secondary"
            onClick={() => (notAccounted > 0 ? setConfirming(true) : void rollCall.end())}
          >
            {t('rollCall.end')}
          </button>
        </div>
      )}
    </div>
  );
}

/** Present and absent, each pressed again to take the mark back; who marked and when beneath. */
function MarkButtons(props: {
  person: EvacuationPerson;
  name: string;
  rollCall: KioskRollCallActions;
  view: KioskRollCall;
  locale: string;
}) {
  const { person, name, rollCall, view, locale } = props;
  const { t } = useTranslation('evacuation');
  const actorName = useActorName();
  const mark = view.marks.get(person.visitId);
  const toggle = (status: 'PRESENT' | 'ABSENT') =>
    void rollCall.mark(person.visitId, mark?.status === status ? null : status);
  return (
    <div className="evacuation-marks">
      <div className="evacuation-mark-buttons">
        <button
          type="button"
          className="evacuation-mark"
          data-status="PRESENT"
          aria-pressed={mark?.status === 'PRESENT'}
          aria-label={t('rollCall.markPresent', { name })}
          onClick={() => toggle('PRESENT')}
        >
          {t('rollCall.present')}
        </button>
        <button
          type="button"
          className="evacuation-mark"
          data-status="ABSENT"
          aria-pressed={mark?.status === 'ABSENT'}
          aria-label={t('rollCall.markAbsent', { name })}
          onClick={() => toggle('ABSENT')}
        >
          {t('rollCall.absent')}
        </button>
      </div>
      <span className="evacuation-marked-by" data-testid="kiosk-roll-call-marked-by">
        {mark
          ? t('rollCall.markedBy', { name: actorName(mark.markedBy), time: formatTime(mark.markedAt, locale) })
          : ''}
      </span>
    </div>
  );
}

function GroupTable(props: {
  group: EvacuationGroup;
  rollCall: KioskRollCallActions;
  view: KioskRollCall;
  locale: string;
}) {
  const { group, rollCall, view, locale } = props;
  const { t } = useTranslation('evacuation');
  const title = t(`groups.${group.visitorType}`);
  const running = view.running !== null;
  return (
    <table className="evacuation-table" data-testid={`kiosk-evacuation-group-${group.visitorType}`}>
      <caption>{t('groupCaption', { group: title, count: group.people.length })}</caption>
      <thead>
        <tr>
          {running && <th scope="col">{t('columns.mark')}</th>}
          <th scope="col">{t('columns.name')}</th>
          <th scope="col">{t('columns.company')}</th>
          <th scope="col">{t('columns.host')}</th>
          <th scope="col">{t('columns.checkedIn')}</th>
        </tr>
      </thead>
      <tbody>
        {group.people.map((person) => {
          const name = evacuationName(person) || t('unnamed');
          const mark = view.marks.get(person.visitId);
          return (
            <tr key={person.visitId} data-testid="kiosk-evacuation-person" data-mark={mark?.status ?? 'none'}>
              {running && (
                <td>
                  <MarkButtons person={person} name={name} rollCall={rollCall} view={view} locale={locale} />
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
