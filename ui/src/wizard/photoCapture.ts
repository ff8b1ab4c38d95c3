import { VISITOR_PHOTO_MAX_BYTES } from '@vestibule/shared';

// The visitor's photo, made small on the device (docs/check-in.md, "The visitor's photo"): a
// square around the face, at most PHOTO_SIDE pixels, a JPEG whose quality is lowered until it
// weighs about PHOTO_TARGET_BYTES and never more than the server's limit.

/** The longest side of the photo sent, in pixels. */
export const PHOTO_SIDE = 480;
/** What a photo should weigh: well under the limit, so a queued entry stays small. */
export const PHOTO_TARGET_BYTES = 25_600;
const QUALITIES = [0.85, 0.75, 0.65, 0.55, 0.45, 0.35, 0.25];

export interface Rect {
  x: number;
  y: number;
  side: number;
}

/**
 * The square of the camera's picture where the face is: the oval guide is centred, so the
 * square is centred too, 80 % of the shorter side (the guide's height), within the picture.
 */
export function faceSquare(width: number, height: number): Rect {
  const side = Math.round(Math.min(width, height) * 0.8);
  return { x: Math.round((width - side) / 2), y: Math.round((height - side) / 2), side };
}

/**
 * The first JPEG, from the highest quality down, that weighs at most `target`; else the lightest
 * under `max`; else null (the caller draws it smaller).
 */
export async function fitJpeg(
  encode: (quality: number) => Promise<Blob | null>,
  target = PHOTO_TARGET_BYTES,
  max = VISITOR_PHOTO_MAX_BYTES,
): Promise<Blob | null> {
  let lightest: Blob | null = null;
  for (const quality of QUALITIES) {
    const blob = await encode(quality);
    if (!blob) continue;
    if (blob.size <= target) return blob;
    if (!lightest || blob.size < lightest.size) lightest = blob;
  }
  return lightest && lightest.size <= max ? lightest : null;
}

/** Bytes as base64 text, without a `data:` prefix. */
export function base64Of(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  return btoa(binary);
}

/** The photo of the video's current picture: base64 JPEG within the limits, or null. */
export async function capturePhoto(video: HTMLVideoElement): Promise<string | null> {
  const { videoWidth, videoHeight } = video;
  if (!videoWidth || !videoHeight) return null;
  const square = faceSquare(videoWidth, videoHeight);
  let side = Math.min(PHOTO_SIDE, square.side);
  while (side >= 120) {
    const canvas = document.createElement('canvas');
    canvas.width = side;
    canvas.height = side;
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.drawImage(video, square.x, square.y, square.side, square.side, 0, 0, side, side);
    const blob = await fitJpeg(
      (quality) => new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality)),
    );
    if (blob) return base64Of(new Uint8Array(await blob.arrayBuffer()));
    side = Math.round(side * 0.75);
  }
  return null;
}
