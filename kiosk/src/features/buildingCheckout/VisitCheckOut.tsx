import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { KioskConfig } from '../../offline/kioskConfig.ts';
import type { SyncRunner } from '../../offline/runtime.ts';
import { LoadFailed, Loading } from '../../ui/Status.tsx';
import { useLoad } from '../../ui/useLoad.ts';
import {
  CheckOutForm,
  CheckOutScreen,
  type CheckOutRequest,
  checkOut,
  fetchCheckOutData,
  fetchTicketCheckOutData,
  ticketCheckOut,
} from '../checkout/index.ts';
import { type CheckOutTarget, checkOutLocally, closeLocalCopy, localCheckOutData } from './localCheckOut.ts';

interface CheckOutOfVisitProps {
  qrCodeKey: string;
  target: CheckOutTarget;
  config: KioskConfig;
  runner: SyncRunner;
  idPrefix: string;
  onDone: () => void;
  onBack: () => void;
}

/** The check-out form of the visit a person chose: on the device, or with the server. */
export function CheckOutOfVisit({ target, ...props }: CheckOutOfVisitProps) {
  return target.kind === 'local' ? (
    <LocalCheckOut visit={target.visit} {...props} />
  ) : (
    <ServerCheckOut target={target} {...props} />
  );
}

type VisitCheckOutProps = Omit<CheckOutOfVisitProps, 'target'>;
type RemoteTarget = Exclude<CheckOutTarget, { kind: 'local' }>;

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

/**
 * A visit only the server found: its check-out data and the check-out itself need the network,
 * with this kiosk's ticket (found by name or phone) or the visit's identifier (code and PIN).
 */
function ServerCheckOut({
  qrCodeKey,
  target,
  runner,
  idPrefix,
  onDone,
  onBack,
}: VisitCheckOutProps & { target: RemoteTarget }) {
  const { t } = useTranslation('publicVisit');
  const key = target.kind === 'ticket' ? target.ticket : target.publicIdentifier;
  const data = useLoad(key, (signal) =>
    target.kind === 'ticket'
      ? fetchTicketCheckOutData(qrCodeKey, target.ticket, signal)
      : fetchCheckOutData(target.publicIdentifier, signal),
  );
  const send = useCallback(
    async (body: CheckOutRequest) => {
      if (target.kind === 'ticket') {
        await ticketCheckOut(qrCodeKey, target.ticket, body);
        await closeLocalCopy(runner.db, { visitId: target.visitId });
      } else {
        await checkOut(target.publicIdentifier, body);
        await closeLocalCopy(runner.db, { publicIdentifier: target.publicIdentifier });
      }
    },
    [qrCodeKey, target, runner],
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
      <CheckOutForm publicIdentifier={key} data={data.data} idPrefix={idPrefix} send={send} onDone={onDone} />
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
