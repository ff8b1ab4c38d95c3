// What a company's webhooks tell other systems (docs/webhooks.md): the events, and how each
// delivery is signed so a receiver can check it came from Vestibule, untouched and recent.
import { isLocalHost } from './cameraAddress.ts';

export const webhookEvents = [
  'visit.invited',
  'visit.checked_in',
  'visit.refused',
  'visit.checked_out',
  'visit.cancelled',
  'person.created',
  'person.updated',
  'person.deactivated',
  'booking.created',
  'booking.approved',
  'booking.rejected',
  'booking.cancelled',
] as const;
export type WebhookEvent = (typeof webhookEvents)[number];

export const webhookDeliveryStatuses = ['PENDING', 'DELIVERED', 'FAILED'] as const;
export type WebhookDeliveryStatus = (typeof webhookDeliveryStatuses)[number];

/** The header of a delivery's signature: `t=<seconds since the epoch>,v1=<hex HMAC-SHA256>`. */
export const WEBHOOK_SIGNATURE_HEADER = 'vestibule-signature';
/** The header naming the event (`visit.checked_in`). */
export const WEBHOOK_EVENT_HEADER = 'vestibule-event';
/** The header carrying the event's id: the same on every attempt, so a receiver drops duplicates. */
export const WEBHOOK_ID_HEADER = 'vestibule-event-id';

/** A delivery is retried, waiting longer each time, for this long after its event; then it failed. */
export const WEBHOOK_RETRY_HOURS = 24;

/** What is signed: the timestamp and the body, as sent. */
export function webhookSignedText(timestamp: number, body: string): string {
  return `${timestamp}.${body}`;
}

/** The signature header's parts, or null when it is not `t=...,v1=...`. */
export function parseWebhookSignature(header: string): { timestamp: number; signature: string } | null {
  const parts = Object.fromEntries(
    header.split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()];
    }),
  );
  const timestamp = Number(parts.t);
  const signature = parts.v1;
  if (!Number.isInteger(timestamp) || typeof signature !== 'string' || !/^[0-9a-f]{64}$/.test(signature)) return null;
  return { timestamp, signature };
}

/**
 * Whether the server may call this webhook address: HTTPS, no credentials in it, and never this
 * machine, a link-local service or a metadata service (the server would be made to call itself);
 * a server that allows loopback (a receiver on the same machine, tests) also calls those, over
 * HTTP too. Private ranges stay allowed: a company's receiver may live on its own network.
 */
export function webhookUrlAllowed(address: string, allowLoopback: boolean): boolean {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return false;
  }
  if (url.username !== '' || url.password !== '') return false;
  const local = isLocalHost(url.hostname);
  if (local) return allowLoopback && (url.protocol === 'https:' || url.protocol === 'http:');
  return url.protocol === 'https:';
}
