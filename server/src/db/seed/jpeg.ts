// A baseline JPEG encoder small enough to draw the demo's visitor photos (docs/demo.md) without an
// image library: one grey component, the standard luminance tables of the JPEG specification
// (ITU T.81, Annex K), 8×8 blocks by a direct DCT. Tests use it for photos of a known size.

const zigzag = [
  0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28,
  35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47,
  55, 62, 63,
];
const luminance = [
  16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22, 29, 51,
  87, 80, 62, 18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92, 49, 64, 78, 87, 103, 121, 120, 101,
  72, 92, 95, 98, 112, 100, 103, 99,
];
const dcCounts = [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0];
const dcValues = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
const acCounts = [0, 2, 1, 3, 3, 2, 4, 3, 5, 5, 4, 4, 0, 0, 1, 0x7d];
const acValues = [
  0x01, 0x02, 0x03, 0x00, 0x04, 0x11, 0x05, 0x12, 0x21, 0x31, 0x41, 0x06, 0x13, 0x51, 0x61, 0x07, 0x22, 0x71, 0x14,
  0x32, 0x81, 0x91, 0xa1, 0x08, 0x23, 0x42, 0xb1, 0xc1, 0x15, 0x52, 0xd1, 0xf0, 0x24, 0x33, 0x62, 0x72, 0x82, 0x09,
  0x0a, 0x16, 0x17, 0x18, 0x19, 0x1a, 0x25, 0x26, 0x27, 0x28, 0x29, 0x2a, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39, 0x3a,
  0x43, 0x44, 0x45, 0x46, 0x47, 0x48, 0x49, 0x4a, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58, 0x59, 0x5a, 0x63, 0x64, 0x65,
  0x66, 0x67, 0x68, 0x69, 0x6a, 0x73, 0x74, 0x75, 0x76, 0x77, 0x78, 0x79, 0x7a, 0x83, 0x84, 0x85, 0x86, 0x87, 0x88,
  0x89, 0x8a, 0x92, 0x93, 0x94, 0x95, 0x96, 0x97, 0x98, 0x99, 0x9a, 0xa2, 0xa3, 0xa4, 0xa5, 0xa6, 0xa7, 0xa8, 0xa9,
  0xaa, 0xb2, 0xb3, 0xb4, 0xb5, 0xb6, 0xb7, 0xb8, 0xb9, 0xba, 0xc2, 0xc3, 0xc4, 0xc5, 0xc6, 0xc7, 0xc8, 0xc9, 0xca,
  0xd2, 0xd3, 0xd4, 0xd5, 0xd6, 0xd7, 0xd8, 0xd9, 0xda, 0xe1, 0xe2, 0xe3, 0xe4, 0xe5, 0xe6, 0xe7, 0xe8, 0xe9, 0xea,
  0xf1, 0xf2, 0xf3, 0xf4, 0xf5, 0xf6, 0xf7, 0xf8, 0xf9, 0xfa,
];

type Code = { code: number; length: number };

/** The canonical codes of a table given as counts per length and values (Annex C). */
function huffmanCodes(counts: readonly number[], values: readonly number[]): Map<number, Code> {
  const codes = new Map<number, Code>();
  let code = 0;
  let k = 0;
  for (let length = 1; length <= 16; length++) {
    for (let i = 0; i < counts[length - 1]!; i++) codes.set(values[k++]!, { code: code++, length });
    code <<= 1;
  }
  return codes;
}
const dcCodes = huffmanCodes(dcCounts, dcValues);
const acCodes = huffmanCodes(acCounts, acValues);

class BitWriter {
  readonly bytes: number[] = [];
  #value = 0;
  #count = 0;
  write(value: number, length: number): void {
    for (let i = length - 1; i >= 0; i--) {
      this.#value = (this.#value << 1) | ((value >> i) & 1);
      if (++this.#count === 8) this.#flush();
    }
  }
  /** Pads the last byte with ones (F.1.2.3). */
  end(): void {
    while (this.#count !== 0) this.write(1, 1);
  }
  #flush(): void {
    this.bytes.push(this.#value);
    // A 0xFF in the entropy-coded data is followed by a stuffed zero.
    if (this.#value === 0xff) this.bytes.push(0);
    this.#value = 0;
    this.#count = 0;
  }
}

const category = (value: number) => (value === 0 ? 0 : Math.floor(Math.log2(Math.abs(value))) + 1);
const magnitudeBits = (value: number, size: number) => (value < 0 ? value + (1 << size) - 1 : value);

function emit(out: BitWriter, codes: Map<number, Code>, symbol: number): void {
  const found = codes.get(symbol);
  if (!found) throw new Error(`encodeGreyJpeg: no code for ${symbol}`);
  out.write(found.code, found.length);
}

const cosines = Array.from({ length: 64 }, (_, i) => Math.cos(((2 * (i % 8) + 1) * Math.floor(i / 8) * Math.PI) / 16));
const scale = (u: number) => (u === 0 ? Math.SQRT1_2 : 1);

function segment(marker: number, body: readonly number[]): number[] {
  const length = body.length + 2;
  return [0xff, marker, length >> 8, length & 0xff, ...body];
}

/** A baseline JPEG of `width` × `height` grey pixels (one byte each, rows top to bottom), quality by quantiser `factor`. */
export function encodeGreyJpeg(width: number, height: number, grey: Uint8Array, factor = 1): Buffer {
  if (grey.length !== width * height) throw new Error('encodeGreyJpeg: grey buffer of the wrong size');
  const quant = luminance.map((q) => Math.min(255, Math.max(1, Math.round(q * factor))));
  const out = new BitWriter();
  let previousDc = 0;
  const block = new Float64Array(64);
  for (let by = 0; by < height; by += 8) {
    for (let bx = 0; bx < width; bx += 8) {
      for (let i = 0; i < 64; i++) {
        const x = Math.min(width - 1, bx + (i % 8));
        const y = Math.min(height - 1, by + Math.floor(i / 8));
        block[i] = grey[y * width + x]! - 128;
      }
      const coefficients = new Array<number>(64);
      for (let v = 0; v < 8; v++) {
        for (let u = 0; u < 8; u++) {
          let sum = 0;
          for (let y = 0; y < 8; y++)
            for (let x = 0; x < 8; x++) sum += block[y * 8 + x]! * cosines[u * 8 + x]! * cosines[v * 8 + y]!;
          const k = v * 8 + u;
          coefficients[k] = Math.round((0.25 * scale(u) * scale(v) * sum) / quant[k]!);
        }
      }
      const dc = coefficients[0]!;
      const diff = dc - previousDc;
      previousDc = dc;
      const dcSize = category(diff);
      emit(out, dcCodes, dcSize);
      if (dcSize > 0) out.write(magnitudeBits(diff, dcSize), dcSize);
      let run = 0;
      for (let z = 1; z < 64; z++) {
        const value = coefficients[zigzag[z]!]!;
        if (value === 0) {
          run++;
          continue;
        }
        while (run > 15) {
          emit(out, acCodes, 0xf0);
          run -= 16;
        }
        const size = category(value);
        emit(out, acCodes, (run << 4) | size);
        out.write(magnitudeBits(value, size), size);
        run = 0;
      }
      if (run > 0) emit(out, acCodes, 0x00);
    }
  }
  out.end();
  return Buffer.from([
    0xff,
    0xd8,
    ...segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]),
    ...segment(0xdb, [0, ...zigzag.map((k) => quant[k]!)]),
    ...segment(0xc0, [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0]),
    ...segment(0xc4, [0x00, ...dcCounts, ...dcValues]),
    ...segment(0xc4, [0x10, ...acCounts, ...acValues]),
    ...segment(0xda, [1, 1, 0x00, 0, 63, 0]),
    ...out.bytes,
    0xff,
    0xd9,
  ]);
}

/**
 * A demo visitor's photo: a face-like silhouette (head and shoulders) on a light background, 64
 * pixels a side; `shade` tells two people apart. Well under 5 KB.
 */
export function silhouetteJpeg(shade = 80): Buffer {
  const size = 64;
  const grey = new Uint8Array(size * size);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const head = (x - 32) ** 2 + (y - 24) ** 2 <= 13 ** 2;
      const shoulders = ((x - 32) / 26) ** 2 + ((y - 66) / 22) ** 2 <= 1;
      grey[y * size + x] = head || shoulders ? shade : 225;
    }
  }
  return encodeGreyJpeg(size, size, grey);
}

/** A JPEG padded to exactly `bytes` with comment segments after its start (tests: photos at a size limit). */
export function jpegOfSize(bytes: number, image: Buffer = silhouetteJpeg()): Buffer {
  let missing = bytes - image.length;
  if (missing < 0 || (missing > 0 && missing < 4)) throw new Error(`jpegOfSize: cannot make ${bytes} bytes`);
  const comments: Buffer[] = [];
  while (missing > 0) {
    // Leave room for a last segment of at least its 4 header bytes.
    let take = Math.min(missing, 65_535 + 2);
    if (missing - take > 0 && missing - take < 4) take -= 4;
    const length = take - 2;
    const comment = Buffer.alloc(take, 0x20);
    comment.writeUInt8(0xff, 0);
    comment.writeUInt8(0xfe, 1);
    comment.writeUInt16BE(length, 2);
    comments.push(comment);
    missing -= take;
  }
  return Buffer.concat([image.subarray(0, 2), ...comments, image.subarray(2)]);
}
