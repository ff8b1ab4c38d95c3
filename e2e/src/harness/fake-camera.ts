// A camera the scenarios hold a picture up to: Chromium's fake capture device reads its frames
// from a Y4M file (--use-file-for-fake-video-capture), and --use-fake-ui-for-media-stream
// answers the camera permission. The file is written before the browser starts (a blank
// frame: Chromium reads the file's header when it lists the device) and rewritten by show();
// Chromium opens it again at each getUserMedia, so the next scan sees the new picture.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';

/** The frame Chromium captures: VGA, the size a lobby tablet's front camera gives at least. */
const WIDTH = 640;
const HEIGHT = 480;

export class FakeCamera {
  readonly dir = mkdtempSync(join(tmpdir(), 'vestibule-camera-'));
  readonly path = join(this.dir, 'camera.y4m');

  constructor() {
    this.showBlank();
  }

  /** The Chromium switches that make this file the page's only camera, allowed without asking. */
  get chromiumArgs(): string[] {
    return [
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${this.path}`,
    ];
  }

  /** A white picture: what the camera sees with nothing held up to it. */
  showBlank(): void {
    writeFileSync(this.path, y4mFrame(new Uint8Array(WIDTH * HEIGHT).fill(255), WIDTH, HEIGHT));
  }

  /** Holds a PNG (a data URL or its bytes) up to the camera, centred on a white frame. */
  showPng(png: string | Buffer): void {
    const bytes = typeof png === 'string' ? Buffer.from(png.replace(/^data:image\/png;base64,/, ''), 'base64') : png;
    const image = decodePng(bytes);
    if (image.width > WIDTH || image.height > HEIGHT) {
      throw new Error(`The picture (${image.width}x${image.height}) is larger than the camera's frame`);
    }
    const luma = new Uint8Array(WIDTH * HEIGHT).fill(255);
    const left = Math.floor((WIDTH - image.width) / 2);
    const top = Math.floor((HEIGHT - image.height) / 2);
    for (let y = 0; y < image.height; y++) {
      luma.set(image.gray.subarray(y * image.width, (y + 1) * image.width), (top + y) * WIDTH + left);
    }
    writeFileSync(this.path, y4mFrame(luma, WIDTH, HEIGHT));
  }

  remove(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** One grey frame as a YUV4MPEG2 file (4:2:0, chroma neutral); Chromium plays it in a loop. */
function y4mFrame(luma: Uint8Array, width: number, height: number): Buffer {
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\nFRAME\n`, 'ascii');
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  return Buffer.concat([header, Buffer.from(luma), chroma]);
}

interface GrayImage {
  width: number;
  height: number;
  /** One byte per pixel, rows top to bottom. */
  gray: Uint8Array;
}

/**
 * The pixels of an 8-bit, non-interlaced PNG (grey, grey+alpha, RGB, RGBA or palette) as grey
 * levels: enough for the QR codes the server draws (the `qrcode` package, through pngjs).
 */
function decodePng(png: Buffer): GrayImage {
  const signature = '89504e470d0a1a0a';
  if (png.subarray(0, 8).toString('hex') !== signature) throw new Error('Not a PNG');
  let width = 0;
  let height = 0;
  let colourType = 0;
  let palette: Buffer | null = null;
  const data: Buffer[] = [];
  for (let offset = 8; offset < png.length;) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('ascii', offset + 4, offset + 8);
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const bitDepth = body[8];
      colourType = body[9] ?? 0;
      if (bitDepth !== 8 || body[12] !== 0) throw new Error('Only 8-bit, non-interlaced PNGs are read');
    } else if (type === 'PLTE') palette = body;
    else if (type === 'IDAT') data.push(body);
    else if (type === 'IEND') break;
    offset += 12 + length;
  }
  const channels = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 }[colourType];
  if (!channels) throw new Error(`PNG colour type ${colourType} is not read`);
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const pixels = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const row = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? (pixels[y * stride + x - channels] ?? 0) : 0;
      const b = y > 0 ? (pixels[(y - 1) * stride + x] ?? 0) : 0;
      const c = x >= channels && y > 0 ? (pixels[(y - 1) * stride + x - channels] ?? 0) : 0;
      pixels[y * stride + x] = ((row[x] ?? 0) + predictor(filter, a, b, c)) & 0xff;
    }
  }
  const gray = new Uint8Array(width * height);
  for (let i = 0; i < width * height; i++) {
    const at = i * channels;
    let [r, g, b] = [pixels[at] ?? 0, pixels[at] ?? 0, pixels[at] ?? 0];
    if (colourType === 2 || colourType === 6) [g, b] = [pixels[at + 1] ?? 0, pixels[at + 2] ?? 0];
    if (colourType === 3 && palette) {
      const entry = (pixels[at] ?? 0) * 3;
      [r, g, b] = [palette[entry] ?? 0, palette[entry + 1] ?? 0, palette[entry + 2] ?? 0];
    }
    const alpha = colourType === 6 ? (pixels[at + 3] ?? 255) : colourType === 4 ? (pixels[at + 1] ?? 255) : 255;
    const level = 0.299 * r + 0.587 * g + 0.114 * b;
    // Transparent pixels are drawn on white, as a page would show them.
    gray[i] = Math.round((level * alpha + 255 * (255 - alpha)) / 255);
  }
  return { width, height, gray };
}

/** PNG's row filters (RFC 2083, 6.2): the value the stored byte was taken from. */
function predictor(filter: number | undefined, a: number, b: number, c: number): number {
  switch (filter) {
    case 0:
      return 0;
    case 1:
      return a;
    case 2:
      return b;
    case 3:
      return Math.floor((a + b) / 2);
    case 4: {
      const p = a + b - c;
      const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
      return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
    }
    default:
      throw new Error(`PNG filter ${String(filter)} is not one of the five`);
  }
}
