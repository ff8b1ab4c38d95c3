import type { CheckInBuilding, CheckInData, VisitOfLink, WizardVisitorType } from '@vestibule/shared';
import { apiClient, segment } from '../../app/apiClient.ts';
import type { CameraReader } from '../wizard/wizard.types.ts';

/** How the page was reached: a kiosk (/checkinKiosk) or the visitor's own device with the link's token. */
export interface Channel {
  kiosk: boolean;
  /** The building's mobile token from the printed link's ?mt=. */
  mt: string | null;
}

const prefix = (channel: Channel) => (channel.kiosk ? 'checkinKiosk' : 'checkin');

export function fetchCheckInBuilding(qrCodeKey: string, channel: Channel, signal?: AbortSignal) {
  return apiClient.get<CheckInBuilding>(`/${prefix(channel)}/${segment(qrCodeKey)}`, {
    query: { mt: channel.mt },
    signal,
  });
}

export function fetchCheckInData(
  qrCodeKey: string,
  visitorType: WizardVisitorType,
  channel: Channel,
  signal?: AbortSignal,
) {
  return apiClient.get<CheckInData>(`/building/${segment(qrCodeKey)}/checkInData`, {
    query: { visitorType, mt: channel.mt, kiosk: channel.kiosk },
    signal,
  });
}

export function fetchVisitForLink(qrCodeKey: string, identifier: string, channel: Channel, signal?: AbortSignal) {
  return apiClient.get<VisitOfLink>(`/${prefix(channel)}/${segment(qrCodeKey)}/${segment(identifier)}`, {
    query: { mt: channel.mt },
    signal,
  });
}

/** The building's cameras through the public check-in calls. */
export function serverCamera(qrCodeKey: string, channel: Channel): CameraReader {
  const base = (cameraId: string) => `/public/checkin/${segment(qrCodeKey)}/camera/${segment(cameraId)}`;
  const query = (extra: Record<string, string> = {}) =>
    new URLSearchParams({ kiosk: String(channel.kiosk), ...(channel.mt ? { mt: channel.mt } : {}), ...extra });
  return {
    async readTemperature(cameraId) {
      const info = await apiClient.get<{ entries: { maxTemperature: number }[] }>(`${base(cameraId)}/info`, {
        query: Object.fromEntries(query()),
      });
      // Several people in the picture: the highest reading decides (the safe side).
      const readings = info.entries.map((entry) => entry.maxTemperature).filter(Number.isFinite);
      return readings.length > 0 ? Math.max(...readings) : null;
    },
    pictureUrl(cameraId, stamp) {
      return `/service${base(cameraId)}/picture?${query({ x: String(stamp) }).toString()}`;
    },
  };
}
