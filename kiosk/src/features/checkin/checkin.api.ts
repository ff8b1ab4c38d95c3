import { SERVICE_BASE, type WizardVisitorType } from '@vestibule/shared';
import { ApiError } from '@vestibule/shared/api';
import { pathOf } from '@vestibule/shared/contract';
import { apiClient } from '../../app/apiClient.ts';
import type { CameraReader } from '../wizard/index.ts';

/** How the page was reached: a kiosk (/checkinKiosk) or the visitor's own device with the link's token. */
export interface Channel {
  kiosk: boolean;
  /** The building's mobile token from the printed link's ?mt=. */
  mt: string | null;
}

export function fetchCheckInBuilding(qrCodeKey: string, channel: Channel, signal?: AbortSignal) {
  return apiClient.call(channel.kiosk ? 'GET /checkinKiosk/:qrCodeKey' : 'GET /checkin/:qrCodeKey', {
    params: { qrCodeKey },
    query: { mt: channel.mt ?? undefined },
    signal,
  });
}

export function fetchCheckInData(
  qrCodeKey: string,
  visitorType: WizardVisitorType,
  channel: Channel,
  signal?: AbortSignal,
) {
  return apiClient.call('GET /building/:qrCodeKey/checkInData', {
    params: { qrCodeKey },
    query: { visitorType, mt: channel.mt ?? undefined, kiosk: channel.kiosk ? 'true' : 'false' },
    signal,
  });
}

export async function fetchVisitForLink(qrCodeKey: string, identifier: string, channel: Channel, signal?: AbortSignal) {
  // The visit's public identifier is the secret here: the link's mobile token does not apply.
  const target = await apiClient.call(
    channel.kiosk ? 'GET /checkinKiosk/:qrCodeKey/:identifier' : 'GET /checkin/:qrCodeKey/:identifier',
    { params: { qrCodeKey, identifier }, signal },
  );
  // A person's pass answers `kind: 'person'` (issue 12): not a visit, until the pages show passes.
  if (target.kind !== 'visit') throw new ApiError(404, 'CHECKIN_VISIT_NOT_FOUND', 'not a visit');
  return target;
}

/** The building's cameras through the public check-in calls. */
export function serverCamera(qrCodeKey: string, channel: Channel): CameraReader {
  const query = { kiosk: channel.kiosk ? ('true' as const) : ('false' as const), mt: channel.mt || undefined };
  return {
    async readTemperature(cameraId) {
      const info = await apiClient.call('GET /public/checkin/:qrCodeKey/camera/:cameraId/info', {
        params: { qrCodeKey, cameraId },
        query,
      });
      // Several people in the picture: the highest reading decides (the safe side).
      const readings = info.entries.map((entry) => entry.maxTemperature).filter(Number.isFinite);
      return readings.length > 0 ? Math.max(...readings) : null;
    },
    pictureUrl(cameraId, stamp) {
      const path = pathOf('GET /public/checkin/:qrCodeKey/camera/:cameraId/picture', { qrCodeKey, cameraId });
      const search = new URLSearchParams({
        kiosk: query.kiosk,
        ...(query.mt ? { mt: query.mt } : {}),
        x: String(stamp),
      });
      return `${SERVICE_BASE}${path}?${search.toString()}`;
    },
  };
}
