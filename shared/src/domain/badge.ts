// Visitor badges (docs/badges.md): the sizes a building prints on, what its layout shows, when a
// kiosk prints one, and what a badge says. Pure and free of zod: the kiosk's badge and the admin's
// preview read these without loading a schema.
import { durationToMinutes } from './duration.ts';
import type { WizardVisitorType } from './visitorTypes.ts';

/**
 * The label or paper a badge is printed on: a Brother QL die-cut label of 62 × 100 mm, a 62 mm
 * continuous roll (cut after the badge), a Zebra or Dymo label of 4 × 3 in, or A6 paper.
 */
export const badgeSizes = ['LABEL_62X100', 'LABEL_62_CONTINUOUS', 'LABEL_4X3_IN', 'A6'] as const;
export type BadgeSize = (typeof badgeSizes)[number];

/**
 * A size's page in millimetres, width by height as the printer feeds it; a continuous roll has
 * no height of its own (the page is as long as the badge, measured when it prints).
 */
export const badgePageSizes: Record<BadgeSize, { width: number; height: number | null }> = {
  LABEL_62X100: { width: 62, height: 100 },
  LABEL_62_CONTINUOUS: { width: 62, height: null },
  LABEL_4X3_IN: { width: 101.6, height: 76.2 },
  A6: { width: 105, height: 148 },
};

/** What a building's badge shows besides the name and the person type, which it always shows. */
export interface BadgeLayout {
  size: BadgeSize;
  photo: boolean;
  company: boolean;
  host: boolean;
  validUntil: boolean;
  logo: boolean;
  /** The visit's code as a QR code: scanned at the kiosk or the desk, it finds the visit to check out. */
  qrCode: boolean;
}

export const DEFAULT_BADGE_LAYOUT: BadgeLayout = {
  size: 'LABEL_62X100',
  photo: true,
  company: true,
  host: true,
  validUntil: true,
  logo: true,
  qrCode: true,
};

/** A building's layout as stored (missing, or a part missing: the default's). */
export function badgeLayoutOf(setting: Partial<BadgeLayout> | undefined): BadgeLayout {
  return { ...DEFAULT_BADGE_LAYOUT, ...setting };
}

/** When a kiosk prints a badge after a check-in: at once, when the person asks, or never. */
export const badgePrintModes = ['ALWAYS', 'ASK', 'NEVER'] as const;
export type BadgePrintMode = (typeof badgePrintModes)[number];

/** A building's print setting for one person type: missing (a building or type never set) is NEVER. */
export function badgePrintModeOf(
  setting: Partial<Record<WizardVisitorType, BadgePrintMode>> | undefined,
  visitorType: WizardVisitorType,
): BadgePrintMode {
  return setting?.[visitorType] ?? 'NEVER';
}

/** What one badge says: the same from the server's answer (a reprint) and from a kiosk's own record. */
export interface BadgeContent {
  firstName: string;
  lastName: string;
  companyName: string | null;
  host: string | null;
  visitorType: WizardVisitorType;
  /** When the badge's visit began (its check-in), ISO 8601. */
  validFrom: string;
  /** When it ends: the check-in plus the visit's planned duration; null: the end of that day. */
  validUntil: string | null;
  /** The visit's code (what its QR code holds); null: not known yet. */
  visitCode: string | null;
  buildingName: string;
  /** The building's time zone: the times read on its clock. */
  timeZoneId: string;
}

/** The end of a visit that began at `from` and is planned to last `duration` (ISO, PT1H); null without one. */
export function badgeValidUntil(from: string, duration: string | null | undefined): string | null {
  const minutes = duration ? durationToMinutes(duration) : undefined;
  return minutes === undefined ? null : new Date(Date.parse(from) + minutes * 60_000).toISOString();
}
