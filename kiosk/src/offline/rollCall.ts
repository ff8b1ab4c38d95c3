import {
  type CurrentMark,
  type RollCall,
  type RollCallActor,
  type RollCallMark,
  type RollCallMutation,
  type RollCallReason,
  type RollCallStatus,
  currentMarks,
  uuidv7,
} from '@vestibule/shared';
import type { ApiClient } from '@vestibule/shared/api';
import { pageKioskClient } from './kioskClient.ts';
import type { KioskDb, RollCallEntry } from './kioskDb.ts';
import { type CommitOptions, deviceIdOf, nextSeq } from './outbox.ts';

// The building's roll call on a kiosk's staff screen (docs/kiosk.md, "The roll call on a kiosk").
// A warden's actions (start, mark, end) go through the outbox like a check-in: committed on the
// device at once, pushed when the network allows, applied by the server exactly once. What the
// screen shows is the server's roll call as last read (every warden's marks), with the kiosk's
// own actions the server has not counted yet laid over it by the server's rule: a start joins
// the running roll call, the later mark of a person by its time wins, an end stands unless
// someone marked after it.

/** The server's answer as the kiosk keeps it: the roll call, and when the kiosk asked for it. */
export interface StoredRollCall {
  qrCodeKey: string;
  /** When the read started (the device's clock): entries settled before it are in the answer. */
  askedAt: string;
  rollCall: RollCall | null;
}

export interface KioskRollCall {
  /** The roll call running by the kiosk's knowledge, or null. */
  running: {
    /** The id the kiosk's entries name (the server's, or the one it made offline). */
    id: string;
    reason: RollCallReason;
    startedAt: string;
    startedBy: RollCallActor;
  } | null;
  /** The last roll call the server said ended, when none runs. */
  ended: RollCall | null;
  /** Each marked person's mark now. */
  marks: ReadonlyMap<string, CurrentMark>;
  /** The kiosk's own actions not yet applied by the server. */
  waiting: number;
  /** When the server's roll call was last read (null: never). */
  readAt: string | null;
}

/**
 * The roll call the staff screen shows: `stored` (the server's) with `entries` (this kiosk's
 * roll-call entries of the building) the server has not counted yet laid over it. An entry is
 * counted once the server applied it before the stored answer was asked for; a refused one never.
 */
export function mergeRollCall(
  stored: StoredRollCall | null,
  entries: readonly RollCallEntry[],
  kiosk: RollCallActor,
): KioskRollCall {
  const base = stored?.rollCall ?? null;
  let running: KioskRollCall['running'] =
    base && base.endedAt === null
      ? { id: base.id, reason: base.reason, startedAt: base.startedAt, startedBy: base.startedBy }
      : null;
  /** The ids the kiosk's entries may name for the running roll call (its own offline one joins it). */
  let ids = new Set(running ? [running.id] : []);
  let history: RollCallMark[] = running && base ? [...base.history] : [];
  const uncounted = [...entries]
    .filter(
      (entry) =>
        entry.status === 'pending' ||
        (entry.status === 'applied' && (stored === null || (entry.settledAt ?? '') > stored.askedAt)),
    )
    .sort((a, b) => a.seq - b.seq);
  for (const entry of uncounted) {
    const { payload } = entry;
    if (payload.action === 'start') {
      if (running) ids.add(payload.rollCallId);
      else {
        running = { id: payload.rollCallId, reason: payload.reason, startedAt: entry.occurredAt, startedBy: kiosk };
        ids = new Set([payload.rollCallId]);
        history = [];
      }
    } else if (!ids.has(payload.rollCallId)) {
      // An action on a roll call that has ended since: the server keeps it in its history.
      continue;
    } else if (payload.action === 'mark' && entry.visitId !== null) {
      history.push({ visitId: entry.visitId, status: payload.status, markedAt: entry.occurredAt, markedBy: kiosk });
    } else if (payload.action === 'end' && !history.some((mark) => mark.markedAt > entry.occurredAt)) {
      running = null;
      ids = new Set();
      history = [];
    }
  }
  return {
    running,
    ended: running === null && base?.endedAt ? base : null,
    marks: currentMarks(history),
    waiting: entries.filter((entry) => entry.status === 'pending').length,
    readAt: stored?.askedAt ?? null,
  };
}

/** The stored answer of the building, if it is this building's. */
export async function storedRollCall(db: KioskDb, qrCodeKey: string): Promise<StoredRollCall | null> {
  const value = (await db.meta.get('rollCall'))?.value;
  if (!value) return null;
  try {
    const stored = JSON.parse(value) as StoredRollCall;
    return stored.qrCodeKey === qrCodeKey ? stored : null;
  } catch {
    return null;
  }
}

/** The kiosk's roll-call entries of a building, whatever their state. */
export async function rollCallEntries(db: KioskDb, qrCodeKey: string): Promise<RollCallEntry[]> {
  const entries = await db.outbox.toArray();
  return entries.filter(
    (entry): entry is RollCallEntry => entry.type === 'rollCall' && (entry.qrCodeKey ?? qrCodeKey) === qrCodeKey,
  );
}

/** What the staff screen shows, read from the device in one transaction. */
export async function kioskRollCall(db: KioskDb, qrCodeKey: string): Promise<KioskRollCall> {
  return db.transaction('r', [db.meta, db.outbox], async () => {
    const name = (await db.meta.get('kioskName'))?.value ?? null;
    return mergeRollCall(await storedRollCall(db, qrCodeKey), await rollCallEntries(db, qrCodeKey), {
      kind: 'kiosk',
      name,
    });
  });
}

/** Reads the building's roll call from the server and keeps it (GET /service/sync/rollCall/{key}). */
export async function refreshRollCall(
  db: KioskDb,
  qrCodeKey: string,
  client: ApiClient = pageKioskClient(),
  now: () => Date = () => new Date(),
): Promise<void> {
  const askedAt = now().toISOString();
  const { rollCall } = await client.call('GET /sync/rollCall/:qrCodeKey', { params: { qrCodeKey } });
  const stored: StoredRollCall = { qrCodeKey, askedAt, rollCall };
  await db.meta.put({ key: 'rollCall', value: JSON.stringify(stored) });
}

export type RollCallAction =
  | { action: 'start'; reason: RollCallReason }
  | { action: 'mark'; rollCallId: string; visitId: string; status: RollCallStatus | null }
  | { action: 'end'; rollCallId: string };

/**
 * Commits a warden's action on this device: the outbox entry and the next sequence number in
 * one strict-durability transaction, as a check-in. A start makes the roll call's id here.
 */
export async function commitRollCall(
  db: KioskDb,
  qrCodeKey: string,
  action: RollCallAction,
  options: CommitOptions = {},
): Promise<{ mutationId: string; seq: number; rollCallId: string }> {
  const deviceId = await deviceIdOf(db);
  const occurredAt = (options.now ?? new Date()).toISOString();
  let payload: RollCallMutation['payload'];
  let visitId: string | null = null;
  if (action.action === 'start') payload = { action: 'start', rollCallId: uuidv7(), reason: action.reason };
  else if (action.action === 'mark') {
    payload = { action: 'mark', rollCallId: action.rollCallId, status: action.status };
    visitId = action.visitId;
  } else payload = { action: 'end', rollCallId: action.rollCallId };
  return db.transaction('rw', [db.meta, db.outbox], async () => {
    const seq = await nextSeq(db);
    const mutationId = uuidv7();
    const entry: RollCallEntry = {
      mutationId,
      qrCodeKey,
      deviceId,
      seq,
      type: 'rollCall',
      visitId,
      payload,
      occurredAt,
      status: 'pending',
      attempts: 0,
      errorCode: null,
      settledAt: null,
    };
    await db.outbox.add(entry);
    options.beforeCommit?.();
    return { mutationId, seq, rollCallId: payload.rollCallId };
  });
}
