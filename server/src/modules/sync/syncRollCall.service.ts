// A kiosk's part in the building's roll call (docs/kiosk.md, "The roll call on a kiosk"): it reads
// the current roll call with every warden's marks for its staff screen; its own actions reach
// the server as sync entries (syncPush.service.ts), applied by the evacuation module's rule.
import type { CurrentRollCall } from '@vestibule/shared';
import type { ServerContext } from '../../context.ts';
import { type CheckInChannel, buildingForChannel } from '../checkin/channel.ts';
import { currentRollCall } from '../evacuation/rollCall.service.ts';

/** The building's current roll call, for an enrolled kiosk of the building only. */
export async function kioskRollCall(
  ctx: ServerContext,
  qrCodeKey: string,
  channel: CheckInChannel,
): Promise<CurrentRollCall> {
  const building = await buildingForChannel(ctx, qrCodeKey, channel, null);
  return currentRollCall(ctx, building.id);
}
