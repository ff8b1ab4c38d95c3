// Kiosk enrolment (docs/kiosk.md, "Enrolment"): a kiosk is a device an administrator enrolled, not whoever knows
// the building key (the key is printed on the phone posters). An admin creates a one-time,
// short-lived enrolment code for a building; the tablet opens `/enrolKiosk/{code}` (the QR
// code's link) or types the code, and receives its own device credential, kept in IndexedDB
// and sent with every kiosk call in the `x-kiosk-credential` header as `{deviceId}.{secret}`.
// The server keeps only a hash of the secret; revoking the device cuts it off at once.

/** The header every kiosk call carries once the device is enrolled. */
export const KIOSK_CREDENTIAL_HEADER = 'x-kiosk-credential';
/** The public page a tablet opens to enrol (the enrolment QR code's link). */
export const KIOSK_ENROL_PAGE = '/enrolKiosk';
/** An enrolment code works once, within this many minutes of its creation. */
export const KIOSK_ENROLMENT_CODE_MINUTES = 15;
/** Characters of an enrolment code: no look-alikes (0/O, 1/I/L), typed on a tablet. */
export const KIOSK_ENROLMENT_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
/** Three groups of four characters, e.g. `K7QM-3XHD-9TWA` (59 bits, one try per code). */
export const kioskEnrolmentCodePattern = /^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/;
/** A self check-out ticket (answered by the kiosk's search) works this many minutes. */
export const CHECKOUT_TICKET_MINUTES = 5;

/** `{deviceId}.{secret}`: the value of the credential header. */
export function kioskCredentialValue(deviceId: string, secret: string): string {
  return `${deviceId}.${secret}`;
}

/** Splits a credential header value; undefined when it has not the `{uuid}.{secret}` shape. */
export function parseKioskCredential(value: unknown): { deviceId: string; secret: string } | undefined {
  if (typeof value !== 'string' || value.length > 200) return undefined;
  const match = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{32,100})$/i.exec(
    value,
  );
  if (!match?.[1] || !match[2]) return undefined;
  return { deviceId: match[1].toLowerCase(), secret: match[2] };
}

/** A typed code normalised: upper case, spaces removed, dashes put back. */
export function normaliseEnrolmentCode(typed: string): string {
  const bare = typed.toUpperCase().replace(/[^0-9A-Z]/g, '');
  return bare.length === 12 ? `${bare.slice(0, 4)}-${bare.slice(4, 8)}-${bare.slice(8)}` : typed.trim().toUpperCase();
}
