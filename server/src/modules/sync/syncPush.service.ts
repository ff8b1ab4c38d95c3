// A kiosk's (or a phone's) pushed entries, applied exactly once each with the same rules as the
// online calls, at the device's time (docs/kiosk.md); the device's contact, clock skew and
// sequence gaps recorded on the way.
import type { syncPushEnvelopeSchema } from '@vestibule/shared';
import {
  CLOCK_SKEW_FLAG_MS,
  type ErrorCode,
  type MutationResult,
  type SyncPushResponse,
  isErrorCode,
  findUnsafeText,
  mutationSchema,
  withoutUnsafeText,
  type VisitCodes,
  uuidv7,
  visitCodesSchema,
  VISITOR_PHOTO_BASE64_MAX,
} from '@vestibule/shared';
import type { z } from 'zod';
import type { ServerContext } from '../../context.ts';
import { inSavepoint } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import { findBuildingByKey } from '../buildings/buildingOfLink.repo.ts';
import type { EnrolledKiosk } from '../kiosks/kiosks.service.ts';
import { type CheckInChannel, buildingForChannel, enrolledKioskOf } from '../checkin/channel.ts';
import { type DeferredVisits, checkIn } from '../checkin/checkin.service.ts';
import { type VisitRow, findVisitById, findVisitsByIds } from '../visits/visits.repo.ts';
import { type PhotoRefusal, readVisitorPhoto } from '../visits/visitPhoto.ts';
import { checkOut } from '../checkin/checkout.service.ts';
import { applyKioskRollCall } from '../evacuation/rollCall.service.ts';
import {
  type MutationRecord,
  addDeviceAlert,
  findAppliedMutation,
  findAppliedMutations,
  firstSeqGap,
  recordMutation,
  upsertDevice,
} from './sync.repo.ts';
import { type AppliedEntry, PendingVisits } from './pendingVisits.ts';

type PushBody = z.output<typeof syncPushEnvelopeSchema>;
type Envelope = PushBody['mutations'][number];
/** About 24 days: the largest clock skew recorded (an int4 column); beyond it the device is flagged anyway. */
const MAX_RECORDED_SKEW_MS = 2_000_000_000;

type PushedMutation = z.output<typeof mutationSchema>;

/** How far a device's clock may place a change in the future (beyond the skew flag, refused). */
const FUTURE_SLACK_MS = CLOCK_SKEW_FLAG_MS;
/** An entry older than this is refused: no kiosk holds a month of check-ins offline. */
const OLDEST_MS = 30 * 86_400_000;

/** A second delivery of the same mutation: the applied_mutations primary key, nothing else. */
function isSecondDelivery(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, constraint, message } = error as { code?: unknown; constraint?: unknown; message?: unknown };
  if (code !== '23505') return false;
  return constraint === 'applied_mutations_pkey' || String(message).includes('applied_mutations_pkey');
}

/**
 * Applies one mutation inside `trx`: the same rules as the online calls, at the device's time.
 * Also how an administrator applies a revoked kiosk's held entry (heldEntries.service.ts).
 */
export async function applyMutation(
  ctx: ServerContext,
  mutation: PushedMutation,
  channel: CheckInChannel,
  deviceId: string,
  batch: { buildingId: string; qrCodeKey: string; visits?: BatchVisits; deferred?: DeferredVisits },
): Promise<AppliedEntry | undefined> {
  const occurredAt = new Date(mutation.occurredAt);
  if (mutation.type === 'rollCall') {
    // A warden's action on the staff screen (docs/kiosk.md, "The roll call on a kiosk"): a kiosk's only.
    if (!channel.fromKiosk || !channel.verifiedKiosk) throw new AppError('UNAUTHORIZED');
    await applyKioskRollCall(ctx.db, {
      tenantId: channel.verifiedKiosk.tenantId,
      buildingId: batch.buildingId,
      deviceId,
      clientIp: channel.clientIp,
      visitId: mutation.visitId,
      occurredAt,
      payload: mutation.payload,
    });
    return undefined;
  }
  if (mutation.type === 'checkIn') {
    const { codes, locale, ...payload } = mutation.payload;
    // A batch speaks for one building: its check-ins are of that building.
    if (payload.qrCodeKey !== batch.qrCodeKey) throw new AppError('VALIDATION_FAILED', { field: 'qrCodeKey' });
    const person = locale ? { ...channel, locale } : channel;
    const known = batch.visits?.take(mutation.visitId);
    const outcome = await checkIn(ctx, { ...payload, id: mutation.visitId, deviceId }, person, {
      ...(known === undefined ? {} : { existing: known }),
      occurredAt,
      queued: true,
      withSummary: false,
      ...(codes ? { codes } : {}),
      ...(batch.deferred ? { deferred: batch.deferred } : {}),
    });
    if (outcome.status === 208) throw new AppError('CHECKEDIN');
    const { meetingIdentifier, publicIdentifier, pin, held, refusal } = outcome.body;
    // Only a visit this check-in created answers its codes: checking into an existing visit by
    // its id must not reveal that visit's PIN.
    const kept =
      outcome.created && meetingIdentifier && publicIdentifier && pin
        ? { identifier: meetingIdentifier, publicIdentifier, pin }
        : undefined;
    const watch = held ? ('HELD' as const) : refusal === 'WATCHLIST' ? ('REFUSED' as const) : undefined;
    return { ...(kept ? { codes: kept } : {}), ...(watch ? { watch } : {}) };
  }
  const known = batch.visits?.take(mutation.visitId);
  const visit = known === undefined ? await findVisitById(ctx.db, mutation.visitId) : (known ?? undefined);
  // Of this building only. A check-out made before the visit's latest check-in elsewhere (on
  // the phone, another kiosk) is stale; on this device, seq order decides, not its clock.
  const checkedInElsewhereLater =
    visit?.checked_in_at != null &&
    visit.device_id !== deviceId &&
    new Date(visit.checked_in_at).getTime() > occurredAt.getTime();
  if (!visit || visit.building_id !== batch.buildingId || checkedInElsewhereLater)
    throw new AppError('CHECKOUT_VISIT_NOT_FOUND');
  // A phone's check-out by visit id is refused before it gets here (pushBatch): a kiosk's.
  await checkOut(ctx, visit.public_identifier, mutation.payload, {
    occurredAt,
    method: channel.fromKiosk ? 'KIOSK' : 'OWN_DEVICE',
    by: { clientIp: channel.clientIp, deviceId },
  });
  return undefined;
}

/**
 * One kiosk batch, in one transaction. Each mutation is applied in its own savepoint together
 * with its row in applied_mutations (primary key = device and mutation id), so a resend, a lost
 * answer or a concurrent delivery answers `duplicate` and changes nothing; a refusal (a bad
 * payload included) is recorded once and stays a refusal on replay; a fault worth retrying aborts
 * the batch with a 5xx, nothing of it kept (the device sends it again).
 */
export async function pushBatch(
  ctx: ServerContext,
  body: PushBody,
  channel: CheckInChannel,
): Promise<SyncPushResponse> {
  // A phone's check-ins each carry the link's mobile token, checked per mutation like online.
  // A kiosk's batch needs its enrolled device (the envelope's): a revoked one still delivers, but
  // nothing it delivers is applied by itself: each new entry is held for an administrator.
  const found = await findBuildingByKey(ctx.db, body.qrCodeKey);
  if (!found) throw new AppError('NOT_FOUND');
  let kiosk: EnrolledKiosk | undefined;
  if (channel.fromKiosk) {
    kiosk = await enrolledKioskOf(ctx, found, channel, { revokedAllowed: true });
    if (kiosk.deviceId !== body.deviceId) throw new AppError('KIOSK_DEVICE_NOT_ALLOWED');
    channel = { ...channel, verifiedKiosk: kiosk };
  }
  const building = await buildingForChannel(ctx, body.qrCodeKey, channel, null, { ignoreMobileToken: true });
  const receivedAt = new Date();
  // Bounded to what the column holds (a clock set to 2099 is flagged, never a failed push).
  const clockSkewMs = Math.max(
    -MAX_RECORDED_SKEW_MS,
    Math.min(MAX_RECORDED_SKEW_MS, Math.round(receivedAt.getTime() - new Date(body.sentAt).getTime())),
  );
  if (body.mutations.length === 0 && !channel.fromKiosk)
    return { results: [], receivedAt: receivedAt.toISOString(), clockSkewMs };
  const skewFlagged = Math.abs(clockSkewMs) > CLOCK_SKEW_FLAG_MS;
  const known = await upsertDevice(ctx.db, {
    deviceId: body.deviceId,
    tenantId: building.tenant_id,
    buildingId: building.id,
    ip: channel.clientIp,
    appVersion: body.appVersion ?? null,
    configVersion: body.configVersion ?? null,
    pendingCount: body.pendingCount ?? null,
    clockSkewMs,
    skewFlagged,
    channel: channel.fromKiosk ? 'kiosk' : 'ownDevice',
  });
  // A device id already registered with another tenant is not taken over.
  if (!known) throw new AppError('KIOSK_DEVICE_NOT_ALLOWED');
  if (skewFlagged && channel.fromKiosk) {
    await addDeviceAlert(
      ctx.db,
      uuidv7(),
      body.deviceId,
      'CLOCK_SKEW',
      `about ${Math.round(clockSkewMs / 60_000)} min`,
    );
  }

  // One transaction for the batch. A run of new visits' check-ins is judged entry by entry and
  // written together (PendingVisits); any other entry first writes the run before it, then is
  // applied in a savepoint of its own (applyOnce): each entry applied or refused alone all the same.
  const revokedAt = kiosk?.revokedAt ?? null;
  const results = await ctx.db.transaction().execute(async (trx) => {
    const inBatch = { ...ctx, db: trx };
    const visits = await batchVisits(trx, body.mutations);
    const batch = { buildingId: building.id, qrCodeKey: body.qrCodeKey, visits };
    const recorded = await findAppliedMutations(
      trx,
      body.deviceId,
      body.mutations.map((envelope) => envelope.mutationId),
    );
    const envelopes = new Map(body.mutations.map((envelope) => [envelope.mutationId, envelope]));
    const apply = (record: MutationRecord, envelope: Envelope) =>
      applyOnce(inBatch, record, envelope, channel, body.deviceId, batch, receivedAt, revokedAt);
    const pending = await PendingVisits.open(trx, {
      deviceId: body.deviceId,
      offered: body.mutations.flatMap(offeredCodes),
      applyAlone: (record) => {
        const envelope = envelopes.get(record.mutationId);
        if (!envelope) throw new Error(`mutation ${record.mutationId} is not in the batch`);
        return apply(record, envelope);
      },
      recorded: (record) => storedResult(inBatch, record),
    });
    const outcomes: MutationResult[] = [];
    for (const [index, envelope] of body.mutations.entries()) {
      const record = recordOf(body, building, envelope);
      const stored = recorded.get(envelope.mutationId);
      // Delivered before (a resend, a lost answer): its recorded outcome, nothing applied again.
      if (stored) outcomes[index] = resultOf(record.mutationId, stored);
      else if (envelope.type === 'checkIn' && revokedAt === null && visits.isNew(envelope.visitId)) {
        const answer = (result: MutationResult) => {
          outcomes[index] = result;
        };
        const held = await judgeCheckIn(inBatch, record, envelope, channel, batch, receivedAt, pending, answer);
        if (held) outcomes[index] = held;
      } else {
        await pending.flush();
        outcomes[index] = await apply(record, envelope);
      }
    }
    await pending.flush();
    if (body.mutations.some((_, index) => outcomes[index] === undefined)) throw new Error('an entry was not answered');
    return outcomes;
  });

  const fromSeq = Math.min(...body.mutations.map((envelope) => envelope.seq));
  const gap = body.mutations.length > 0 ? await firstSeqGap(ctx.db, body.deviceId, fromSeq) : undefined;
  if (gap)
    await addDeviceAlert(ctx.db, uuidv7(), body.deviceId, 'SEQ_GAP', `seq ${gap.missing} to ${gap.before - 1} missing`);
  return { results, receivedAt: receivedAt.toISOString(), clockSkewMs };
}

/**
 * The visits a batch's entries name, read in one query before the first is applied. Each is
 * handed out once, to the first entry that names it: a later entry of the same visit (checked in,
 * then out) reads it again, as the earlier one changed it.
 */
interface BatchVisits {
  /** The visit as read before the batch (null: none), or undefined once handed out. */
  take: (visitId: string) => VisitRow | null | undefined;
  /** Whether no visit has this id and no entry of the batch was handed it yet. */
  isNew: (visitId: string | null) => boolean;
}

async function batchVisits(db: ServerContext['db'], mutations: readonly Envelope[]): Promise<BatchVisits> {
  const ids = [...new Set(mutations.flatMap((envelope) => (envelope.visitId === null ? [] : [envelope.visitId])))];
  const rows = await findVisitsByIds(db, ids);
  const read = new Map<string, VisitRow | null>(ids.map((id) => [id, null]));
  for (const row of rows) read.set(row.id, row);
  return {
    take: (visitId) => {
      if (!read.has(visitId)) return undefined;
      const visit = read.get(visitId) ?? null;
      read.delete(visitId);
      return visit;
    },
    isNew: (visitId) => visitId !== null && read.has(visitId) && read.get(visitId) === null,
  };
}

/** How a pushed entry is recorded in applied_mutations, whatever its outcome. */
function recordOf(body: PushBody, building: { id: string; tenant_id: string }, envelope: Envelope): MutationRecord {
  return {
    mutationId: envelope.mutationId,
    deviceId: body.deviceId,
    tenantId: building.tenant_id,
    buildingId: building.id,
    seq: envelope.seq,
    type: envelope.type,
    visitId: envelope.visitId,
    // Text no field may hold is kept replaced, so the refused entry stays readable by staff. The
    // photo is never kept with the entry: it lives with its visit only, and goes with it.
    payload: withoutPhoto(
      findUnsafeText(envelope.payload) === undefined ? (envelope.payload ?? null) : withoutUnsafeText(envelope.payload),
    ),
    occurredAt: new Date(envelope.occurredAt),
  };
}

/** The recorded outcome: an applied one is a duplicate now; a rejected one stays rejected. */
async function storedResult(ctx: ServerContext, record: MutationRecord): Promise<MutationResult> {
  const mutationId = record.mutationId;
  const stored = await findAppliedMutation(ctx.db, record.deviceId, mutationId);
  if (!stored) throw new Error(`mutation ${mutationId} was not recorded`);
  return resultOf(mutationId, stored);
}

function resultOf(mutationId: string, stored: { outcome: string; error_code: string | null }): MutationResult {
  const errorCode = stored.error_code && isErrorCode(stored.error_code) ? stored.error_code : undefined;
  // A held entry is not applied (yet): the device counts it refused, with the code that says why.
  const applied = stored.outcome === 'applied';
  return {
    mutationId,
    status: applied ? 'duplicate' : 'rejected',
    outcome: applied ? 'applied' : 'rejected',
    ...(errorCode && !applied ? { errorCode } : {}),
  };
}

/** The codes a kiosk gave a person it checked in offline, if any. */
function offeredCodes(envelope: Envelope): VisitCodes[] {
  const { payload } = envelope;
  if (envelope.type !== 'checkIn' || typeof payload !== 'object' || payload === null || !('codes' in payload))
    return [];
  // Only the codes are read here; the whole entry is parsed once, when it is judged.
  const parsed = visitCodesSchema.safeParse(payload.codes);
  return parsed.success ? [parsed.data] : [];
}

/**
 * The entry's refusal before it is judged (the same for every kind), or its parsed mutation and
 * what became of its photo.
 */
function screened(
  record: MutationRecord,
  envelope: Envelope,
  channel: CheckInChannel,
  deviceId: string,
  receivedAt: Date,
): { refusal: ErrorCode } | { mutation: PushedMutation; dropped: PhotoRefusal | undefined } {
  if (envelope.deviceId !== deviceId) return { refusal: 'VALIDATION_FAILED' };
  // NUL, control characters or lone surrogates: this entry is refused alone, never the batch.
  if (findUnsafeText(envelope.payload) !== undefined) return { refusal: 'VALIDATION_FAILED' };
  const age = receivedAt.getTime() - record.occurredAt.getTime();
  if (age < -FUTURE_SLACK_MS || age > OLDEST_MS) return { refusal: 'VALIDATION_FAILED' };
  // A phone checks out through its visit's own link (PATCH /checkoutable), not by visit id.
  if (!channel.fromKiosk && envelope.type === 'checkOut') return { refusal: 'UNAUTHORIZED' };
  const photo = photoOfPushedEntry(envelope, channel);
  if (photo.refusal) return { refusal: photo.refusal };
  const parsed = mutationSchema.safeParse(photo.envelope);
  if (!parsed.success) return { refusal: 'VALIDATION_FAILED' };
  return { mutation: parsed.data, dropped: photo.dropped };
}

/**
 * A new visit's check-in, judged now and held for the batch's next write (which answers it):
 * answers now only a refusal. Judging writes nothing, so no savepoint is needed.
 */
async function judgeCheckIn(
  ctx: ServerContext,
  record: MutationRecord,
  envelope: Envelope,
  channel: CheckInChannel,
  batch: Parameters<typeof applyMutation>[4],
  receivedAt: Date,
  pending: PendingVisits,
  answer: (result: MutationResult) => void,
): Promise<MutationResult | undefined> {
  const entry = screened(record, envelope, channel, record.deviceId, receivedAt);
  if ('refusal' in entry) return reject(ctx, record, entry.refusal);
  const { deferred, hold } = pending.entry(record, entry.dropped ?? null, answer);
  try {
    hold(await applyMutation(ctx, entry.mutation, channel, record.deviceId, { ...batch, deferred }));
    return undefined;
  } catch (error) {
    if (error instanceof AppError) return reject(ctx, record, error.errorCode);
    throw error;
  }
}

async function applyOnce(
  ctx: ServerContext,
  record: MutationRecord,
  envelope: Envelope,
  channel: CheckInChannel,
  deviceId: string,
  batch: Parameters<typeof applyMutation>[4],
  receivedAt: Date,
  revokedAt: Date | null,
): Promise<MutationResult> {
  const entry = screened(record, envelope, channel, deviceId, receivedAt);
  if ('refusal' in entry) return reject(ctx, record, entry.refusal);
  // A revoked kiosk's entry reaching the server now, whatever its own clock says (a stolen tablet
  // can date its entries before the revocation): held until an administrator applies or discards
  // it, never applied by itself and never lost. One delivered before the revocation keeps its outcome.
  if (revokedAt) return hold(ctx, record);
  try {
    const applied = await inSavepoint(ctx.db, async () => {
      // First the record: a concurrent delivery of the same mutation waits here, then fails.
      // A kiosk's photo dropped on the way is noted on the applied entry (its visit's history shows it).
      await recordMutation(ctx.db, record, { outcome: 'applied', errorCode: entry.dropped ?? null, ifAbsent: false });
      return applyMutation(ctx, entry.mutation, channel, deviceId, batch);
    });
    return { mutationId: record.mutationId, status: 'applied', outcome: 'applied', ...applied };
  } catch (error) {
    if (isSecondDelivery(error)) return storedResult(ctx, record);
    if (error instanceof AppError) return reject(ctx, record, error.errorCode);
    throw error;
  }
}

/** A payload as it is recorded: a check-in's photo taken out (null in its place). */
function withoutPhoto(payload: unknown): unknown {
  if (typeof payload !== 'object' || payload === null || !('photo' in payload)) return payload;
  return { ...payload, photo: null };
}

/**
 * A pushed check-in's photo before the entry is read (docs/check-in.md, "The visitor's photo"). A
 * kiosk's entry is never lost for its photo: a bad one is taken out (`dropped` says why) and the
 * entry applied without it. A phone's photo longer than any photo refuses its entry with
 * VISITOR_PHOTO_TOO_BIG rather than a bare VALIDATION_FAILED; the check-in judges the rest.
 */
function photoOfPushedEntry(
  envelope: Envelope,
  channel: CheckInChannel,
): { envelope: Envelope; dropped?: PhotoRefusal; refusal?: PhotoRefusal } {
  const payload = envelope.payload;
  if (envelope.type !== 'checkIn' || typeof payload !== 'object' || payload === null || !('photo' in payload))
    return { envelope };
  const { photo } = payload;
  if (photo === null || photo === undefined) return { envelope };
  if (!channel.fromKiosk) {
    const tooLong = typeof photo === 'string' && photo.length > VISITOR_PHOTO_BASE64_MAX;
    return tooLong ? { envelope, refusal: 'VISITOR_PHOTO_TOO_BIG' } : { envelope };
  }
  const reading = readVisitorPhoto(photo);
  if ('bytes' in reading) return { envelope };
  return { envelope: { ...envelope, payload: { ...payload, photo: null } }, dropped: reading.refusal };
}

async function reject(ctx: ServerContext, record: MutationRecord, errorCode: ErrorCode): Promise<MutationResult> {
  await recordMutation(ctx.db, record, { outcome: 'rejected', errorCode, ifAbsent: true });
  return storedResult(ctx, record);
}

async function hold(ctx: ServerContext, record: MutationRecord): Promise<MutationResult> {
  await recordMutation(ctx.db, record, { outcome: 'held', errorCode: 'KIOSK_ENTRY_HELD', ifAbsent: true });
  return storedResult(ctx, record);
}
