// The codes of a visit, made where the visit is made: by the server for an online check-in,
// by the kiosk (or the visitor's phone) for one committed offline, so the person leaves with
// their code and PIN even when the network is down. Web Crypto: the same code in both places.

/** No 0/O, 1/I/L: the code is read aloud and typed on a kiosk. */
export const VISIT_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const visitIdentifierPattern = /^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$/;
export const publicIdentifierPattern = /^[A-Za-z0-9_-]{22}$/;
export const visitPinPattern = /^\d{4}$/;

/** A uniform integer in [0, max) from the platform's cryptographic generator. */
function randomBelow(max: number): number {
  const limit = Math.floor(0x1_0000_0000 / max) * max;
  const buffer = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(buffer);
    const value = buffer[0] ?? 0;
    if (value < limit) return value % max;
  }
}

/** The short visit code a person types with the PIN (31^8, about 8.5e11 codes). */
export function newVisitIdentifier(): string {
  return Array.from({ length: 8 }, () => VISIT_CODE_ALPHABET[randomBelow(VISIT_CODE_ALPHABET.length)]).join('');
}

/** Bytes as base64url, without padding. */
export function base64url(bytes: ArrayBuffer | Uint8Array): string {
  return btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** The unguessable id of a visit's public pages (128 bits, base64url). */
export function newPublicIdentifier(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(16)));
}

export function newPin(): string {
  return String(randomBelow(10_000)).padStart(4, '0');
}

export interface VisitCodes {
  identifier: string;
  publicIdentifier: string;
  pin: string;
}

export function newVisitCodes(): VisitCodes {
  return { identifier: newVisitIdentifier(), publicIdentifier: newPublicIdentifier(), pin: newPin() };
}
