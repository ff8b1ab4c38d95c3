import { type ApiClient, type ApiClientOptions, createApiClient } from '@vestibule/shared/api';
import { kioskFetch } from './credential.ts';

/** A kiosk call that hangs gives up after this long: a hung push would hold the push lock. */
const KIOSK_CALL_TIMEOUT_MS = 30_000;

/**
 * The offline engine's client of the service: no sign-in, the browser's own language, the
 * server's times kept as sent (the outbox compares them to the millisecond), and this tablet's
 * kiosk credential on every call (the credential wrapper is its fetch).
 */
export function kioskClient(options: Pick<ApiClientOptions, 'baseUrl' | 'fetchImpl'> = {}): ApiClient {
  return createApiClient({
    getToken: () => null,
    rawDates: true,
    timeoutMs: KIOSK_CALL_TIMEOUT_MS,
    fetchImpl: kioskFetch,
    ...options,
  });
}

let pageClient: ApiClient | undefined;

/** The page's kiosk client (made once). */
export function pageKioskClient(): ApiClient {
  pageClient ??= kioskClient();
  return pageClient;
}
