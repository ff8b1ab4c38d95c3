import type { CallInput, Contract } from '@vestibule/shared/contract';
import { useLoadingStore } from '../features/loading/index.ts';
import { uploadSession } from './apiClient.ts';
import { authHeaders, rawFetch, urlOf } from './rawCalls.ts';

/** The calls that answer a file for a JSON body (an archive made of the records chosen). */
type DownloadKey = 'POST /privacy/subjects/export';

/**
 * A file answered for a JSON body behind the bearer token, as a Blob to save; a refusal is the
 * JSON client's ApiError (NOT_FOUND and the like), with the same sign-out on a refused token.
 */
export async function postForFile<K extends DownloadKey>(key: K, input: CallInput<Contract[K]>): Promise<Blob> {
  const { body } = input as { body: unknown };
  const raw = { ...uploadSession, onActivity: (delta: 1 | -1) => useLoadingStore.getState().track(delta) };
  raw.onActivity(1);
  try {
    const response = await rawFetch(raw, urlOf(key, undefined), {
      method: 'POST',
      headers: { ...authHeaders(raw), 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    return await response.blob();
  } finally {
    raw.onActivity(-1);
  }
}
