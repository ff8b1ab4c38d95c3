// The visitor's photo (docs/check-in.md, "The visitor's photo"): whether a building asks for one,
// per person type, and the limits a device meets before it sends one. Pure and free of zod: the
// kiosk's and phone's camera step read these without loading a schema.
import type { WizardVisitorType } from './visitorTypes.ts';

/** OFF: no photo taken; OPTIONAL: the visitor may skip it; REQUIRED: a phone's check-in needs one. */
export const visitorPhotoModes = ['OFF', 'OPTIONAL', 'REQUIRED'] as const;
export type VisitorPhotoMode = (typeof visitorPhotoModes)[number];

/** The most bytes a photo may have once decoded: the device downscales to a small JPEG. */
export const VISITOR_PHOTO_MAX_BYTES = 40_960;
/** The longest side of a photo, in pixels (read from its JPEG frame header). */
export const VISITOR_PHOTO_MAX_SIDE = 1024;
/** The longest base64 text (no `data:` prefix) of a photo of VISITOR_PHOTO_MAX_BYTES. */
export const VISITOR_PHOTO_BASE64_MAX = Math.ceil(VISITOR_PHOTO_MAX_BYTES / 3) * 4;

/** A building's photo setting for one person type: missing (a building or type never set) is OFF. */
export function visitorPhotoModeOf(
  setting: Partial<Record<WizardVisitorType, VisitorPhotoMode>> | undefined,
  visitorType: WizardVisitorType,
): VisitorPhotoMode {
  return setting?.[visitorType] ?? 'OFF';
}
