import { matchRoute } from '../../app/router.ts';

// What a Vestibule QR code (or a person at the keyboard) can give the kiosk: a link to one of
// the public pages of a visit, or the visit's short code.

/**
 * A code the kiosk understands:
 * - `identifier`: from a visit's link `/checkin[Kiosk]/{qrCodeKey}/{identifier}[/{status}]` (an
 *   invitation or a pass; the segment the visit page loads), or a typed or scanned visit code
 *   (8 characters, `qrCodeKey` null: the code that goes with the PIN);
 * - `publicIdentifier`: from a check-out link `/checkOut/{publicIdentifier}`.
 */
export type ParsedCode =
  | { kind: 'identifier'; identifier: string; qrCodeKey: string | null }
  | { kind: 'publicIdentifier'; publicIdentifier: string };

/** The visit code's length and alphabet (server/src/modules/checkin: no 0/O, 1/I/L). */
export const VISIT_CODE_LENGTH = 8;
const visitCodePattern = /^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$/;

/** Keys and identifiers in links are base64url, at most 64 characters (the server's limit). */
const linkSegmentPattern = /^[A-Za-z0-9_-]{1,64}$/;

/** A visit code typed or scanned (any case, spaces around ignored), upper-cased; else null. */
export function parseVisitCode(text: string): string | null {
  const code = text.trim().toUpperCase();
  return visitCodePattern.test(code) ? code : null;
}

/** What a scanned or typed text means to the kiosk, or null when it is not one of our codes. */
export function parseScannedCode(text: string): ParsedCode | null {
  const trimmed = text.trim();
  const code = parseVisitCode(trimmed);
  if (code !== null) return { kind: 'identifier', identifier: code, qrCodeKey: null };

  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const route = matchRoute(url.pathname);
  if (route.page === 'visit' && linkSegmentPattern.test(route.qrCodeKey) && linkSegmentPattern.test(route.identifier)) {
    return { kind: 'identifier', identifier: route.identifier, qrCodeKey: route.qrCodeKey };
  }
  if (route.page === 'checkOut' && linkSegmentPattern.test(route.publicIdentifier)) {
    return { kind: 'publicIdentifier', publicIdentifier: route.publicIdentifier };
  }
  return null;
}
