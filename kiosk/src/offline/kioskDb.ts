import { Dexie, type EntityTable } from 'dexie';
import type { MutationStatus, SyncPushRequest } from '@vestibule/shared';

// The kiosk's IndexedDB (SYNC.md): the outbox of check-ins and check-outs made on this
// device, the visits it knows, its stable device id and sequence, and the cached building
// configuration. Strict durability: once a transaction has committed, a power cut loses
// nothing. Dexie `version(n)` blocks are never edited once landed.

export type OutboxMutation = SyncPushRequest['mutations'][number];

export interface OutboxEntry {
  mutationId: string;
  deviceId: string;
  seq: number;
  type: OutboxMutation['type'];
  visitId: string;
  payload: OutboxMutation['payload'];
  occurredAt: string;
  status: MutationStatus;
  attempts: number;
  errorCode: string | null;
  /** When the server answered (applied, duplicate or rejected). */
  settledAt: string | null;
}

export interface LocalVisit {
  id: string;
  qrCodeKey: string;
  visitorType: string;
  firstName: string | null;
  lastName: string | null;
  checkedInAt: string | null;
  checkedOutAt: string | null;
  /** Known once the server has it (online check-in, or the cached list of today's visits). */
  publicIdentifier: string | null;
  source: 'device' | 'server';
}

export interface MetaEntry {
  key: 'deviceId' | 'seq' | 'qrCodeKey';
  value: string;
}

export interface CachedConfig {
  qrCodeKey: string;
  version: string;
  data: unknown;
  cachedAt: string;
}

export type KioskDb = Dexie & {
  outbox: EntityTable<OutboxEntry, 'mutationId'>;
  visits: EntityTable<LocalVisit, 'id'>;
  meta: EntityTable<MetaEntry, 'key'>;
  config: EntityTable<CachedConfig, 'qrCodeKey'>;
};

export const KIOSK_DB_NAME = 'vestibule-kiosk';

export function openKioskDb(name: string = KIOSK_DB_NAME): KioskDb {
  const db = new Dexie(name, { chromeTransactionDurability: 'strict' }) as KioskDb;
  db.version(1).stores({
    outbox: 'mutationId, &seq, status, visitId',
    visits: 'id, qrCodeKey, lastName, checkedOutAt',
    meta: 'key',
    config: 'qrCodeKey',
  });
  return db;
}
