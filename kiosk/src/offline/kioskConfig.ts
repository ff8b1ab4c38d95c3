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
  /** PBKDF2-SHA-256 of the building's PIN (base64url), or null when the building has none. */
  staffPinHash: string | null;
}
