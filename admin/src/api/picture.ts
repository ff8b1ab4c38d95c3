import type { CallInput, Contract } from '@vestibule/shared/contract';
import { useLoadingStore } from '../features/loading/index.ts';
import { uploadSession } from './apiClient.ts';
import { authHeaders, rawFetch, urlOf } from './rawCalls.ts';

/** The calls that answer an image behind the bearer token. */
type PictureKey = 'GET /camera/picture/:id' | 'GET /meeting/:id/photo' | 'GET /meetingSignature/:id/image';

/**
 * An image behind the bearer token (a camera's picture, a visitor's photo, a drawn signature),
 * fetched by its contract key rather than linked (an `<img src>` sends no token); a refusal is the
 * JSON client's ApiError (CAMERA_UNREACHABLE, NOT_FOUND and the like).
 */
export async function fetchPicture<K extends PictureKey>(key: K, input: CallInput<Contract[K]>): Promise<Blob> {
  const { params, query = {} } = input as { params: { id: string }; query?: { x?: string } };
  const url = urlOf(key, params, query.x === undefined ? {} : { x: query.x });
  const raw = { ...uploadSession, onActivity: (delta: 1 | -1) => useLoadingStore.getState().track(delta) };
  raw.onActivity(1);
  try {
    const response = await rawFetch(raw, url, { headers: { ...authHeaders(raw), Accept: 'image/*' } });
    return await response.blob();
  } finally {
    raw.onActivity(-1);
  }
}
