import { z } from 'zod';
import { kioskEnrolmentCodePattern } from './kioskCredential.ts';

// The enrolment calls' schemas (the zod-free constants and helpers are in kioskCredential.ts,
// so the kiosk's first screen does not load zod).

/** Admin: POST /service/building/{id}/devices/enrolments */
export const createEnrolmentRequestSchema = z.object({
  /** How the device shows in the list ("Lobby tablet, north door"). */
  name: z.string().trim().min(1).max(64),
});
export const createEnrolmentResponseSchema = z.object({
  code: z.string().regex(kioskEnrolmentCodePattern),
  /** The link the QR code carries: `{origin}/enrolKiosk/{code}`. */
  url: z.string(),
  expiresAt: z.string(),
  name: z.string(),
});
export type CreateEnrolmentResponse = z.infer<typeof createEnrolmentResponseSchema>;

/** Kiosk: POST /service/kiosk/enrol (public, rate-limited; the code is the proof). */
export const enrolKioskRequestSchema = z.object({
  code: z.string().min(1).max(32),
  /** The device's own id (kept in IndexedDB; its outbox entries carry it). */
  deviceId: z.uuid(),
  appVersion: z.string().max(64).optional(),
});
export const enrolKioskResponseSchema = z.object({
  deviceId: z.uuid(),
  /** Sent as `x-kiosk-credential: {deviceId}.{secret}`; shown once, never stored by the server. */
  secret: z.string(),
  qrCodeKey: z.string(),
  buildingName: z.string(),
  name: z.string(),
});
export type EnrolKioskResponse = z.infer<typeof enrolKioskResponseSchema>;

/** Admin: PATCH /service/building/{id}/devices/{deviceId} (rename). */
export const renameDeviceRequestSchema = z.object({ name: z.string().trim().min(1).max(64) });
