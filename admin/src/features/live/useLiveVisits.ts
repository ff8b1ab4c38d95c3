import { useEffect, useEffectEvent, useState } from 'react';
import { createApiClient } from '@vestibule/shared/api';
import { uploadSession } from '../../api/apiClient.ts';
import { useSession } from '../session/index.ts';
import { type LiveStatus, type LiveTransport, type LiveVisitsChange, connectLiveVisits } from './liveConnection.ts';

// The session's calls without the loading dialog: a stream reconnecting in the background must not
// cover the screen. A refused ticket still signs the user out, as any refused call does.
const quietApi = createApiClient(uploadSession);

/** The browser's transport: the ticket through the API client, the stream through EventSource. */
export const browserTransport: LiveTransport = {
  requestTicket: async (buildingId) =>
    (await quietApi.call('POST /live/ticket', { body: buildingId ? { buildingId } : {} })).ticket,
  open: (url) => new EventSource(url),
};

/**
 * Follows the changes to visits of one building (or of every building the user sees, without
 * one) as they happen anywhere: `onChange` is called at once for the first change, then at most
 * every 250 ms with what came meanwhile, and with `resync: true` when the stream cannot say what
 * it missed. The entry log reloads its list and counters in it. With `rollCalls`, the changes to
 * the building's roll calls come too (the evacuation list); without, a change that is only a
 * roll call's is not handed over. The stream follows the signed-in user and the company the tab
 * works in, and closes when the component goes.
 */
export function useLiveVisits(
  buildingId: string | undefined,
  onChange: (change: LiveVisitsChange) => void,
  transport: LiveTransport = browserTransport,
  options: { rollCalls?: boolean } = {},
): LiveStatus {
  const withRollCalls = options.rollCalls ?? false;
  const [status, setStatus] = useState<LiveStatus>('connecting');
  // A new stream for another user (impersonation) or company; a renewed token keeps the stream.
  const sessionKey = useSession((state) =>
    state.token && state.user ? `${state.user.username}|${state.tenant?.id ?? ''}` : null,
  );
  const changed = useEffectEvent((change: LiveVisitsChange) => {
    if (withRollCalls || change.resync || change.events.length > 0) onChange(change);
  });
  useEffect(() => {
    if (sessionKey === null) return undefined;
    return connectLiveVisits({ buildingId, transport, onChange: (change) => changed(change), onStatus: setStatus });
  }, [buildingId, sessionKey, transport]);
  return sessionKey === null ? 'stopped' : status;
}
