import type { CallOutput, Contract } from '@vestibule/shared/contract';

/**
 * GET /service/sync/config/{qrCodeKey}: everything a kiosk needs to run the wizard for every
 * person type with no network, stored in IndexedDB with its version. Where the staff screen's
 * PIN is checked (`staffPinCheck`): on the device against `staffPinHash` (a building that lists
 * its kiosks), by the server (POST /service/sync/staff/{key}), or nowhere (no PIN).
 */
export type KioskConfig = CallOutput<Contract['GET /sync/config/:qrCodeKey']>;
