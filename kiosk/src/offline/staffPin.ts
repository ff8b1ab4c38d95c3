import { STAFF_PIN_ITERATIONS, base64url, staffPinSalt } from '@vestibule/shared';
import { type ApiClient, ApiError } from '@vestibule/shared/api';
import { pageKioskClient } from './kioskClient.ts';

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

/**
 * The server's check of the PIN, for a building that does not list its kiosks: true when it
 * accepts it, false when it refuses it (400, 403); throws when the server cannot be asked.
 */
export async function staffPinAccepted(
  qrCodeKey: string,
  pin: string,
  client: ApiClient = pageKioskClient(),
): Promise<boolean> {
  try {
    await client.call('POST /sync/staff/:qrCodeKey', { params: { qrCodeKey }, body: { pin }, timeoutMs: 15_000 });
    return true;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 400 || error.status === 403)) return false;
    throw error;
  }
}
