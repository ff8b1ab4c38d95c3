import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  type CreateEnrolmentResponse,
  type EnrolKioskResponse,
  KIOSK_ENROLMENT_CODE_ALPHABET,
  KIOSK_ENROLMENT_CODE_MINUTES,
  KIOSK_ENROL_PAGE,
  normaliseEnrolmentCode,
  parseDeviceIds,
  parseKioskCredential,
} from '@vestibule/shared';
import type { ServerContext } from '../../context.ts';
import { type AuditActor, audit } from '../audit/audit.service.ts';
import { AppError, notFound } from '../../errors.ts';
import {
  consumeEnrolment,
  enrolDevice,
  findBuildingRef,
  findDeviceCredential,
  findDeviceTenant,
  insertEnrolment,
  renameDevice,
  revokeDevice,
} from './kiosks.repo.ts';

// Enrolled kiosks. A kiosk is a device an administrator enrolled, not whoever knows
// the building key printed on the phone posters: a one-time code (15 minutes) becomes the
// device's own credential, kept hashed here and revocable at once.

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

/** `K7QM-3XHD-9TWA`: 12 characters without look-alikes, typed on a tablet or carried by a QR code. */
function newEnrolmentCode(): string {
  const characters = Array.from(
    { length: 12 },
    () => KIOSK_ENROLMENT_CODE_ALPHABET[randomInt(KIOSK_ENROLMENT_CODE_ALPHABET.length)],
  ).join('');
  return `${characters.slice(0, 4)}-${characters.slice(4, 8)}-${characters.slice(8)}`;
}

/** Who acts when no request says so (a test's or a script's enrolment). */
const nobody: AuditActor = { userId: null, username: null, actingAsId: null, clientIp: null };

export async function createEnrolment(
  ctx: ServerContext,
  input: { tenantId: string; buildingId: string; name: string; userId: string | null; origin: string },
  actor: AuditActor = { ...nobody, userId: input.userId },
): Promise<CreateEnrolmentResponse> {
  const code = newEnrolmentCode();
  const expiresAt = await ctx.db.transaction().execute(async (trx) => {
    const expires = await insertEnrolment(trx, {
      codeHash: sha256(code),
      tenantId: input.tenantId,
      buildingId: input.buildingId,
      name: input.name,
      createdBy: input.userId,
      minutes: KIOSK_ENROLMENT_CODE_MINUTES,
    });
    // The code itself never enters the log.
    await audit(trx, actor, {
      tenantId: input.tenantId,
      action: 'KIOSK_ENROLMENT_CREATED',
      entity: 'building',
      entityId: input.buildingId,
      after: { name: input.name, expiresAt: expires },
    });
    return expires;
  });
  const base = (ctx.config.publicUrl ?? input.origin).replace(/\/$/, '');
  return { code, url: `${base}${KIOSK_ENROL_PAGE}/${code}`, expiresAt: expiresAt.toISOString(), name: input.name };
}

/**
 * A tablet enrols with a code: the code works once, and the device (its own id, which its
 * outbox entries carry) gets a new credential. A device of another tenant is not taken over.
 */
export async function enrolKiosk(
  ctx: ServerContext,
  input: { code: string; deviceId: string; appVersion?: string | undefined; ip: string },
): Promise<EnrolKioskResponse> {
  const secret = randomBytes(32).toString('base64url');
  return ctx.db.transaction().execute(async (trx) => {
    const enrolment = await consumeEnrolment(trx, sha256(normaliseEnrolmentCode(input.code)), input.deviceId);
    if (!enrolment) throw new AppError('KIOSK_ENROLMENT_CODE_INVALID');
    const known = await findDeviceTenant(trx, input.deviceId);
    if (known && known.tenant_id !== enrolment.tenant_id) throw new AppError('KIOSK_DEVICE_NOT_ALLOWED');
    await enrolDevice(trx, {
      deviceId: input.deviceId,
      tenantId: enrolment.tenant_id,
      buildingId: enrolment.building_id,
      name: enrolment.name,
      credentialHash: sha256(secret),
      ip: input.ip,
      appVersion: input.appVersion ?? null,
    });
    await audit(
      trx,
      { ...nobody, clientIp: input.ip },
      {
        tenantId: enrolment.tenant_id,
        action: 'KIOSK_ENROLLED',
        entity: 'device',
        entityId: input.deviceId,
        after: { buildingId: enrolment.building_id, name: enrolment.name },
      },
    );
    const building = await findBuildingRef(trx, enrolment.building_id);
    return {
      deviceId: input.deviceId,
      secret,
      qrCodeKey: building.qr_code_key,
      buildingName: building.name,
      name: enrolment.name,
    };
  });
}

export interface EnrolledKiosk {
  deviceId: string;
  tenantId: string;
  buildingId: string;
  name: string | null;
  revokedAt: Date | null;
}

/**
 * The enrolled kiosk a credential header names, or undefined when it names none (missing,
 * malformed, unknown device, wrong secret). A revoked kiosk is answered with its revocation
 * time: the caller decides what it may still do (entries made before it still count).
 */
export async function kioskOfCredential(ctx: ServerContext, header: unknown): Promise<EnrolledKiosk | undefined> {
  const credential = parseKioskCredential(header);
  if (!credential) return undefined;
  const row = await findDeviceCredential(ctx.db, credential.deviceId);
  if (!row?.credential_hash) return undefined;
  const given = Buffer.from(sha256(credential.secret));
  const stored = Buffer.from(row.credential_hash);
  if (given.length !== stored.length || !timingSafeEqual(given, stored)) return undefined;
  return {
    deviceId: row.device_id,
    tenantId: row.tenant_id,
    buildingId: row.building_id,
    name: row.name,
    revokedAt: row.revoked_at ? new Date(row.revoked_at) : null,
  };
}

/**
 * The enrolled kiosk of `building` behind a call: a valid credential (401
 * KIOSK_ENROLMENT_REQUIRED without one), of this building, from one of its listed addresses when
 * it lists some (an extra restriction, not a credential). A revoked kiosk is refused (403
 * KIOSK_DEVICE_REVOKED) unless `revokedAllowed`: a sync batch still delivers what it made before.
 */
export async function enrolledKioskOfBuilding(
  ctx: ServerContext,
  building: { id: string; devices_ids: string | null },
  call: { credential?: unknown; clientIp: string },
  options: { revokedAllowed?: boolean } = {},
): Promise<EnrolledKiosk> {
  const kiosk = await kioskOfCredential(ctx, call.credential);
  if (!kiosk) throw new AppError('KIOSK_ENROLMENT_REQUIRED');
  if (kiosk.buildingId !== building.id) throw new AppError('KIOSK_DEVICE_NOT_ALLOWED');
  if (kiosk.revokedAt && !options.revokedAllowed) throw new AppError('KIOSK_DEVICE_REVOKED');
  const addresses = parseDeviceIds(building.devices_ids);
  if (addresses.length > 0 && !addresses.includes(call.clientIp.replace(/^::ffff:/, ''))) {
    throw new AppError('KIOSK_DEVICE_NOT_ALLOWED');
  }
  return kiosk;
}

export async function revokeKiosk(
  ctx: ServerContext,
  actor: AuditActor,
  tenantId: string,
  buildingId: string,
  deviceId: string,
) {
  const row = await ctx.db.transaction().execute(async (trx) => {
    const revoked = await revokeDevice(trx, tenantId, buildingId, deviceId);
    if (!revoked?.revoked_at) throw notFound();
    await audit(trx, actor, { tenantId, action: 'KIOSK_REVOKED', entity: 'device', entityId: deviceId });
    return revoked;
  });
  return { deviceId: row.device_id, revokedAt: new Date(row.revoked_at ?? Date.now()).toISOString() };
}

export async function renameKiosk(
  ctx: ServerContext,
  actor: AuditActor,
  target: { tenantId: string; buildingId: string; deviceId: string },
  name: string,
) {
  const { tenantId, buildingId, deviceId } = target;
  const row = await ctx.db.transaction().execute(async (trx) => {
    const renamed = await renameDevice(trx, tenantId, buildingId, deviceId, name);
    if (!renamed) throw notFound();
    await audit(trx, actor, {
      tenantId,
      action: 'KIOSK_RENAMED',
      entity: 'device',
      entityId: deviceId,
      after: { name },
    });
    return renamed;
  });
  return { deviceId: row.device_id, name: row.name ?? name };
}
