// Signed documents (docs/check-in.md, "Signed documents"): the rules both the server and the
// apps apply, apart from their schemas (the kiosk's first screen loads no zod).

/** What a document is; the admin screens and the signed copy name it. */
export const documentKinds = ['NDA', 'SITE_RULES', 'SAFETY_INDUCTION', 'OTHER'] as const;
export type DocumentKind = (typeof documentKinds)[number];

/** How a document is signed: a signature drawn with a finger (a PNG), or the signer's name typed. */
export const signMethods = ['DRAW', 'TYPE'] as const;
export type SignMethod = (typeof signMethods)[number];

/** A version's text (Markdown), at most this many characters. */
export const DOCUMENT_BODY_MAX = 20_000;
export const DOCUMENT_TITLE_MAX = 200;
/** A typed signature: the signer's name, at most this many characters. */
export const SIGNATURE_TYPED_NAME_MAX = 200;
/** A drawn signature's PNG, decoded, at most this many bytes. */
export const SIGNATURE_IMAGE_MAX_BYTES = 30_000;
/** The same limit on the base64 text a request carries (4 characters per 3 bytes). */
export const SIGNATURE_IMAGE_BASE64_MAX = Math.ceil(SIGNATURE_IMAGE_MAX_BYTES / 3) * 4;
/** Signatures one check-in carries at most. */
export const SIGNATURES_MAX = 10;
/** Documents a building holds at most. */
export const DOCUMENTS_PER_BUILDING_MAX = 20;

/** The building setting `documentResignDays` when missing; 0 asks at every visit. */
export const DEFAULT_DOCUMENT_RESIGN_DAYS = 365;
export const DOCUMENT_RESIGN_DAYS_MAX = 3650;

/** The days a signature of a document's current version holds at a building (the setting, else its default). */
export function resignDaysOf(settings: { documentResignDays?: number | undefined }): number {
  return settings.documentResignDays ?? DEFAULT_DOCUMENT_RESIGN_DAYS;
}

/**
 * Who signed, as the "already signed" lookup finds them again: the e-mail (trimmed, lowercased)
 * when the visitor gave one, else "first last" lowercased, spaces collapsed. Empty when neither.
 */
export function signerKeyOf(person: {
  email?: string | null | undefined;
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
}): string {
  const email = (person.email ?? '').trim().toLowerCase();
  if (email) return email;
  return `${person.firstName ?? ''} ${person.lastName ?? ''}`.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** The PNG file signature: the first 8 bytes of every PNG file. */
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Whether bytes start as a PNG file does (its 8-byte signature and an IHDR chunk). */
export function looksLikePng(bytes: Uint8Array): boolean {
  if (bytes.length < 24) return false;
  if (!PNG_MAGIC.every((byte, i) => bytes[i] === byte)) return false;
  // The first chunk is IHDR (bytes 12..15).
  return bytes[12] === 0x49 && bytes[13] === 0x48 && bytes[14] === 0x44 && bytes[15] === 0x52;
}
