// The "already signed" lookup (docs/check-in.md, "Signed documents"), loaded when a visitor
// leaves the form of a wizard with documents: the kiosk's first screen does not carry it.
import { apiClient } from '../../app/apiClient.ts';
import type { SignerQuery } from '../wizard/index.ts';
import type { Channel } from './checkin.api.ts';

/** How long the wizard waits for the "already signed" lookup before asking every document. */
const SIGNED_LOOKUP_TIMEOUT_MS = 4000;

/**
 * The current versions of the building's documents this person signed lately (docs/check-in.md,
 * "Signed documents"). Empty when the server cannot say (offline, an error, too slow): the
 * person is asked to sign, and a kiosk's entry is never refused for it.
 */
export async function fetchSignedDocuments(
  qrCodeKey: string,
  query: SignerQuery,
  channel: Channel,
  signal?: AbortSignal,
): Promise<readonly string[]> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return [];
  try {
    const answer = await apiClient.call(
      channel.kiosk ? 'POST /checkinKiosk/:qrCodeKey/signedDocuments' : 'POST /checkin/:qrCodeKey/signedDocuments',
      {
        params: { qrCodeKey },
        query: { mt: channel.mt ?? undefined, proof: channel.proof ?? undefined },
        body: query,
        signal,
        timeoutMs: SIGNED_LOOKUP_TIMEOUT_MS,
      },
    );
    return answer.versionIds;
  } catch {
    return [];
  }
}
