import { createHmac, timingSafeEqual } from 'node:crypto';
import { LIVE_TICKET_SECONDS } from '@vestibule/shared/contract';

// The ticket that opens a live stream (GET /live/visits): a browser's EventSource cannot send the
// bearer header, so an authenticated POST /live/ticket answers this instead, and the stream takes
// it in its query. `v1.{session}.{tenant}.{building or -}.{expiry in seconds}.{HMAC}` with a server
// secret kept in app_settings (every instance agrees), nothing stored:
// - one purpose: it is not a JWT and the auth hook never takes it; it opens a stream and nothing else;
// - short-lived (LIVE_TICKET_SECONDS): the client asks for a new one each time it opens a stream;
// - bound to its session (read again when the stream opens, and every half minute while it is
//   open: a signed-out or expired session ends the stream), company and building;
// - never logged: the server's request log writes the URL with the ticket replaced (app.ts).
// Not single-use: that would need a write per stream shared by every instance, and a ticket that
// leaked within its minute opens only what its own session may already read, while that session lasts.

export interface TicketClaims {
  sessionId: string;
  tenantId: string;
  buildingId: string | null;
  /** Seconds since the epoch. */
  expiry: number;
}

const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const TICKET = new RegExp(`^v1\\.(${uuid})\\.(${uuid})\\.(${uuid}|-)\\.(\\d{1,12})\\.([A-Za-z0-9_-]{43})$`);

function macOf(secret: string, body: string): string {
  return createHmac('sha256', secret).update(`live|${body}`).digest('base64url');
}

export function signTicket(
  secret: string,
  claims: Omit<TicketClaims, 'expiry'>,
  now = Date.now(),
): { ticket: string; expiresAt: Date } {
  const expiry = Math.floor(now / 1000) + LIVE_TICKET_SECONDS;
  const body = `v1.${claims.sessionId}.${claims.tenantId}.${claims.buildingId ?? '-'}.${expiry}`;
  return { ticket: `${body}.${macOf(secret, body)}`, expiresAt: new Date(expiry * 1000) };
}

/** The claims of a genuine, unexpired ticket; undefined for anything else. */
export function verifyTicket(secret: string, ticket: string, now = Date.now()): TicketClaims | undefined {
  const match = TICKET.exec(ticket);
  if (!match) return undefined;
  const [, sessionId = '', tenantId = '', building = '', expiryText = '', mac = ''] = match;
  const body = ticket.slice(0, ticket.length - mac.length - 1);
  const expected = Buffer.from(macOf(secret, body));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  const expiry = Number(expiryText);
  if (expiry * 1000 < now) return undefined;
  return { sessionId, tenantId, buildingId: building === '-' ? null : building, expiry };
}

/** A URL as the request log writes it: a live ticket in its query replaced. */
export function withoutTicket(url: string): string {
  return url.replace(/([?&]ticket=)[^&#]*/g, '$1[hidden]');
}
