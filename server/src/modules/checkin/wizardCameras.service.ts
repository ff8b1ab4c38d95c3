// The building's cameras as the wizard reads them (an enrolled kiosk only).
import type { ServerContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { activeCameras, cameraConnection } from './checkin.repo.ts';
import { readCameraInfo, readCameraPicture } from '../cameras/camera.adapter.ts';
import { type CheckInChannel, buildingForChannel } from './channel.ts';

/** A camera of the building behind a check-in key, for the wizard's temperature step. */
async function buildingCamera(
  ctx: ServerContext,
  qrCodeKey: string,
  cameraId: string,
  channel: CheckInChannel,
  mt: string | null,
) {
  // A phone never reads the lobby's cameras: only an enrolled kiosk of the building.
  if (!channel.fromKiosk) throw new AppError('KIOSK_ENROLMENT_REQUIRED');
  const building = await buildingForChannel(ctx, qrCodeKey, channel, mt);
  const camera = (await activeCameras(ctx.db, building.id)).find((c) => c.id === cameraId);
  if (!camera) throw new AppError('NOT_FOUND');
  const connection = await cameraConnection(ctx.db, camera.id);
  return {
    allowLocal: ctx.config.cameraAllowLocalAddresses,
    ipAddress: connection.ip_address,
    authUser: connection.auth_user,
    authPassword: connection.auth_password,
    simulated: connection.simulated,
  };
}

export async function wizardCameraInfo(
  ctx: ServerContext,
  qrCodeKey: string,
  cameraId: string,
  channel: CheckInChannel,
  mt: string | null,
) {
  return readCameraInfo(await buildingCamera(ctx, qrCodeKey, cameraId, channel, mt));
}

export async function wizardCameraPicture(
  ctx: ServerContext,
  qrCodeKey: string,
  cameraId: string,
  channel: CheckInChannel,
  mt: string | null,
) {
  return readCameraPicture(await buildingCamera(ctx, qrCodeKey, cameraId, channel, mt));
}
