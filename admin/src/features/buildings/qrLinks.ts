import type { Building } from '@vestibule/shared';

export const qrLinkKinds = ['kiosk', 'checkIn', 'registration', 'pinIdentification'] as const;
export type QrLinkKind = (typeof qrLinkKinds)[number];

export interface QrLink {
  kind: QrLinkKind;
  url: string;
}

/**
 * The building's public links on the current host: kiosk, check-in, registration and PIN
 * identification; the check-in link carries the mobile token as `mt` once one exists.
 */
export function qrLinks(building: Pick<Building, 'qrCodeKey' | 'mobileToken'>, origin: string): QrLink[] {
  const key = encodeURIComponent(building.qrCodeKey);
  const token = building.mobileToken ? `?mt=${encodeURIComponent(building.mobileToken)}` : '';
  return [
    { kind: 'kiosk', url: `${origin}/checkinKiosk/${key}` },
    { kind: 'checkIn', url: `${origin}/checkin/${key}${token}` },
    { kind: 'registration', url: `${origin}/registration/${key}` },
    { kind: 'pinIdentification', url: `${origin}/pinIdentification/${key}` },
  ];
}

/** A file name for a downloaded QR code: the building's name in plain characters, then the link. */
export function qrFileName(buildingName: string, kind: QrLinkKind): string {
  const base = buildingName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase();
  return `${base || 'building'}-${kind}.png`;
}

/** The Clipboard API exists only in secure contexts of recent browsers. */
export function clipboardAvailable(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.clipboard?.writeText === 'function';
}
