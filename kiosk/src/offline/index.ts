// The kiosk's offline engine, as other packages use it (@vestibule/kiosk/offline): its Dexie
// database (outbox, visits, cached configuration), the commits made on the device (check-ins,
// check-outs, roll-call marks), the push
// exactly once and the page's sync runner, the kiosk's client of the service with its
// credential, and the staff PIN check. The React hooks over it stay in the app.
export { refreshConfig, refreshResolutions, refreshVisits } from './configCache.ts';
export { credentialOf, kioskFetch, saveEnrolment, withCredential } from './credential.ts';
export { kioskClient, pageKioskClient } from './kioskClient.ts';
export type { KioskConfig } from './kioskConfig.ts';
export {
  type CachedConfig,
  type CheckInEntry,
  type CheckOutEntry,
  KIOSK_DB_NAME,
  type KioskDb,
  type LocalVisit,
  type MetaEntry,
  type OutboxEntry,
  type RollCallEntry,
  openKioskDb,
  pageKioskDb,
} from './kioskDb.ts';
export { localVisitSummary } from './localVisitSummary.ts';
export {
  type CheckInCommit,
  type CommitOptions,
  commitCheckIn,
  commitCheckOut,
  deviceIdOf,
  pendingCount,
  pendingEntries,
  pruneSettled,
  rejectedEntries,
} from './outbox.ts';
export { provisionKiosk, provisionedKey } from './provision.ts';
export {
  type KioskRollCall,
  type RollCallAction,
  type StoredRollCall,
  commitRollCall,
  kioskRollCall,
  mergeRollCall,
  refreshRollCall,
} from './rollCall.ts';
export { type RunnerOptions, type SyncState, SyncRunner, kioskDb, syncRunner } from './runtime.ts';
export { staffPinAccepted, staffPinMatches } from './staffPin.ts';
export {
  type PushOutcome,
  RetryableSyncError,
  type SyncOptions,
  type SyncTransport,
  httpTransport,
  pushPending,
  retryDelayMs,
} from './syncEngine.ts';
