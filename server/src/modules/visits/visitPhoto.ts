// The visitor's photo (docs/check-in.md, "The visitor's photo"): the rules a photo sent with a
// check-in meets, in one place. A photo is base64 text (no `data:` prefix) of a JPEG of at most
// VISITOR_PHOTO_MAX_BYTES, whose frame header says at most VISITOR_PHOTO_MAX_SIDE pixels a side.
// Which channel refuses and which drops a bad photo is the check-in's rule (`photoOfEntry`).
import {
  type ErrorCode,
  VISITOR_PHOTO_BASE64_MAX,
  VISITOR_PHOTO_MAX_BYTES,
  VISITOR_PHOTO_MAX_SIDE,
  type VisitorPhotoMode,
} from '@vestibule/shared';
import { AppError } from '../../errors.ts';
import { jpegSize } from '../floors/planImage.ts';

export type PhotoRefusal = Extract<ErrorCode, 'VISITOR_PHOTO_TOO_BIG' | 'VISITOR_PHOTO_INVALID_FORMAT'>;
export type PhotoReading = { bytes: Buffer } | { refusal: PhotoRefusal };

const base64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * A photo as sent: its bytes, or why it is refused. Too big (its text longer than a photo of the
 * most bytes, or more bytes once decoded): VISITOR_PHOTO_TOO_BIG. Not base64, not a JPEG (it
 * starts FF D8 FF and ends FF D9, with a frame header), or a side of 0 or over the most pixels:
 * VISITOR_PHOTO_INVALID_FORMAT.
 */
export function readVisitorPhoto(text: unknown): PhotoReading {
  if (typeof text !== 'string') return { refusal: 'VISITOR_PHOTO_INVALID_FORMAT' };
  if (text.length > VISITOR_PHOTO_BASE64_MAX) return { refusal: 'VISITOR_PHOTO_TOO_BIG' };
  if (text.length % 4 !== 0 || !base64.test(text)) return { refusal: 'VISITOR_PHOTO_INVALID_FORMAT' };
  const bytes = Buffer.from(text, 'base64');
  if (bytes.length > VISITOR_PHOTO_MAX_BYTES) return { refusal: 'VISITOR_PHOTO_TOO_BIG' };
  const n = bytes.length;
  const framed = n >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  if (!framed || bytes[n - 2] !== 0xff || bytes[n - 1] !== 0xd9) return { refusal: 'VISITOR_PHOTO_INVALID_FORMAT' };
  const sides = jpegSize(bytes);
  const fits = (side: number) => side >= 1 && side <= VISITOR_PHOTO_MAX_SIDE;
  if (!sides || !fits(sides.width) || !fits(sides.height)) return { refusal: 'VISITOR_PHOTO_INVALID_FORMAT' };
  return { bytes };
}

/**
 * The photo a check-in keeps, by the building's setting for the person type and the channel:
 * - OFF: none, whatever was sent (a building that asks for no photo stores none);
 * - strict (a visitor's own phone): a bad photo refuses the check-in with its code, and a
 *   REQUIRED one missing is VISITOR_PHOTO_REQUIRED; nothing is written;
 * - lenient (a kiosk, whose queued entry is never lost; staff): a bad photo is dropped and the
 *   entry goes on without it (`dropped` says why), a missing one is accepted.
 */
export function photoOfEntry(
  text: string | null,
  mode: VisitorPhotoMode,
  strict: boolean,
): { bytes: Buffer | null; dropped?: PhotoRefusal } {
  if (mode === 'OFF') return { bytes: null };
  if (text === null) {
    if (strict && mode === 'REQUIRED') throw new AppError('VISITOR_PHOTO_REQUIRED');
    return { bytes: null };
  }
  const reading = readVisitorPhoto(text);
  if ('bytes' in reading) return { bytes: reading.bytes };
  if (strict) throw new AppError(reading.refusal);
  return { bytes: null, dropped: reading.refusal };
}
