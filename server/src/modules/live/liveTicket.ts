import { LIVE_TICKET_SECONDS } from '@vestibule/shared/contract';
import type { Db } from '../../db/database.ts';
import { isUuid, signedTicket } from '../../security/signedTicket.ts';

// The ticket that opens a live stream (GET /live/visits): a browser's EventSource cannot send the
// bearer header, so an authenticated POST /live/ticket answers this instead, and the stream takes
// it in its query. A signed ticket (security/signedTicket.ts):
// `v1.{session}.{tenant}.{building or -}.{expiry in seconds}.{HMAC}` with a server secret kept in
// app_settings (every instance agrees), nothing stored:
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

const liveTicket = signedTicket<Omit<TicketClaims, 'expiry'>>({
  name: 'live',
  secretSetting: 'live_ticket_secret',
  lifetimeSeconds: LIVE_TICKET_SECONDS,
  fieldsOf: (claims) => ['v1', claims.sessionId, claims.tenantId, claims.buildingId ?? '-'],
  claimsOf: ([version, sessionId, tenantId, building, ...rest]) =>
    version === 'v1' &&
    sessionId !== undefined &&
    isUuid(sessionId) &&
    tenantId !== undefined &&
    isUuid(tenantId) &&
    building !== undefined &&
    (building === '-' || isUuid(building)) &&
    rest.length === 0
      ? { sessionId, tenantId, buildingId: building === '-' ? null : building }
      : undefined,
});

/** The tickets' secret in the database (made on first use). */
export function liveTicketSecret(db: Db): Promise<string> {
  return liveTicket.secret(db);
}

export function signTicket(
  secret: string,
  claims: Omit<TicketClaims, 'expiry'>,
  now = Date.now(),
): { ticket: string; expiresAt: Date } {
  return liveTicket.sign(secret, claims, { now });
}

/** The claims of a genuine, unexpired ticket; undefined for anything else. */
export function verifyTicket(secret: string, ticket: string, now = Date.now()): TicketClaims | undefined {
  const verified = liveTicket.verify(secret, ticket, { now });
  return verified.ok ? { ...verified.claims, expiry: verified.expiresAt.getTime() / 1000 } : undefined;
}

/** A URL as the request log writes it: a live ticket in its query replaced. */
export function withoutTicket(url: string): string {
  return url.replace(/([?&]ticket=)[^&#]*/g, '$1[hidden]');
}
