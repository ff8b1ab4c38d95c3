import { lookup } from 'node:dns/promises';
import { type CameraInfo, cameraAddressRefusal, cameraUrl, isLocalIpAddress } from '@vestibule/shared';
import { AppError } from '../../errors.ts';

// How the server talks to a thermal camera. The HTTP adapter reads a camera on the
// building's network: `<base>/info` answers JSON ({ entries: [{ maxTemperature }] } or
// { temperature }), `<base>/snapshot.jpg` a picture; basic auth, 3-second timeout. The
// simulated camera lets a site without hardware try the temperature step.

export interface CameraConnection {
  ipAddress: string;
  authUser: string | null;
  authPassword: string | null;
  simulated: boolean;
  /** CAMERA_ALLOW_LOCAL_ADDRESSES: loopback and link-local cameras may be called. */
  allowLocal: boolean;
}

export interface CameraPicture {
  contentType: string;
  body: Buffer;
}

const TIMEOUT_MS = 3000;
const MAX_PICTURE_BYTES = 5_000_000;

export function cameraBaseUrl(ipAddress: string): string {
  const base = /^https?:\/\//i.test(ipAddress) ? ipAddress : `http://${ipAddress}`;
  return base.replace(/\/+$/, '');
}

/**
 * Refuses, before any request, an address the server must not call: not http(s), or a host
 * that is or resolves to a loopback, link-local, unspecified or metadata address (the name is
 * resolved here, so a camera name pointing at the server itself is refused too).
 */
async function checkCameraAddress(camera: CameraConnection): Promise<void> {
  if (cameraAddressRefusal(camera.ipAddress, camera.allowLocal)) throw new AppError('CAMERA_ADDRESS_NOT_ALLOWED');
  if (camera.allowLocal) return;
  const host = cameraUrl(camera.ipAddress)?.hostname.replace(/^\[|\]$/g, '') ?? '';
  let addresses: { address: string }[];
  try {
    addresses = await lookup(host, { all: true });
  } catch {
    throw new AppError('CAMERA_UNREACHABLE');
  }
  if (addresses.some(({ address }) => isLocalIpAddress(address))) throw new AppError('CAMERA_ADDRESS_NOT_ALLOWED');
}

async function cameraFetch(camera: CameraConnection, path: string): Promise<Response> {
  await checkCameraAddress(camera);
  const headers: Record<string, string> = {};
  if (camera.authUser) {
    headers.authorization = `Basic ${Buffer.from(`${camera.authUser}:${camera.authPassword ?? ''}`).toString('base64')}`;
  }
  try {
    const response = await fetch(`${cameraBaseUrl(camera.ipAddress)}${path}`, {
      headers,
      signal: AbortSignal.timeout(TIMEOUT_MS),
      // Never follow a redirect: a camera that answers one is unreachable.
      redirect: 'error',
    });
    if (!response.ok) throw new AppError('CAMERA_UNREACHABLE');
    return response;
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('CAMERA_UNREACHABLE');
  }
}

/** A reading between 34.0 and 40.0, one decimal, like a forehead scan. */
export function simulatedReading(random: () => number = Math.random): number {
  return Math.round((34 + random() * 6) * 10) / 10;
}

export async function readCameraInfo(camera: CameraConnection): Promise<CameraInfo> {
  if (camera.simulated) return { entries: [{ maxTemperature: simulatedReading() }], simulated: true };
  const response = await cameraFetch(camera, '/info');
  const body = (await response.json().catch(() => undefined)) as
    { entries?: { maxTemperature?: unknown }[]; temperature?: unknown } | undefined;
  const entries = (body?.entries ?? (body?.temperature !== undefined ? [{ maxTemperature: body.temperature }] : []))
    .map((entry) => Number(entry.maxTemperature))
    .filter((value) => Number.isFinite(value))
    .map((maxTemperature) => ({ maxTemperature }));
  return { entries, simulated: false };
}

export async function readCameraPicture(camera: CameraConnection, now: Date = new Date()): Promise<CameraPicture> {
  if (camera.simulated) {
    const time = now.toISOString().slice(11, 19);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240" viewBox="0 0 320 240"><rect width="320" height="240" fill="#1f2937"/><circle cx="160" cy="110" r="55" fill="#f59e0b"/><text x="160" y="215" font-family="sans-serif" font-size="18" fill="#ffffff" text-anchor="middle">Simulated camera ${time}</text></svg>`;
    return { contentType: 'image/svg+xml', body: Buffer.from(svg) };
  }
  const response = await cameraFetch(camera, '/snapshot.jpg');
  const contentType = response.headers.get('content-type') ?? '';
  if (!contentType.startsWith('image/')) throw new AppError('CAMERA_UNREACHABLE');
  const body = Buffer.from(await response.arrayBuffer());
  if (body.length > MAX_PICTURE_BYTES) throw new AppError('CAMERA_UNREACHABLE');
  return { contentType, body };
}
