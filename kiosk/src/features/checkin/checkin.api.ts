import { SERVICE_BASE, type WizardVisitorType } from '@vestibule/shared';
import { pathOf } from '@vestibule/shared/contract';
import { apiClient } from '../../app/apiClient.ts';
import type { CameraReader } from '../wizard/index.ts';

/** How the page was reached: a kiosk (/checkinKiosk) or the visitor's own device with the link's token. */
export interface Channel {
  kiosk: boolean;
  /** The building's mobile token from the printed link's ?mt=. */
  mt: string | null;
  /**
   * A visit's public identifier, or a person's pass identifier or PIN identification ticket:
   * stands for a missing mobile token when it names a visit of the building or proves a person
   * of it (a visit's own link and a personal link carry no ?mt=).
   */
  proof?: string | null;
}

export function fetchCheckInBuilding(qrCodeKey: string, channel: Channel, signal?: AbortSignal) {
  return apiClient.call(channel.kiosk ? 'GET /checkinKiosk/:qrCodeKey' : 'GET /checkin/:qrCodeKey', {
    params: { qrCodeKey },
    query: { mt: channel.mt ?? undefined, proof: channel.proof ?? undefined },
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
    query: {
      visitorType,
      mt: channel.mt ?? undefined,
      proof: channel.proof ?? undefined,
      kiosk: channel.kiosk ? 'true' : 'false',
    },
    signal,
  });
}

/** The building's hosts whose first or last name starts with `text` (names, departments, links; a phone's host field). */
export async function fetchHosts(qrCodeKey: string, text: string, channel: Channel, signal?: AbortSignal) {
  const found = await apiClient.call('GET /building/:qrCodeKey/hosts', {
    params: { qrCodeKey },
    query: {
      name: text,
      mt: channel.mt ?? undefined,
      proof: channel.proof ?? undefined,
      kiosk: channel.kiosk ? 'true' : 'false',
    },
    signal,
  });
  return found.docs;
}

/**
 * What a link's identifier is: a visit (an invitation, a visit's own link) or a person's pass of
 * the building (`kind: 'person'`). A deactivated person or one outside their validity
 * is refused (409 PERSON_DEACTIVATED / PERSON_NOT_VALID), an unknown identifier 404.
 */
export function fetchLinkTarget(qrCodeKey: string, identifier: string, channel: Channel, signal?: AbortSignal) {
  // The identifier is the secret here: the link's mobile token does not apply.
  return apiClient.call(
    channel.kiosk ? 'GET /checkinKiosk/:qrCodeKey/:identifier' : 'GET /checkin/:qrCodeKey/:identifier',
    { params: { qrCodeKey, identifier }, signal },
  );
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
