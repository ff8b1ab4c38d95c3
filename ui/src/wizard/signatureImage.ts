import { SIGNATURE_IMAGE_MAX_BYTES } from '@vestibule/shared';

// A drawn signature as the check-in sends it (docs/check-in.md, "Signed documents"): the pad's
// canvas cut to the ink, scaled to fit SIGNATURE_WIDTH × SIGNATURE_HEIGHT, a PNG well under the
// server's limit.

export const SIGNATURE_WIDTH = 600;
export const SIGNATURE_HEIGHT = 200;

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The smallest box holding every pixel with ink (alpha above 0), or null for an empty pad. */
export function inkBox(pixels: Uint8ClampedArray, width: number, height: number): Box | null {
  let top = height;
  let left = width;
  let right = -1;
  let bottom = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (pixels[(y * width + x) * 4 + 3] === 0) continue;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      if (y > bottom) bottom = y;
    }
  }
  return right < 0 ? null : { x: left, y: top, width: right - left + 1, height: bottom - top + 1 };
}

/** The scale that fits a box within the signature's size (never enlarged). */
export function fitScale(width: number, height: number): number {
  return Math.min(1, SIGNATURE_WIDTH / width, SIGNATURE_HEIGHT / height);
}

/** Decoded bytes of base64 text. */
export function base64Bytes(text: string): number {
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  return (text.length / 4) * 3 - padding;
}

/** The pad's ink as base64 PNG (no prefix), trimmed and small; null when nothing is drawn. */
export function signaturePng(canvas: HTMLCanvasElement): string | null {
  const context = canvas.getContext('2d');
  if (!context) return null;
  const box = inkBox(context.getImageData(0, 0, canvas.width, canvas.height).data, canvas.width, canvas.height);
  if (!box) return null;
  let scale = fitScale(box.width, box.height);
  while (scale > 0.05) {
    const out = document.createElement('canvas');
    out.width = Math.max(1, Math.round(box.width * scale));
    out.height = Math.max(1, Math.round(box.height * scale));
    out.getContext('2d')?.drawImage(canvas, box.x, box.y, box.width, box.height, 0, 0, out.width, out.height);
    const png = out.toDataURL('image/png').replace(/^data:image\/png;base64,/, '');
    if (base64Bytes(png) <= SIGNATURE_IMAGE_MAX_BYTES) return png;
    scale *= 0.7;
  }
  return null;
}
