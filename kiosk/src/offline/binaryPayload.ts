// A check-in's photo and drawn signatures as the outbox keeps them (docs/kiosk.md, "The
// outbox"): bytes, not base64 text, a third smaller in the device's database; the push puts them
// back. Loaded only for a check-in that carries them, so the kiosk's first screen does not carry it.
import type { CheckInMutation } from '@vestibule/shared';
import type { CheckInEntry } from './kioskDb.ts';

/** The bytes of a base64 text (no `data:` prefix). */
export function bytesOf(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function base64Of(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

type CheckInPayload = CheckInMutation['payload'];
type PayloadSignature = { image?: string | null | undefined } & Record<string, unknown>;

/** The payload's signatures (the push's schema reads them leniently: the type says nothing more). */
function signaturesOf(payload: CheckInPayload): PayloadSignature[] {
  return Array.isArray(payload.signatures) ? (payload.signatures as PayloadSignature[]) : [];
}

/**
 * A check-in's payload as stored: the photo and the drawn signatures' images move to bytes
 * (`binary`), the text keeps null in their place. A payload with neither is stored as it is.
 */
export function packCheckInPayload(payload: CheckInPayload): Pick<CheckInEntry, 'payload' | 'binary'> {
  const signatures = signaturesOf(payload);
  const photo = payload.photo ?? null;
  if (photo === null && signatures.every((signature) => !signature.image)) return { payload };
  return {
    payload: {
      ...payload,
      photo: null,
      signatures: signatures.map((signature) => ({ ...signature, image: null })),
    },
    binary: {
      photo: photo === null ? null : bytesOf(photo),
      signatureImages: signatures.map((signature) => (signature.image ? bytesOf(signature.image) : null)),
    },
  };
}

/** The payload the push sends: the stored one with its photo and signature images as base64 again. */
export function checkInPayloadOf(entry: CheckInEntry): CheckInPayload {
  const { binary, payload } = entry;
  if (!binary) return payload;
  return {
    ...payload,
    photo: binary.photo ? base64Of(binary.photo) : (payload.photo ?? null),
    signatures: signaturesOf(payload).map((signature, index) => {
      const image = binary.signatureImages[index];
      return image ? { ...signature, image: base64Of(image) } : signature;
    }),
  };
}
