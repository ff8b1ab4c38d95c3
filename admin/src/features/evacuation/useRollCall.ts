import { type CurrentMark, type RollCall, type RollCallReason, type RollCallStatus } from '@vestibule/shared';
import { ApiError } from '@vestibule/shared/api';
import { useCallback, useEffect, useRef, useState } from 'react';
import { quietApi } from '../../api/apiClient.ts';
import { messageFromError, notifications } from '../notifications/index.ts';

// The building's roll call as the server keeps it (docs/visits.md, "The roll call"): shared by
// every warden, read again when the live stream says it changed. A mark shows at once while it is
// saved (a warden at the assembly point does not wait for the network), and the server's answer
// replaces it; a refused mark is taken back and said.

export interface RollCallView {
  /** Until the first answer. */
  loading: boolean;
  /** The running roll call, else the last one ended within 12 hours, else null. */
  rollCall: RollCall | null;
  /** Each person's mark now: the server's, with the marks being saved over them. */
  marks: ReadonlyMap<string, CurrentMark>;
  /** The people whose mark is being saved. */
  saving: ReadonlySet<string>;
  running: boolean;
  reload: () => void;
  start: (reason: RollCallReason) => void;
  end: () => void;
  /** Marks a person present or absent, or takes their mark back (null). */
  mark: (visitId: string, status: RollCallStatus | null) => void;
}

export function useRollCall(buildingId: string): RollCallView {
  const [state, setState] = useState<{ loading: boolean; rollCall: RollCall | null }>({
    loading: true,
    rollCall: null,
  });
  const [pending, setPending] = useState<ReadonlyMap<string, RollCallStatus | null>>(new Map());
  // Answers are taken in the order the calls were made: an older one never replaces a newer one.
  const issued = useRef(0);
  const applied = useRef(0);

  const answer = useCallback((call: Promise<RollCall | null>) => {
    const ticket = ++issued.current;
    return call.then((rollCall) => {
      if (ticket < applied.current) return;
      applied.current = ticket;
      setState({ loading: false, rollCall });
    });
  }, []);

  const failed = useCallback((error: unknown) => {
    notifications.showError(messageFromError(error));
  }, []);

  const reload = useCallback(() => {
    answer(
      quietApi
        .call('GET /evacuation/:buildingId/rollCall', { params: { buildingId } })
        .then((current) => current.rollCall),
    ).catch(failed);
  }, [answer, buildingId, failed]);
  // The screen keys this hook's component by building: a new building starts from loading.
  useEffect(reload, [reload]);

  const rollCall = state.rollCall;
  const running = rollCall !== null && rollCall.endedAt === null;

  const start = (reason: RollCallReason) => {
    answer(quietApi.call('POST /evacuation/:buildingId/rollCall', { params: { buildingId }, body: { reason } })).catch(
      failed,
    );
  };

  const end = () => {
    if (!rollCall) return;
    answer(
      quietApi.call('POST /evacuation/:buildingId/rollCall/:rollCallId/end', {
        params: { buildingId, rollCallId: rollCall.id },
      }),
    ).catch(failed);
  };

  const mark = (visitId: string, status: RollCallStatus | null) => {
    if (!rollCall) return;
    const params = { buildingId, rollCallId: rollCall.id, visitId };
    setPending((previous) => new Map(previous).set(visitId, status));
    const saved =
      status === null
        ? quietApi.call('DELETE /evacuation/:buildingId/rollCall/:rollCallId/marks/:visitId', { params })
        : quietApi.call('PUT /evacuation/:buildingId/rollCall/:rollCallId/marks/:visitId', {
            params,
            body: { status },
          });
    answer(saved)
      .catch((error: unknown) => {
        failed(error);
        // Another warden ended it: show the roll call as it stands.
        if (error instanceof ApiError && error.errorCode === 'ROLL_CALL_ENDED') reload();
      })
      .finally(() =>
        setPending((previous) => {
          // A later click on the same person keeps its own pending mark.
          if (previous.get(visitId) !== status) return previous;
          const next = new Map(previous);
          next.delete(visitId);
          return next;
        }),
      );
  };

  const marks = new Map<string, CurrentMark>((rollCall?.marks ?? []).map((entry) => [entry.visitId, entry]));
  for (const [visitId, status] of pending) {
    if (status === null) marks.delete(visitId);
    else {
      const known = marks.get(visitId);
      marks.set(visitId, {
        visitId,
        status,
        markedAt: new Date().toISOString(),
        markedBy: known?.markedBy ?? { kind: 'user', name: null },
      });
    }
  }

  return {
    loading: state.loading,
    rollCall,
    marks,
    saving: new Set(pending.keys()),
    running,
    reload,
    start,
    end,
    mark,
  };
}
