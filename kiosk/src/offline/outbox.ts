import { Dexie } from 'dexie';
import { type CheckInMutation, type CheckOutMutation, type VisitCodes, uuidv7 } from '@vestibule/shared';
import type { CheckInEntry, KioskDb, LocalVisit, OutboxEntry } from './kioskDb.ts';

/** The device id: generated once and kept in IndexedDB (never per tab). */
export async function deviceIdOf(db: KioskDb): Promise<string> {
  return db.transaction('rw', db.meta, async () => {
    const stored = await db.meta.get('deviceId');
    if (stored) return stored.value;
    const value = crypto.randomUUID();
    await db.meta.put({ key: 'deviceId', value });
    return value;
  });
}

/** The next sequence number of the device; inside the transaction that writes its entry. */
export async function nextSeq(db: KioskDb): Promise<number> {
  const current = Number((await db.meta.get('seq'))?.value ?? 0);
  const next = current + 1;
  await db.meta.put({ key: 'seq', value: String(next) });
  return next;
}

/** Whether a check-in carries a photo or a drawn signature: they are stored as bytes (binaryPayload.ts). */
function carriesPictures(payload: CheckInMutation['payload']): boolean {
  const signatures: unknown = payload.signatures;
  return (
    Boolean(payload.photo) ||
    (Array.isArray(signatures) && signatures.some((signature: { image?: unknown }) => Boolean(signature.image)))
  );
}

export interface CommitOptions {
  now?: Date;
  /** Runs inside the transaction after the writes (tests use it to abort). */
  beforeCommit?: () => void;
}

export interface CheckInCommit {
  /** An existing visit the person checks back into, or an invitation; a new id otherwise. */
  visitId?: string | null;
  /** The codes given to the person for a new visit. */
  codes?: VisitCodes;
  /**
   * An existing visit's codes as the screen knows them (an invitation the server answered for,
   * which the device did not hold yet): kept on the device's visit for its check-out, never sent.
   */
  knownCodes?: { identifier: string | null; publicIdentifier: string | null; pin: string | null };
  /** Whether the person was let in (a refused check-in is still sent: the log keeps it). */
  allowed?: boolean;
  /** The device's hashed watchlist held or refused the person (docs/watchlist.md, "On a kiosk"): not in. */
  watch?: 'HELD' | 'REFUSED';
}

/**
 * Commits a check-in on this device: the visit, the outbox entry and the next sequence
 * number in one strict-durability transaction. Only after it resolves may the screen say
 * "you are checked in".
 */
export async function commitCheckIn(
  db: KioskDb,
  payload: CheckInMutation['payload'],
  options: CommitOptions & CheckInCommit = {},
): Promise<{ visitId: string; mutationId: string; seq: number }> {
  const deviceId = await deviceIdOf(db);
  const occurredAt = (options.now ?? new Date()).toISOString();
  const allowed = options.allowed ?? true;
  const sent = options.codes ? { ...payload, codes: options.codes } : payload;
  // Before the transaction: an IndexedDB transaction ends at an await that is not its own.
  const stored = carriesPictures(sent)
    ? (await import('./binaryPayload.ts')).packCheckInPayload(sent)
    : { payload: sent };
  return db.transaction('rw', [db.meta, db.visits, db.outbox], async () => {
    const seq = await nextSeq(db);
    const visitId = options.visitId ?? uuidv7();
    const mutationId = uuidv7();
    const form = payload.checkInForm ?? {};
    const text = (key: string) => {
      const value = form[key];
      return typeof value === 'string' ? value : null;
    };
    const known = await db.visits.get(visitId);
    const visit: LocalVisit = {
      id: visitId,
      qrCodeKey: payload.qrCodeKey,
      visitorType: String(payload.visitorType),
      firstName: text('firstName') ?? known?.firstName ?? null,
      lastName: text('lastName') ?? known?.lastName ?? null,
      checkedInAt: allowed ? occurredAt : (known?.checkedInAt ?? null),
      checkedOutAt: allowed ? null : (known?.checkedOutAt ?? null),
      identifier: options.codes?.identifier ?? known?.identifier ?? options.knownCodes?.identifier ?? null,
      pin: options.codes?.pin ?? known?.pin ?? options.knownCodes?.pin ?? null,
      publicIdentifier:
        options.codes?.publicIdentifier ?? known?.publicIdentifier ?? options.knownCodes?.publicIdentifier ?? null,
      scheduledAt: known?.scheduledAt ?? null,
      scheduledDuration: payload.scheduledDuration ?? known?.scheduledDuration ?? null,
      // The host and company as typed: the staff screen's evacuation list and the badge read them.
      host: text('host') ?? known?.host ?? null,
      companyName: text('companyName') ?? text('contractorCompanyName') ?? known?.companyName ?? null,
      source: known?.source ?? 'device',
      allowed,
      ...(options.watch ? { watch: options.watch, watchedAt: occurredAt } : {}),
    };
    const entry: CheckInEntry = {
      mutationId,
      qrCodeKey: payload.qrCodeKey,
      deviceId,
      seq,
      type: 'checkIn',
      visitId,
      ...stored,
      occurredAt,
      status: 'pending',
      attempts: 0,
      errorCode: null,
      settledAt: null,
    };
    await db.visits.put(visit);
    await db.outbox.add(entry);
    options.beforeCommit?.();
    return { visitId, mutationId, seq };
  });
}

/** Commits a check-out of a visit this device knows, in one transaction with its outbox entry. */
export async function commitCheckOut(
  db: KioskDb,
  visitId: string,
  payload: CheckOutMutation['payload'],
  options: CommitOptions = {},
): Promise<{ mutationId: string; seq: number }> {
  const deviceId = await deviceIdOf(db);
  const occurredAt = (options.now ?? new Date()).toISOString();
  return db.transaction('rw', [db.meta, db.visits, db.outbox], async () => {
    const visit = await db.visits.get(visitId);
    if (!visit || visit.checkedOutAt) throw new Error('This visit is not checked in on this kiosk');
    const seq = await nextSeq(db);
    const mutationId = uuidv7();
    await db.visits.update(visitId, { checkedOutAt: occurredAt });
    await db.outbox.add({
      mutationId,
      qrCodeKey: visit.qrCodeKey,
      deviceId,
      seq,
      type: 'checkOut',
      visitId,
      payload,
      occurredAt,
      status: 'pending',
      attempts: 0,
      errorCode: null,
      settledAt: null,
    });
    options.beforeCommit?.();
    return { mutationId, seq };
  });
}

export function pendingEntries(db: KioskDb, limit: number): Promise<OutboxEntry[]> {
  return db.outbox
    .where('[status+seq]')
    .between(['pending', Dexie.minKey], ['pending', Dexie.maxKey])
    .limit(limit)
    .toArray();
}

export function rejectedEntries(db: KioskDb): Promise<OutboxEntry[]> {
  return db.outbox.where('status').equals('rejected').sortBy('seq');
}

export function pendingCount(db: KioskDb): Promise<number> {
  return db.outbox.where('status').equals('pending').count();
}

/** The start of the kiosk's day (its own clock): what happened before it is no longer today's. */
function startOfDay(now: Date): string {
  const start = new Date(now);
  start.setHours(0, 0, 0, 0);
  return start.toISOString();
}

/**
 * Clears what the kiosk no longer needs of its visitors (docs/privacy.md, "On the kiosk"): a
 * check-in or check-out as soon as the server has it (applied, or refused and resolved by staff);
 * a roll call's mark once its day is over; a visit once its day is over, unless its visitor is
 * still inside (check-out and the evacuation list need them) or an entry of theirs is unsynced or
 * refused and unresolved. Pending entries and unresolved refusals are never touched: they are the
 * visitor's only record until the server has them, or what staff must act on.
 */
export async function pruneSettled(db: KioskDb, now: Date = new Date()): Promise<number> {
  const today = startOfDay(now);
  return db.transaction('rw', [db.outbox, db.visits], async () => {
    const settled = await db.outbox
      .where('status')
      .anyOf('applied', 'rejected')
      .filter((entry) =>
        entry.status === 'rejected'
          ? Boolean(entry.resolvedAt)
          : entry.type !== 'rollCall' || (entry.settledAt ?? '') < today,
      )
      .primaryKeys();
    await db.outbox.bulkDelete(settled);
    const held = new Set(
      (await db.outbox.where('status').anyOf('pending', 'rejected').toArray()).map((entry) => entry.visitId),
    );
    const over = await db.visits
      .filter(
        (visit) =>
          !held.has(visit.id) &&
          !(visit.checkedInAt !== null && visit.checkedOutAt === null) &&
          // A check-in the watchlist held or refused has no check-in time: the day of that word counts.
          (visit.checkedInAt ?? visit.scheduledAt ?? visit.watchedAt ?? '') < today,
      )
      .primaryKeys();
    await db.visits.bulkDelete(over);
    return settled.length + over.length;
  });
}

/**
 * Learns what became of this kiosk's refused entries in the administration (GET
 * /service/sync/device/{id}): those staff resolved (a revoked kiosk's held entries too, once
 * applied or discarded), and the reason the server now gives (a held entry an administrator
 * applied and the check-in rules refused carries their code).
 */
export async function markResolved(
  db: KioskDb,
  entries: { mutationId: string; errorCode: string; resolvedAt: string | null }[],
) {
  await db.transaction('rw', db.outbox, async () => {
    for (const entry of entries) {
      const stored = await db.outbox.get(entry.mutationId);
      if (stored?.status !== 'rejected') continue;
      const changes: { resolvedAt?: string; errorCode?: string } = {};
      if (entry.resolvedAt) changes.resolvedAt = entry.resolvedAt;
      if (stored.errorCode !== entry.errorCode) changes.errorCode = entry.errorCode;
      if (Object.keys(changes).length > 0) await db.outbox.update(entry.mutationId, changes);
    }
  });
}
