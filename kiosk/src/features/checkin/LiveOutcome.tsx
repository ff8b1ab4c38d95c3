import type { CheckInBuilding, WizardVisitorType } from '@vestibule/shared';
import { useLiveQuery } from 'dexie-react-hooks';
import { Suspense, lazy, useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { KioskDb } from '../../offline/kioskDb.ts';
import type { SyncRunner } from '../../offline/runtime.ts';
import { AlreadyCheckedIn, CheckInOutcome } from './CheckInOutcome.tsx';
import type { SubmittedCheckIn } from './checkInSource.ts';
import type { PrintableCheckIn } from './KioskBadge.tsx';
import { logoUrl } from '../../ui/PageFrame.tsx';

// The badge and its QR code load with the outcome (the wizard starts loading both).
export const loadBadge = () => import('./KioskBadge.tsx');
const KioskBadge = lazy(() => loadBadge().then((module) => ({ default: module.KioskBadge })));

interface LiveOutcomeProps {
  submitted: SubmittedCheckIn;
  runner: SyncRunner;
  building: CheckInBuilding['building'];
  kiosk: boolean;
  visitorType: WizardVisitorType;
  /** The badge a kiosk prints for this check-in (docs/badges.md); null: none. */
  badge?: PrintableCheckIn | null;
  qrCodeKey: string;
  onDone: () => void;
  onAlreadyInDone: () => void;
  onRedo: () => void;
}

/**
 * The outcome of a check-in committed on the device: shown at once, then kept up to date by
 * the outbox entry. The server may still say the person was already checked in elsewhere
 * (CHECKEDIN) or that an employee's earlier answers expired: the screen follows.
 */
export function LiveOutcome({ submitted, runner, onRedo, ...props }: LiveOutcomeProps) {
  const { t } = useTranslation('publicVisit');
  const db: KioskDb = runner.db;
  const entry = useLiveQuery(() => db.outbox.get(submitted.mutationId), [db, submitted.mutationId]);
  const visit = useLiveQuery(() => db.visits.get(submitted.visitId), [db, submitted.visitId]);
  const sync = useSyncExternalStore(runner.subscribe, runner.getSnapshot);
  const redo = entry?.status === 'rejected' && entry.errorCode === 'CHECK_IN_EMPLOYEE_QUESTIONNAIRES_NO_LONGER_VALID';
  useEffect(() => {
    if (redo) onRedo();
  }, [redo, onRedo]);

  if (entry?.status === 'rejected' && entry.errorCode === 'CHECKEDIN')
    return (
      <AlreadyCheckedIn
        kiosk={props.kiosk}
        qrCodeKey={props.qrCodeKey}
        onDone={props.onAlreadyInDone}
        seconds={props.building.kioskOutcomeSeconds}
      />
    );
  // The watchlist's word: the kiosk's hashed copy decided it at once (the screen keeps it), or
  // the server's answer brings it to a device without the list.
  const decidedHere = submitted.response.held || submitted.response.refusal === 'WATCHLIST';
  const watched = decidedHere
    ? null
    : visit?.watch === 'HELD'
      ? { held: true, refusal: null }
      : visit?.watch === 'REFUSED'
        ? { held: false, refusal: 'WATCHLIST' as const }
        : null;
  const response = watched
    ? {
        ...submitted.response,
        ...watched,
        allowed: false,
        checkIn: false,
        meetingIdentifier: null,
        publicIdentifier: null,
        pin: null,
        message: '',
      }
    : submitted.response.allowed && visit
      ? {
          ...submitted.response,
          meetingIdentifier: visit.identifier ?? submitted.response.meetingIdentifier,
          publicIdentifier: visit.publicIdentifier ?? submitted.response.publicIdentifier,
          pin: visit.pin ?? submitted.response.pin,
        }
      : submitted.response;
  const pending = entry === undefined || entry.status === 'pending';
  const delayed = pending && (!sync.online || sync.failures > 0);
  const notice =
    entry?.status === 'rejected' && !redo
      ? {
          tone: 'error' as const,
          text: t('offline.notAccepted', { reason: t(`errors:${entry.errorCode ?? 'INTERNAL_ERROR'}`) }),
        }
      : delayed
        ? { tone: 'info' as const, text: t(props.kiosk ? 'offline.savedOnKiosk' : 'offline.savedOnPhone') }
        : null;
  return (
    <CheckInOutcome
      response={response}
      building={props.building}
      kiosk={props.kiosk}
      visitorType={props.visitorType}
      onDone={props.onDone}
      delivered={!pending}
      notice={notice}
    >
      {props.kiosk && props.badge && response.allowed && (
        <Suspense fallback={null}>
          <KioskBadge
            checkIn={props.badge}
            visitCode={response.meetingIdentifier}
            buildingName={props.building.name}
            logoSrc={logoUrl(props.building)}
          />
        </Suspense>
      )}
    </CheckInOutcome>
  );
}
