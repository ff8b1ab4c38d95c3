import { MAX_MUTATIONS_PER_PUSH, type Mutation, type SyncPushRequest, type SyncPushResponse } from '@vestibule/shared';
import { type ApiClient, ApiError } from '@vestibule/shared/api';
import type { CheckInEntry, KioskDb, OutboxEntry } from './kioskDb.ts';
import { deviceIdOf, pendingCount, pendingEntries } from './outbox.ts';
import { pageKioskClient } from './kioskClient.ts';

/** Sends one batch; throws on a network fault or a 5xx (worth retrying). */
export type SyncTransport = (body: SyncPushRequest) => Promise<SyncPushResponse>;

export class RetryableSyncError extends Error {}

export interface PushOutcome {
  sent: number;
  applied: number;
  rejected: number;
  failed: boolean;
  /** The push lock was held elsewhere: nothing was sent by this call. */
  busy: boolean;
}

export interface SyncOptions {
  qrCodeKey: string;
  /** kiosk (default) or a visitor's own phone. */
  channel?: 'kiosk' | 'ownDevice';
  batchSize?: number;
  appVersion?: string;
  configVersion?: string;
  now?: () => Date;
  /** Runs after a successful push, still holding the push lock (the runner's refresh). */
  whileLocked?: () => Promise<void>;
  /** Called after the answer, before it is written locally (tests simulate a crash there). */
  afterAnswer?: (answer: SyncPushResponse) => void;
}

const SYNC_LOCK = 'vestibule-kiosk-sync';

/**
 * Pushes the pending outbox in seq order, batch after batch, and records each answer:
 * applied or duplicate -> applied; rejected -> rejected with its errorCode (kept for staff,
 * never discarded). A fault stops the round and leaves the entries pending. One push at a
 * time across tabs (Web Locks when the browser has them).
 */
export async function pushPending(db: KioskDb, transport: SyncTransport, options: SyncOptions): Promise<PushOutcome> {
  const run = async () => {
    const outcome = await pushRounds(db, transport, options);
    // Under the same lock: a visits refresh never interleaves with another tab's push.
    if (!outcome.failed && options.whileLocked) await options.whileLocked();
    return outcome;
  };
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (locks) return locks.request(SYNC_LOCK, { ifAvailable: true }, (lock) => (lock ? run() : busy()));
  // Without Web Locks (older browsers, Node): one push at a time within this page.
  if (localPush) return busy();
  localPush = run();
  try {
    return await localPush;
  } finally {
    localPush = undefined;
  }
}

let localPush: Promise<PushOutcome> | undefined;

function idle(): PushOutcome {
  return { sent: 0, applied: 0, rejected: 0, failed: false, busy: false };
}

/** Another tab (or another call in this page) is pushing: it pushes what this one wrote too. */
function busy(): PushOutcome {
  return { ...idle(), busy: true };
}

async function pushRounds(db: KioskDb, transport: SyncTransport, options: SyncOptions): Promise<PushOutcome> {
  const outcome = idle();
  const batchSize = Math.min(options.batchSize ?? MAX_MUTATIONS_PER_PUSH, MAX_MUTATIONS_PER_PUSH);
  const deviceId = await deviceIdOf(db);
  for (;;) {
    const next = await pendingEntries(db, batchSize);
    const [first] = next;
    if (!first) return outcome;
    // A batch speaks for one building: entries made before a reprovisioning go with their own.
    const keyOf = (entry: OutboxEntry) => entry.qrCodeKey ?? options.qrCodeKey;
    const qrCodeKey = keyOf(first);
    const other = next.findIndex((entry) => keyOf(entry) !== qrCodeKey);
    const batch = other === -1 ? next : next.slice(0, other);
    const remaining = (await pendingCount(db)) - batch.length;
    // Photos and signatures kept as bytes go back to base64 (binaryPayload.ts, loaded only then).
    const unpack = batch.some((entry) => entry.type === 'checkIn' && entry.binary)
      ? (await import('./binaryPayload.ts')).checkInPayloadOf
      : null;
    const body: SyncPushRequest = {
      deviceId,
      sentAt: (options.now?.() ?? new Date()).toISOString(),
      qrCodeKey,
      channel: options.channel ?? 'kiosk',
      pendingCount: remaining,
      ...(options.appVersion ? { appVersion: options.appVersion } : {}),
      ...(options.configVersion ? { configVersion: options.configVersion } : {}),
      mutations: batch.map((entry) => toMutation(entry, unpack)),
    };
    let answer: SyncPushResponse;
    try {
      answer = await transport(body);
    } catch (error) {
      await db.outbox.bulkUpdate(
        batch.map((entry) => ({ key: entry.mutationId, changes: { attempts: entry.attempts + 1 } })),
      );
      outcome.failed = true;
      if (error instanceof RetryableSyncError || error instanceof TypeError) return outcome;
      throw error;
    }
    // Every entry must be answered: a partial answer is a fault, retried later with back-off.
    const answered = new Set(answer.results.map((result) => result.mutationId));
    if (batch.some((entry) => !answered.has(entry.mutationId))) {
      outcome.failed = true;
      return outcome;
    }
    options.afterAnswer?.(answer);
    const settledAt = new Date().toISOString();
    // One bulk write per table: a batch of 100 answers costs a few IndexedDB requests, not 200.
    const sent = new Map(batch.map((entry) => [entry.mutationId, entry]));
    const visitCodes = answer.results.flatMap((result) => {
      const entry = sent.get(result.mutationId);
      const offered = entry?.type === 'checkIn' ? entry.payload.codes : undefined;
      // The server keeps the device's codes unless another visit had them: then it says which.
      return result.codes && entry?.type === 'checkIn' && result.codes.identifier !== offered?.identifier
        ? [{ key: entry.visitId, changes: { ...result.codes } }]
        : [];
    });
    // A check-in the watchlist held or refused is not in: the outcome screen and the lists follow.
    const watched = answer.results.flatMap((result) => {
      const entry = sent.get(result.mutationId);
      return result.watch && entry?.type === 'checkIn'
        ? [{ key: entry.visitId, changes: { watch: result.watch, watchedAt: settledAt, checkedInAt: null } }]
        : [];
    });
    await db.transaction('rw', [db.outbox, db.visits, db.meta], async () => {
      await db.outbox.bulkUpdate(
        answer.results.map((result) => {
          const rejected = result.status === 'rejected';
          return {
            key: result.mutationId,
            changes: {
              status: rejected ? ('rejected' as const) : ('applied' as const),
              errorCode: rejected ? (result.errorCode ?? null) : null,
              settledAt,
            },
          };
        }),
      );
      if (visitCodes.length > 0) await db.visits.bulkUpdate(visitCodes);
      if (watched.length > 0) await db.visits.bulkUpdate(watched);
      // A check-in the server refused (already checked in elsewhere...) made no visit: the
      // device forgets the visit it created, so check-out never offers it. The entry stays.
      const refused = answer.results.flatMap((result) => {
        const entry = sent.get(result.mutationId);
        return result.status === 'rejected' && entry?.type === 'checkIn' ? [entry.visitId] : [];
      });
      if (refused.length > 0) {
        const made = await db.visits.bulkGet(refused);
        await db.visits.bulkDelete(
          made.flatMap((visit) => (visit?.source === 'device' && !visit.checkedOutAt ? [visit.id] : [])),
        );
      }
      await db.meta.put({ key: 'lastSyncAt', value: settledAt });
    });
    outcome.sent += batch.length;
    outcome.applied += answer.results.filter((r) => r.status !== 'rejected').length;
    outcome.rejected += answer.results.filter((r) => r.status === 'rejected').length;
  }
}

function toMutation(entry: OutboxEntry, unpack: ((entry: CheckInEntry) => CheckInEntry['payload']) | null): Mutation {
  const base = {
    mutationId: entry.mutationId,
    deviceId: entry.deviceId,
    seq: entry.seq,
    occurredAt: entry.occurredAt,
  };
  switch (entry.type) {
    case 'checkIn':
      return {
        ...base,
        visitId: entry.visitId,
        type: entry.type,
        payload: unpack && entry.binary ? unpack(entry) : entry.payload,
      };
    case 'checkOut':
      return { ...base, visitId: entry.visitId, type: entry.type, payload: entry.payload };
    case 'rollCall':
      return { ...base, visitId: entry.visitId, type: entry.type, payload: entry.payload };
  }
}

/** Back-off with full jitter, capped at 60 s: 1 s, 2 s, 4 s ... */
export function retryDelayMs(failures: number, random: () => number = Math.random): number {
  const cap = Math.min(60_000, 1000 * 2 ** Math.max(0, failures - 1));
  return Math.round(cap / 2 + random() * (cap / 2));
}

/**
 * The transport of the running kiosk: POST /service/sync/push through the kiosk's client (its
 * credential on every call, a time limit so a hung push never holds the push lock). A network
 * fault, a 5xx or a 429 is retried with back-off; a refusal is the round's error.
 */
export function httpTransport(client: ApiClient = pageKioskClient()): SyncTransport {
  return async (body) => {
    try {
      return await client.call('POST /sync/push', { body });
    } catch (error) {
      if (error instanceof ApiError && (error.status === 0 || error.status === 429 || error.status >= 500))
        throw new RetryableSyncError(error.status === 0 ? 'network' : `server ${error.status}`);
      throw error;
    }
  };
}
