import { createHash, pbkdf2, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
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
  STAFF_PIN_ITERATIONS,
  type VisitCodes,
  dayInZone,
  staffPinSalt,
  uuidv7,
  wizardVisitorTypes,
} from '@vestibule/shared';
import type { z } from 'zod';
import type { ServerContext } from '../../context.ts';
import { AppError, notFound } from '../../errors.ts';
import { type KeyedBuilding, findBuildingByKey } from '../buildings/buildingOfLink.repo.ts';
import { settingsOf } from '../buildings/buildingSettings.ts';
import type { EnrolledKiosk } from '../kiosks/kiosks.service.ts';
import { type CheckInChannel, buildingForChannel, enrolledKioskOf } from '../checkin/channel.ts';
import { checkInBuilding, checkInData } from '../checkin/checkInLink.service.ts';
import { checkIn } from '../checkin/checkin.service.ts';
import { linkedQuestionnaires } from '../questionnaires/linkedQuestionnaires.repo.ts';
import { findVisitById } from '../visits/visits.repo.ts';
import { checkOut } from '../checkin/checkout.service.ts';
import {
  type MutationRecord,
  addDeviceAlert,
  findAppliedMutation,
  firstSeqGap,
  kioskPeople,
  listBuildingDevices,
  listDeviceAlerts,
  listRejectedMutations,
  openAndExpectedVisits,
  recordMutation,
  resolveRejectedMutation,
  upsertDevice,
} from './sync.repo.ts';

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

/** Applies one mutation inside `trx`: the same rules as the online calls, at the device's time. */
async function applyMutation(
  ctx: ServerContext,
  mutation: PushedMutation,
  channel: CheckInChannel,
  deviceId: string,
  batch: { buildingId: string; qrCodeKey: string },
): Promise<VisitCodes | undefined> {
  const occurredAt = new Date(mutation.occurredAt);
  if (mutation.type === 'checkIn') {
    const { codes, locale, ...payload } = mutation.payload;
    // A batch speaks for one building: its check-ins are of that building.
    if (payload.qrCodeKey !== batch.qrCodeKey) throw new AppError('VALIDATION_FAILED', { field: 'qrCodeKey' });
    const person = locale ? { ...channel, locale } : channel;
    const outcome = await checkIn(ctx, { ...payload, id: mutation.visitId, deviceId }, person, {
      occurredAt,
      withSummary: false,
      ...(codes ? { codes } : {}),
    });
    if (outcome.status === 208) throw new AppError('CHECKEDIN');
    const { meetingIdentifier, publicIdentifier, pin } = outcome.body;
    // Only a visit this check-in created answers its codes: checking into an existing visit by
    // its id must not reveal that visit's PIN.
    return outcome.created && meetingIdentifier && publicIdentifier && pin
      ? { identifier: meetingIdentifier, publicIdentifier, pin }
      : undefined;
  }
  const visit = await findVisitById(ctx.db, mutation.visitId);
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
  });
  return undefined;
}

/**
 * One kiosk batch. Each mutation is applied in its own transaction together with its row in
 * applied_mutations (primary key = device and mutation id), so a resend, a lost answer or a concurrent
 * delivery answers `duplicate` and changes nothing; a refusal (a bad payload included) is
 * recorded once and stays a refusal on replay; a fault worth retrying aborts the batch with a
 * 5xx (what was applied before it answers `duplicate` next time).
 */
export async function pushBatch(
  ctx: ServerContext,
  body: PushBody,
  channel: CheckInChannel,
): Promise<SyncPushResponse> {
  // A phone's check-ins each carry the link's mobile token, checked per mutation like online.
  // A kiosk's batch needs its enrolled device (the envelope's): a revoked one still delivers
  // what it made before its revocation, each later entry is refused KIOSK_DEVICE_REVOKED.
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

  const results: MutationResult[] = [];
  const batch = { buildingId: building.id, qrCodeKey: body.qrCodeKey };
  for (const envelope of body.mutations) {
    const record: MutationRecord = {
      mutationId: envelope.mutationId,
      deviceId: body.deviceId,
      tenantId: building.tenant_id,
      buildingId: building.id,
      seq: envelope.seq,
      type: envelope.type,
      visitId: envelope.visitId,
      // Text no field may hold is kept replaced, so the refused entry stays readable by staff.
      payload:
        findUnsafeText(envelope.payload) === undefined
          ? (envelope.payload ?? null)
          : withoutUnsafeText(envelope.payload),
      occurredAt: new Date(envelope.occurredAt),
    };
    results.push(await applyOnce(ctx, record, envelope, channel, body.deviceId, batch, receivedAt, kiosk?.revokedAt));
  }

  const gap = await firstSeqGap(ctx.db, body.deviceId);
  if (gap)
    await addDeviceAlert(ctx.db, uuidv7(), body.deviceId, 'SEQ_GAP', `seq ${gap.missing} to ${gap.before - 1} missing`);
  return { results, receivedAt: receivedAt.toISOString(), clockSkewMs };
}

/** The recorded outcome: an applied one is a duplicate now; a rejected one stays rejected. */
async function storedResult(ctx: ServerContext, record: MutationRecord): Promise<MutationResult> {
  const mutationId = record.mutationId;
  const stored = await findAppliedMutation(ctx.db, record.deviceId, mutationId);
  if (!stored) throw new Error(`mutation ${mutationId} was not recorded`);
  const errorCode = stored.error_code && isErrorCode(stored.error_code) ? stored.error_code : undefined;
  return {
    mutationId,
    status: stored.outcome === 'applied' ? 'duplicate' : 'rejected',
    outcome: stored.outcome,
    ...(errorCode ? { errorCode } : {}),
  };
}

async function applyOnce(
  ctx: ServerContext,
  record: MutationRecord,
  envelope: Envelope,
  channel: CheckInChannel,
  deviceId: string,
  batch: { buildingId: string; qrCodeKey: string },
  receivedAt: Date,
  revokedAt: Date | null = null,
): Promise<MutationResult> {
  if (envelope.deviceId !== deviceId) return reject(ctx, record, 'VALIDATION_FAILED');
  // Made after the kiosk was revoked: refused with a code its staff screen explains.
  if (revokedAt && record.occurredAt.getTime() >= revokedAt.getTime()) {
    const stored = await findAppliedMutation(ctx.db, record.deviceId, record.mutationId);
    return stored ? storedResult(ctx, record) : reject(ctx, record, 'KIOSK_DEVICE_REVOKED');
  }
  // NUL, control characters or lone surrogates: this entry is refused alone, never the batch.
  if (findUnsafeText(envelope.payload) !== undefined) return reject(ctx, record, 'VALIDATION_FAILED');
  const age = receivedAt.getTime() - record.occurredAt.getTime();
  if (age < -FUTURE_SLACK_MS || age > OLDEST_MS) return reject(ctx, record, 'VALIDATION_FAILED');
  // A phone checks out through its visit's own link (PATCH /checkoutable), not by visit id.
  if (!channel.fromKiosk && envelope.type === 'checkOut') return reject(ctx, record, 'UNAUTHORIZED');
  const parsed = mutationSchema.safeParse(envelope);
  if (!parsed.success) return reject(ctx, record, 'VALIDATION_FAILED');
  try {
    const codes = await ctx.db.transaction().execute(async (trx) => {
      // First the record: a concurrent delivery of the same mutation waits here, then fails.
      await recordMutation(trx, record, { outcome: 'applied', errorCode: null, ifAbsent: false });
      return applyMutation({ ...ctx, db: trx }, parsed.data, channel, deviceId, batch);
    });
    return { mutationId: record.mutationId, status: 'applied', outcome: 'applied', ...(codes ? { codes } : {}) };
  } catch (error) {
    if (isSecondDelivery(error)) return storedResult(ctx, record);
    if (error instanceof AppError) return reject(ctx, record, error.errorCode);
    throw error;
  }
}

async function reject(ctx: ServerContext, record: MutationRecord, errorCode: ErrorCode): Promise<MutationResult> {
  await recordMutation(ctx.db, record, { outcome: 'rejected', errorCode, ifAbsent: true });
  return storedResult(ctx, record);
}

type KioskConfig = Awaited<ReturnType<typeof buildKioskConfig>>;

/**
 * Kiosk configurations as made, per building: each for the building's configuration version
 * (raised by every change a kiosk reads: the building, its questionnaires, cameras and people)
 * and its day (people whose validity ended drop out). A kiosk polling an unchanged building
 * costs the building's read, not the whole configuration again.
 */
const madeConfigs = new Map<string, { made: string; config: Promise<KioskConfig> }>();
const MADE_CONFIGS_MAX = 500;

/** Everything a kiosk caches to run the wizard offline, with a version for If-None-Match. */
export async function kioskConfig(ctx: ServerContext, qrCodeKey: string, channel: CheckInChannel) {
  const building = await buildingForChannel(ctx, qrCodeKey, channel, null);
  const day = dayInZone(new Date(), settingsOf(building).timeZoneId);
  const made = `${building.qr_code_key}|${building.config_version}|${day}`;
  const kept = madeConfigs.get(building.id);
  if (kept?.made === made) return kept.config;
  const config = buildKioskConfig(ctx, building, qrCodeKey, channel, day);
  madeConfigs.delete(building.id);
  if (madeConfigs.size >= MADE_CONFIGS_MAX) {
    const oldest = madeConfigs.keys().next().value;
    if (oldest !== undefined) madeConfigs.delete(oldest);
  }
  const entry = { made, config };
  madeConfigs.set(building.id, entry);
  config.catch(() => {
    if (madeConfigs.get(building.id) === entry) madeConfigs.delete(building.id);
  });
  return config;
}

async function buildKioskConfig(
  ctx: ServerContext,
  building: KeyedBuilding,
  qrCodeKey: string,
  channel: CheckInChannel,
  day: string,
) {
  const config = {
    building: await checkInBuilding(ctx, qrCodeKey, channel, null),
    checkInData: Object.fromEntries(
      await Promise.all(
        wizardVisitorTypes.map(async (type) => [type, await checkInData(ctx, qrCodeKey, type, channel, null)] as const),
      ),
    ),
    exitQuestionnaires: Object.fromEntries(
      await Promise.all(
        wizardVisitorTypes.map(
          async (type) => [type, await linkedQuestionnaires(ctx.db, building.id, 'EXIT', type)] as const,
        ),
      ),
    ),
    timeZoneId: settingsOf(building).timeZoneId,
    // The passes that open the door: no PIN hash (docs/kiosk.md, offline work).
    people: (await kioskPeople(ctx.db, building, day)).map((row) => ({
      personId: row.id,
      passIdentifier: row.pass_identifier,
      firstName: row.first_name,
      lastInitial: Array.from(row.last_name)[0]?.toUpperCase() ?? '',
      visitorType: row.visitor_type,
      validFrom: row.valid_from,
      validTo: row.valid_to,
    })),
  };
  // Only an enrolled kiosk reaches this point: it checks the staff PIN itself, offline too.
  const staffPinCheck = building.pin_code ? ('device' as const) : ('none' as const);
  const staffPinHash = building.pin_code ? await staffPinHashOf(building.id, building.pin_code) : null;
  const version = createHash('sha256')
    .update(JSON.stringify({ ...config, staffPinHash, staffPinCheck }))
    .digest('base64url')
    .slice(0, 27);
  return { version, ...config, staffPinHash, staffPinCheck };
}

/** The staff screen's PIN, checked by the server for a building whose kiosks are not listed. */
export async function checkStaffPin(ctx: ServerContext, qrCodeKey: string, pin: string, channel: CheckInChannel) {
  const building = await buildingForChannel(ctx, qrCodeKey, channel, null);
  const expected = Buffer.from(building.pin_code ?? '');
  const given = Buffer.from(pin);
  if (expected.length === 0 || expected.length !== given.length || !timingSafeEqual(expected, given))
    throw new AppError('PIN_IDENTIFICATION_INVALID_PIN_BUILDING');
  return { ok: true as const };
}

/** PBKDF2 is slow on purpose: computed once per building and PIN, not on every request. */
const pinHashes = new Map<string, Promise<string>>();
function staffPinHashOf(buildingId: string, pin: string): Promise<string> {
  const key = `${buildingId}|${pin}`;
  let hash = pinHashes.get(key);
  if (!hash) {
    if (pinHashes.size >= 1000) pinHashes.clear();
    hash = pbkdf2Async(pin, staffPinSalt(buildingId), STAFF_PIN_ITERATIONS, 32, 'sha256').then((bytes) =>
      bytes.toString('base64url'),
    );
    pinHashes.set(key, hash);
  }
  return hash;
}

const pbkdf2Async = promisify(pbkdf2);

export async function kioskVisits(ctx: ServerContext, qrCodeKey: string, channel: CheckInChannel) {
  // Names, codes and visit ids that check out: for an enrolled kiosk of the building only.
  const building = await buildingForChannel(ctx, qrCodeKey, channel, null);
  const rows = await openAndExpectedVisits(ctx.db, building.id);
  return rows.map((row) => ({
    id: row.id,
    identifier: row.identifier,
    publicIdentifier: row.public_identifier,
    firstName: row.first_name,
    lastName: row.last_name,
    visitorType: row.visitor_type,
    checkedInAt: row.checked_in_at ? new Date(row.checked_in_at).toISOString() : null,
    scheduledAt: row.scheduled_at ? new Date(row.scheduled_at).toISOString() : null,
    scheduledDuration: row.scheduled_duration,
    // The evacuation list on the staff screen names each person's host and company, offline too.
    host: row.host,
    companyName: row.company_name,
  }));
}

function rejectedDto(row: Awaited<ReturnType<typeof listRejectedMutations>>[number]) {
  const payload = (row.payload ?? {}) as { checkInForm?: Record<string, unknown> };
  const form = payload.checkInForm ?? {};
  const name = [form.firstName, form.lastName].filter((part) => typeof part === 'string' && part).join(' ');
  return {
    mutationId: row.mutation_id,
    deviceId: row.device_id,
    type: row.type,
    visitId: row.visit_id,
    errorCode: row.error_code && isErrorCode(row.error_code) ? row.error_code : ('INTERNAL_ERROR' as const),
    personName: name || null,
    occurredAt: new Date(row.occurred_at).toISOString(),
    receivedAt: new Date(row.received_at).toISOString(),
    resolvedAt: row.resolved_at ? new Date(row.resolved_at).toISOString() : null,
  };
}

/** A kiosk's refused entries as the server holds them, resolved or not, for its staff screen. */
export async function deviceStatus(ctx: ServerContext, qrCodeKey: string, deviceId: string, channel: CheckInChannel) {
  // A kiosk reads its own entries, revoked or not (its staff screen says which were refused).
  const found = await findBuildingByKey(ctx.db, qrCodeKey);
  if (!found) throw new AppError('NOT_FOUND');
  const kiosk = await enrolledKioskOf(ctx, found, channel, { revokedAllowed: true });
  if (kiosk.deviceId !== deviceId) throw new AppError('KIOSK_DEVICE_NOT_ALLOWED');
  const building = found;
  // Resolved ones too: the kiosk learns from them that staff dealt with its refused entries.
  const rejected = await listRejectedMutations(ctx.db, { buildingId: building.id, deviceId }, true);
  return { rejected: rejected.map(rejectedDto) };
}

export async function buildingDevices(ctx: ServerContext, buildingId: string) {
  const devices = await listBuildingDevices(ctx.db, buildingId);
  const alerts = await listDeviceAlerts(
    ctx.db,
    devices.map((d) => d.device_id),
  );
  const rejected = await listRejectedMutations(ctx.db, { buildingId }, false);
  return {
    devices: devices.map((d) => ({
      deviceId: d.device_id,
      name: d.name,
      enrolledAt: d.enrolled_at ? new Date(d.enrolled_at).toISOString() : null,
      revokedAt: d.revoked_at ? new Date(d.revoked_at).toISOString() : null,
      firstSeenAt: new Date(d.first_seen_at).toISOString(),
      lastSeenAt: new Date(d.last_seen_at).toISOString(),
      lastIp: d.last_ip,
      appVersion: d.app_version,
      configVersion: d.config_version,
      pendingCount: d.pending_count,
      rejectedCount: Number(d.rejected_count ?? 0),
      clockSkewMs: d.clock_skew_ms,
      clockSkewFlagged: d.clock_skew_flagged,
      alerts: alerts
        .filter((a) => a.device_id === d.device_id)
        .map((a) => ({ kind: a.kind, details: a.details, createdAt: new Date(a.created_at).toISOString() })),
    })),
    rejected: rejected.map(rejectedDto),
  };
}

export async function resolveRejected(
  ctx: ServerContext,
  tenantId: string,
  mutationId: string,
  userId: string,
): Promise<void> {
  if (!(await resolveRejectedMutation(ctx.db, tenantId, mutationId, userId))) throw notFound();
}
