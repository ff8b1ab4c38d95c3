import type { FloorPlanType } from '@vestibule/shared';
import { detectImageType } from '../buildings/logo.ts';

// A floor's plan image (docs/floors-and-spaces.md, "The plan image"): its type from its content
// (GIF, PNG, JPEG or BMP signature, never the file's name) and its size in pixels from its header.
// A file whose size cannot be read is not an image we can place spaces on: it is refused.

export interface PlanImageInfo {
  contentType: FloorPlanType;
  width: number;
  height: number;
}

/** The largest side an image header may state: anything beyond is a damaged header. */
const SIDE_MAX = 65_535;

function isGif(bytes: Buffer): boolean {
  const head = bytes.subarray(0, 6).toString('latin1');
  return head === 'GIF87a' || head === 'GIF89a';
}

/** The plan's type by its signature; GIF besides the logo's PNG, JPEG and BMP. */
export function detectPlanType(bytes: Buffer): FloorPlanType | undefined {
  if (bytes.length >= 6 && isGif(bytes)) return 'image/gif';
  return detectImageType(bytes);
}

/** PNG: the first chunk is IHDR, width then height (big-endian) after its length and type. */
function pngSize(bytes: Buffer) {
  if (bytes.length < 24 || bytes.subarray(12, 16).toString('latin1') !== 'IHDR') return undefined;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** GIF: the logical screen descriptor, width then height (little-endian), after the signature. */
function gifSize(bytes: Buffer) {
  if (bytes.length < 10) return undefined;
  return { width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
}

/** BMP: the DIB header after the 14-byte file header; the old OS/2 header holds 16-bit sides. */
function bmpSize(bytes: Buffer) {
  if (bytes.length < 26) return undefined;
  const dibSize = bytes.readUInt32LE(14);
  if (dibSize === 12) return { width: bytes.readUInt16LE(18), height: bytes.readUInt16LE(20) };
  if (dibSize < 40) return undefined;
  // A negative height is a top-down bitmap.
  return { width: bytes.readInt32LE(18), height: Math.abs(bytes.readInt32LE(22)) };
}

/**
 * JPEG: the first start-of-frame segment (SOF0..SOF15 but DHT, JPG and DAC) holds height, then
 * width; undefined when the image data or its end comes first, or a segment runs past the bytes.
 * A floor's plan and a visitor's photo are both read by it.
 */
export function jpegSize(bytes: Buffer): { width: number; height: number } | undefined {
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return undefined;
    const marker = bytes[offset + 1]!;
    // Fill bytes, and markers that stand alone (TEM, RSTn): no length follows.
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    // The image data starts (or ends) before any frame header: no size to read.
    if (marker === 0xda || marker === 0xd9) return undefined;
    const length = bytes.readUInt16BE(offset + 2);
    if (length < 2) return undefined;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      if (offset + 9 > bytes.length || length < 7) return undefined;
      return { width: bytes.readUInt16BE(offset + 7), height: bytes.readUInt16BE(offset + 5) };
    }
    offset += 2 + length;
  }
  return undefined;
}

/** The plan's type and size, or undefined when it is not a GIF, PNG, JPEG or BMP whose size can be read. */
export function readPlanImage(bytes: Buffer): PlanImageInfo | undefined {
  const contentType = detectPlanType(bytes);
  if (!contentType) return undefined;
  const size =
    contentType === 'image/png'
      ? pngSize(bytes)
      : contentType === 'image/gif'
        ? gifSize(bytes)
        : contentType === 'image/bmp'
          ? bmpSize(bytes)
          : jpegSize(bytes);
  if (!size) return undefined;
  const valid = (side: number) => Number.isInteger(side) && side >= 1 && side <= SIDE_MAX;
  if (!valid(size.width) || !valid(size.height)) return undefined;
  return { contentType, width: size.width, height: size.height };
}
