// A building's kiosks and other pushing devices as staff see them (contact, clock, alerts), and the
// entries the server refused, which staff resolve and a kiosk's staff screen reads back.
import { isErrorCode } from '@vestibule/shared';
import type { ServerContext } from '../../context.ts';
import { AppError, notFound } from '../../errors.ts';
import { type CheckInChannel, enrolledKioskOf } from '../checkin/channel.ts';
import { findBuildingByKey } from '../buildings/buildingOfLink.repo.ts';
import { listBuildingDevices, listDeviceAlerts, listRejectedMutations, resolveRejectedMutation } from './sync.repo.ts';

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
