import { parseKioskCredential } from '@vestibule/shared';
import type { ServerContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { channelActor } from '../audit/audit.service.ts';
import { type CheckInChannel, buildingForChannel } from '../checkin/channel.ts';
import { decideHeld } from '../watchlist/heldVisits.service.ts';
import { staffPinMatches } from './syncConfig.service.ts';

/**
 * Staff at a kiosk's staff screen: an enrolled kiosk of the visit's building, with the building's
 * PIN (a building without one decides at the entry log only: anyone at the tablet could open its
 * staff screen). The kiosk, with its device, is the audit row's actor.
 */
export async function decideHeldAtKiosk(
  ctx: ServerContext,
  qrCodeKey: string,
  body: { visitId: string; approve: boolean; pin: string },
  channel: CheckInChannel,
  now = new Date(),
): Promise<{ ok: true }> {
  const building = await buildingForChannel(ctx, qrCodeKey, channel, null);
  if (!staffPinMatches(building, body.pin)) throw new AppError('PIN_IDENTIFICATION_INVALID_PIN_BUILDING');
  const deviceId = channel.verifiedKiosk?.deviceId ?? parseKioskCredential(channel.credential)?.deviceId ?? null;
  await decideHeld(
    ctx,
    channelActor('KIOSK', { clientIp: channel.clientIp, deviceId }),
    { tenantId: building.tenant_id, id: body.visitId, buildingId: building.id },
    body.approve ? 'approve' : 'refuse',
    now,
  );
  return { ok: true };
}
