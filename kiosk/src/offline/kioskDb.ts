import { Dexie, type EntityTable } from 'dexie';
import type { CheckInMutation, CheckOutMutation, MutationStatus, RollCallMutation } from '@vestibule/shared';
import type { KioskConfig } from './kioskConfig.ts';

// The kiosk's IndexedDB (docs/kiosk.md, "The outbox"): the outbox of check-ins, check-outs and
// roll-call marks made on this device, the visits it knows, its stable device id and sequence, and the cached building
// configuration. Strict durability: once a transaction has committed, a power cut loses
// nothing. Dexie `version(n)` blocks are never edited once landed.

interface OutboxEntryBase {
  mutationId: string;
  /** The building the entry belongs to (absent on entries written before it was recorded). */
  qrCodeKey?: string;
  deviceId: string;
  seq: number;
  visitId: string;
  occurredAt: string;
  status: MutationStatus;
  attempts: number;
  errorCode: string | null;
  /** When the server answered (applied, duplicate or rejected). */
  settledAt: string | null;
  /** A rejected entry that staff resolved in the administration (learnt from the server). */
  resolvedAt?: string | null;
}

/**
 * A check-in made on this device: its payload is the push's check-in payload, but for the photo
 * and the drawn signatures, kept as bytes in `binary` (their base64 text would take a third more
 * room: docs/kiosk.md, "The outbox"); `checkInPayloadOf` (outbox.ts) puts them back for the push.
 */
export type CheckInEntry = OutboxEntryBase &
  Pick<CheckInMutation, 'type' | 'payload'> & {
    binary?: { photo: Uint8Array | null; signatureImages: (Uint8Array | null)[] };
  };
/** A check-out made on this device: its payload is the push's check-out payload. */
export type CheckOutEntry = OutboxEntryBase & Pick<CheckOutMutation, 'type' | 'payload'>;

/**
 * A warden's action on the staff screen's roll call (docs/kiosk.md, "The roll call on a kiosk"):
 * start, mark (`visitId`: the person) or end; a start or an end names no visit.
 */
export type RollCallEntry = Omit<OutboxEntryBase, 'visitId'> &
  Pick<RollCallMutation, 'type' | 'payload'> & { visitId: string | null };

/**
 * One entry of the outbox, told apart by its `type` (stored as the push sends it, so entries
 * queued by earlier builds read as they are).
 */
export type OutboxEntry = CheckInEntry | CheckOutEntry | RollCallEntry;

export interface LocalVisit {
  id: string;
  qrCodeKey: string;
  visitorType: string;
  firstName: string | null;
  lastName: string | null;
  checkedInAt: string | null;
  checkedOutAt: string | null;
  /** The visit code a person types (made on the device, or from the server's list). */
  identifier: string | null;
  /** The PIN, known for visits made on this device and expected visits of the server's list. */
  pin: string | null;
  /** The id of the visit's public pages (made on the device, or from the server's list). */
  publicIdentifier: string | null;
  /** Planned arrival of an expected visit (server list). */
  scheduledAt: string | null;
  /** How long the visit is planned to last (ISO 8601, PT1H): with the check-in, when it is overdue. */
  scheduledDuration?: string | null;
  /** The host's name and the visitor's company (the evacuation list); absent from older lists. */
  host?: string | null;
  companyName?: string | null;
  /** What an expected visit holds of its form (an invitation's e-mail, company...): the wizard starts from it. */
  checkInForm?: Record<string, string | boolean> | null;
  /** device: made here (its outbox entry carries it to the server); server: today's list. */
  source: 'device' | 'server';
  /** False for a check-in this device refused at the door (absent: let in, or awaited). */
  allowed?: boolean;
  /**
   * What the company's watchlist made of a check-in made here, as the server answered it
   * (docs/watchlist.md): held until staff approve, or refused. Not in, either way.
   */
  watch?: 'HELD' | 'REFUSED';
  /** When the server said so: the visit is kept on the device until that day is over. */
  watchedAt?: string;
}

export interface MetaEntry {
  key:
    | 'deviceId'
    | 'seq'
    | 'qrCodeKey'
    | 'lastSyncAt'
    | 'lastSyncError'
    | 'persisted'
    | 'visitsFetchedAt'
    /** The enrolled kiosk's credential, `{deviceId}.{secret}` (sent with every kiosk call). */
    | 'credential'
    /** The name the administrator gave this kiosk at enrolment. */
    | 'kioskName'
    /** What the server last said of the credential: 'revoked' or 'unenrolled' (absent: fine). */
    | 'kioskAccess'
    /** The building's roll call as the server last answered it, as JSON (offline/rollCall.ts). */
    | 'rollCall';
  value: string;
}

export interface CachedConfig {
  qrCodeKey: string;
  /** The server's version (its ETag without quotes). */
  version: string;
  data: KioskConfig;
  /** When this device last heard from the server about it (fetched or 304). */
  cachedAt: string;
}

export type KioskDb = Dexie & {
  outbox: EntityTable<OutboxEntry, 'mutationId'>;
  visits: EntityTable<LocalVisit, 'id'>;
  meta: EntityTable<MetaEntry, 'key'>;
  config: EntityTable<CachedConfig, 'qrCodeKey'>;
};

export const KIOSK_DB_NAME = 'vestibule-kiosk';

let pageDatabase: KioskDb | undefined;

/** The page's kiosk database (one connection per page). */
export function pageKioskDb(): KioskDb {
  pageDatabase ??= openKioskDb();
  return pageDatabase;
}

export function openKioskDb(name: string = KIOSK_DB_NAME): KioskDb {
  const db = new Dexie(name, { chromeTransactionDurability: 'strict' }) as KioskDb;
  db.version(1).stores({
    outbox: 'mutationId, &seq, status, visitId',
    visits: 'id, qrCodeKey, lastName, checkedOutAt',
    meta: 'key',
    config: 'qrCodeKey',
  });
  // Visits found by their code at check-out (typed or scanned), offline too.
  db.version(2).stores({ visits: 'id, qrCodeKey, lastName, checkedOutAt, identifier, publicIdentifier' });
  // The next batch read straight from an index in seq order (not every pending entry sorted).
  db.version(3).stores({ outbox: 'mutationId, &seq, status, visitId, [status+seq]' });
  return db;
}
