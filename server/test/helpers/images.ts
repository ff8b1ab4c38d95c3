import { plainPng } from '../../src/db/seed/png.ts';

// Tiny images of each plan type, built by hand, whose header states the given size.

export const pngImage = (width: number, height: number) => plainPng(width, height);

/** A GIF89a: the logical screen descriptor holds its size; an empty image stream. */
export function gifImage(width: number, height: number): Buffer {
  const bytes = Buffer.alloc(14);
  bytes.write('GIF89a', 0, 'latin1');
  bytes.writeUInt16LE(width, 6);
  bytes.writeUInt16LE(height, 8);
  bytes[10] = 0x00; // no global colour table
  bytes[13] = 0x3b; // trailer
  return bytes;
}

/** A 24-bit BMP with a BITMAPINFOHEADER (bottom-up rows of white pixels). */
export function bmpImage(width: number, height: number): Buffer {
  const rowBytes = Math.ceil((width * 3) / 4) * 4;
  const size = 54 + rowBytes * height;
  const bytes = Buffer.alloc(size, 0xff);
  bytes.write('BM', 0, 'latin1');
  bytes.writeUInt32LE(size, 2);
  bytes.writeUInt32LE(0, 6);
  bytes.writeUInt32LE(54, 10);
  bytes.writeUInt32LE(40, 14);
  bytes.writeInt32LE(width, 18);
  bytes.writeInt32LE(height, 22);
  bytes.writeUInt16LE(1, 26);
  bytes.writeUInt16LE(24, 28);
  bytes.fill(0, 30, 54);
  return bytes;
}

/** A JPEG's markers up to its frame: SOI, a JFIF APP0 segment, then SOF0 with the size, then EOI. */
export function jpegImage(width: number, height: number): Buffer {
  const app0 = Buffer.from([
    0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00,
  ]);
  const sof0 = Buffer.alloc(19);
  sof0.writeUInt16BE(0xffc0, 0);
  sof0.writeUInt16BE(17, 2);
  sof0[4] = 8;
  sof0.writeUInt16BE(height, 5);
  sof0.writeUInt16BE(width, 7);
  sof0[9] = 3;
  for (let c = 0; c < 3; c++) sof0.set([c + 1, 0x11, 0], 10 + c * 3);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof0, Buffer.from([0xff, 0xd9])]);
}
