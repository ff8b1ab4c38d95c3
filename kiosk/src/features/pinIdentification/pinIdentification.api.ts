import type { PinIdentificationRequest } from '@vestibule/shared';
import { apiClient } from '../../app/apiClient.ts';

/** The PIN identification page's building and the building's identification method. */
export function fetchPinIdentificationPage(qrCodeKey: string, signal?: AbortSignal) {
  return apiClient.call('GET /pinIdentification/:qrCodeKey', { params: { qrCodeKey }, signal });
}

/**
 * Identifies a person by the building PIN and their credentials: the wizard's prefill and a
 * ticket. An enrolled kiosk's calls carry its credential (apiClient), which stands for the PIN.
 */
export function identifyByPin(qrCodeKey: string, body: PinIdentificationRequest) {
  return apiClient.call('POST /pinIdentification/:qrCodeKey', { params: { qrCodeKey }, body });
}
