// Draws the kiosk's app icons (its web manifest names them, so the kiosk installs) into kiosk/public/icons/.
// Dependency-free: a tiny rasteriser with 4x4 supersampling and a PNG encoder on node:zlib.
// The PNGs are committed; run again only when the design changes: node scripts/src/kioskIcons.ts
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { root } from './lib/run.ts';

// The kiosk's colours (kiosk/src/styles.css: --primary, --on-primary).
const background: Rgb = [0x1d, 0x4e, 0xd8];
const foreground: Rgb = [0xff, 0xff, 0xff];

type Rgb = [number, number, number];
type Point = [number, number];

/** A bold "V" (Vestibule) in a unit square, centred on (0.5, 0.5). */
const glyph: Point[] = [
  [0.2, 0.24],
  [0.355, 0.24],
  [0.5, 0.625],
  [0.645, 0.24],
  [0.8, 0.24],
  [0.575, 0.78],
  [0.425, 0.78],
];

interface IconDesign {
  /** Corner radius of the background square, as a fraction of the size (0: full bleed). */
  radius: number;
  /** Scale of the glyph around the centre (maskable icons keep it inside the 80 % safe zone). */
  glyphScale: number;
}

const designs = {
  any: { radius: 0.18, glyphScale: 1 },
  // Full bleed: the platform applies its own mask; the glyph stays within a circle of radius 0.4.
  maskable: { radius: 0, glyphScale: 0.78 },
} satisfies Record<string, IconDesign>;

function insidePolygon([x, y]: Point, polygon: Point[]): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [xi, yi] = polygon[i] as Point;
    const [xj, yj] = polygon[j] as Point;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function insideRoundedSquare([x, y]: Point, radius: number): boolean {
  if (x < 0 || x > 1 || y < 0 || y > 1) return false;
  const cx = Math.min(Math.max(x, radius), 1 - radius);
  const cy = Math.min(Math.max(y, radius), 1 - radius);
  return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2;
}

/** RGBA pixels of one icon. */
function draw(size: number, design: IconDesign): Buffer {
  const scaled = glyph.map(([x, y]): Point => [
    0.5 + (x - 0.5) * design.glyphScale,
    0.5 + (y - 0.5) * design.glyphScale,
  ]);
  const samples = 4;
  const pixels = Buffer.alloc(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let cover = 0;
      let ink = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const point: Point = [(px + (sx + 0.5) / samples) / size, (py + (sy + 0.5) / samples) / size];
          if (!insideRoundedSquare(point, design.radius)) continue;
          cover++;
          if (insidePolygon(point, scaled)) ink++;
        }
      }
      const offset = (py * size + px) * 4;
      if (cover === 0) continue;
      for (let channel = 0; channel < 3; channel++) {
        // Colour of the covered part (background and glyph mixed), alpha from the coverage.
        const mixed = ((cover - ink) * (background[channel] as number) + ink * (foreground[channel] as number)) / cover;
        pixels[offset + channel] = Math.round(mixed);
      }
      pixels[offset + 3] = Math.round((255 * cover) / (samples * samples));
    }
  }
  return pixels;
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = (crcTable[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid PNG (8-bit RGBA, no interlace, filter 0 on every row). */
export function encodePng(width: number, height: number, rgba: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type: RGBA
  const rows = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) rgba.copy(rows, y * (width * 4 + 1) + 1, y * width * 4, (y + 1) * width * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const hex = (rgb: Rgb) => `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`;

/** The same drawing as SVG, for the browser tab's icon. */
function svg(design: IconDesign): string {
  const points = glyph
    .map(([x, y]) => `${(x * 100).toFixed(1)},${(y * 100).toFixed(1)}`)
    .map((point) => point.replace(/\.0(?=,|$)/g, ''))
    .join(' ');
  const r = design.radius * 100;
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">',
    `<rect width="100" height="100" rx="${r}" fill="${hex(background)}"/>`,
    `<polygon points="${points}" fill="${hex(foreground)}"/>`,
    '</svg>',
    '',
  ].join('\n');
}

const icons: { file: string; size: number; design: IconDesign }[] = [
  { file: 'icon-192.png', size: 192, design: designs.any },
  { file: 'icon-512.png', size: 512, design: designs.any },
  { file: 'icon-maskable-512.png', size: 512, design: designs.maskable },
  // iOS rounds the corners itself and shows transparency as black: full bleed.
  { file: 'apple-touch-icon-180.png', size: 180, design: designs.maskable },
];

const outDir = join(root, 'kiosk', 'public', 'icons');
mkdirSync(outDir, { recursive: true });
for (const icon of icons) {
  writeFileSync(join(outDir, icon.file), encodePng(icon.size, icon.size, draw(icon.size, icon.design)));
  console.log(`kiosk/public/icons/${icon.file}`);
}
writeFileSync(join(outDir, 'icon.svg'), svg(designs.any));
console.log('kiosk/public/icons/icon.svg');
