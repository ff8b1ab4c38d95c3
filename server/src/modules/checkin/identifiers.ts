import { randomBytes, randomInt } from 'node:crypto';

// No 0/O, 1/I/L: the code is read aloud and typed on a kiosk.
const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** The short visit code a person types with the PIN (31^8, about 8.5e11 codes). */
export function newVisitIdentifier(): string {
  return Array.from({ length: 8 }, () => alphabet[randomInt(alphabet.length)]).join('');
}

/** The unguessable id of a visit's public pages (128 bits). */
export function newPublicIdentifier(): string {
  return randomBytes(16).toString('base64url');
}

export function newPin(): string {
  return String(randomInt(10_000)).padStart(4, '0');
}
