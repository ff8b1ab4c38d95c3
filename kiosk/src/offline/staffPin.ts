import { SERVICE_BASE, STAFF_PIN_ITERATIONS, staffPinSalt } from '@vestibule/shared';
import { pathOf } from '@vestibule/shared/contract';
import { kioskFetch } from './credential.ts';

function base64url(bytes: ArrayBuffer): string {
  return btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/**
 * Whether `pin` is the building's PIN, checked on the device against the PBKDF2 hash the
 * configuration carries (so the staff screen opens offline, and the PIN is never stored).
 */
export async function staffPinMatches(pin: string, expectedHash: string, buildingId: string): Promise<boolean> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey('raw', encoder.encode(pin), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits(
    {
      name: 'PBKDF2',
      salt: encoder.encode(staffPinSalt(buildingId)),
      iterations: STAFF_PIN_ITERATIONS,
      hash: 'SHA-256',
    },
    key,
    256,
  );
  return base64url(bits) === expectedHash;
}

/** The server's check of the PIN, for a building that does not list its kiosks. */
export async function staffPinAccepted(
  qrCodeKey: string,
  pin: string,
  fetchImpl: typeof fetch = kioskFetch,
): Promise<boolean> {
  const response = await fetchImpl(`${SERVICE_BASE}${pathOf('POST /sync/staff/:qrCodeKey', { qrCodeKey })}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ pin }),
    signal: AbortSignal.timeout(15_000),
  });
  if (response.status === 200) return true;
  if (response.status === 400 || response.status === 403) return false;
  throw new TypeError(`staff PIN check failed: ${response.status}`);
}
