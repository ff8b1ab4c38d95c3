import { SERVICE_BASE, TENANT_HEADER, isErrorCode, type Locale } from '@vestibule/shared';
import { ApiError, normalizeDateString } from '@vestibule/shared/api';
import { type ContractKey, pathOf } from '@vestibule/shared/contract';

// The calls that bypass the JSON client (uploads with a progress bar, pictures behind the bearer
// token): the same headers, the same errors and the same sign-out on a refused token. Each is
// named by its contract key (upload.ts, picture.ts).

/** What such calls need from the session. */
export interface RawCallContext {
  getToken: () => string | null;
  getLocale: () => Locale;
  /** The company this tab works in (admin and tech users); absent: the user's own. */
  getTenant?: () => string | null;
  onAuthFailure: (error: ApiError) => void;
  onActivity: (delta: 1 | -1) => void;
}

export function authHeaders(raw: RawCallContext): Record<string, string> {
  const headers: Record<string, string> = { 'Accept-Language': raw.getLocale() };
  const token = raw.getToken();
  if (token) {
    headers.Authorization = `Bearer ${token}`;
    const tenant = raw.getTenant?.();
    if (tenant) headers[TENANT_HEADER] = tenant;
  }
  return headers;
}

/** The error a failed answer carries, as the JSON client would throw it. */
export function errorFromAnswer(status: number, body: unknown, statusText: string): ApiError {
  if (body !== null && typeof body === 'object' && 'errorCode' in body && isErrorCode(body.errorCode)) {
    const msg = 'msg' in body ? String(body.msg) : '';
    const params = 'params' in body ? paramsOf(body.params) : undefined;
    return new ApiError(status, body.errorCode, msg, params, body);
  }
  // Refused on the way (a proxy's limit) without the server's words: the generic codes, which
  // each upload's screen says in its own terms.
  if (status === 413) return new ApiError(status, 'PAYLOAD_TOO_LARGE', statusText);
  if (status === 415) return new ApiError(status, 'UNSUPPORTED_MEDIA_TYPE', statusText);
  return new ApiError(status, 'SERVER_TIMEOUT_CONNECTION_ERROR', statusText, undefined, body);
}

/** The parameters of a refusal's message (its text and number values). */
function paramsOf(value: unknown): Record<string, string | number> | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const params: Record<string, string | number> = {};
  for (const [name, param] of Object.entries(value)) {
    if (typeof param === 'string' || typeof param === 'number') params[name] = param;
  }
  return params;
}

/** A JSON answer with its dates as the JSON client gives them (ISO, zero milliseconds). */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text, (_key, value: unknown) => (typeof value === 'string' ? normalizeDateString(value) : value));
  } catch {
    return undefined;
  }
}

/** A signed-in call's path by its contract key, under the service's base. */
export function urlOf(key: ContractKey, params: unknown, query: Record<string, string> = {}): string {
  const search = new URLSearchParams(query).toString();
  return `${SERVICE_BASE}${pathOf(key, params as never)}${search ? `?${search}` : ''}`;
}

/**
 * A raw call's answer, or the JSON client's ApiError: the network's failure
 * (SERVER_CONNECTION_ERROR) or the server's refusal, a refused token signing the user out.
 */
export async function rawFetch(raw: RawCallContext, url: string, init: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    throw new ApiError(0, 'SERVER_CONNECTION_ERROR', error instanceof Error ? error.message : 'network');
  }
  if (!response.ok) {
    const error = errorFromAnswer(response.status, parseJson(await response.text()), response.statusText);
    if (response.status === 401 || response.status === 403) raw.onAuthFailure(error);
    throw error;
  }
  return response;
}
