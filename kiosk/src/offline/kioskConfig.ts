import type { CheckInBuilding, CheckInData, WizardQuestionnaire, WizardVisitorType } from '@vestibule/shared';

/**
 * GET /service/sync/config/{qrCodeKey}: everything a kiosk needs to run the wizard for every
 * person type with no network, stored in IndexedDB with its version.
 */
export interface KioskConfig {
  version: string;
  building: CheckInBuilding;
  checkInData: Partial<Record<WizardVisitorType, CheckInData>>;
  exitQuestionnaires: Partial<Record<WizardVisitorType, WizardQuestionnaire[]>>;
  /**
   * Where the staff screen's PIN is checked: on the device against `staffPinHash` (a building
   * that lists its kiosks), by the server (POST /service/sync/staff/{key}), or nowhere (no PIN).
   */
  staffPinCheck: 'device' | 'server' | 'none';
  /** PBKDF2-SHA-256 of the building's PIN (base64url), for `staffPinCheck: 'device'`. */
  staffPinHash: string | null;
}
