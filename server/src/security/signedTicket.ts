import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/database.ts';
import { getOrCreateSetting } from '../db/settings.repo.ts';

// Signed tickets: a short-lived proof the server hands out and takes back later, with nothing
// stored. A ticket is `{fields}.{expiry in seconds}.{HMAC}`: the purpose's visible fields (what it
// proves), its expiry, and an HMAC-SHA256 (base64url) of the purpose's name, those two and the
// context it is bound to (the kiosk it was issued to, the building) with a secret of the purpose
// kept in `app_settings` (made on first use; every instance reads the same row). A ticket of one
// purpose never passes for another's: each has its own secret and its name is in the MAC.
//
// The purposes: a kiosk's self check-out (checkin/checkoutTicket.ts), a PIN identification's proof
// of the person (identification/personTicket.ts) and the live stream's ticket (live/liveTicket.ts).
// It lives in server/src/security, beside no module, because three modules sign tickets and none
// may reach into another's internals; like db/, it is a layer every module may import.

export interface TicketPurpose<Claims> {
  /** Names the purpose in every MAC. */
  name: string;
  /** The `app_settings` row holding the purpose's secret. */
  secretSetting: string;
  /** How long a ticket proves its claims. */
  lifetimeSeconds: number;
  /** The claims as the ticket's visible fields (none holding a dot). */
  fieldsOf(claims: Claims): string[];
  /** The claims read back from the fields; undefined when they are not this purpose's shape. */
  claimsOf(fields: string[]): Claims | undefined;
}

/** What a ticket was issued for beyond its fields, not written in it: it verifies in that context only. */
interface Binding {
  context?: readonly string[];
  /** Milliseconds since the epoch: when it is signed, or the time it is verified at. */
  now?: number;
}

export type VerifiedTicket<Claims> =
  | { ok: true; claims: Claims; expiresAt: Date }
  /** `forged`: not made by this purpose's secret for this context (altered, another's, garbage). */
  | { ok: false; refusal: 'forged' | 'expired' };

/** Longer than any ticket of ours: a longer text is refused before any work. */
const MAX_LENGTH = 512;

/** Sign and verify the tickets of one purpose. */
export function signedTicket<Claims>(purpose: TicketPurpose<Claims>) {
  const macOf = (secret: string, body: string, context: readonly string[]) =>
    createHmac('sha256', secret)
      .update([purpose.name, body, ...context].join('|'))
      .digest('base64url');

  return {
    /** The purpose's secret (read from the database; made on first use). */
    secret(db: Db): Promise<string> {
      return getOrCreateSetting(db, purpose.secretSetting, () => randomBytes(32).toString('base64url'));
    },

    sign(secret: string, claims: Claims, binding: Binding = {}): { ticket: string; expiresAt: Date } {
      const expiry = Math.floor((binding.now ?? Date.now()) / 1000) + purpose.lifetimeSeconds;
      const body = [...purpose.fieldsOf(claims), String(expiry)].join('.');
      return { ticket: `${body}.${macOf(secret, body, binding.context ?? [])}`, expiresAt: new Date(expiry * 1000) };
    },

    /** The claims of a genuine ticket for this context, unless it expired by `now`. */
    verify(secret: string, ticket: string, binding: Binding = {}): VerifiedTicket<Claims> {
      const forged = { ok: false, refusal: 'forged' } as const;
      if (ticket.length > MAX_LENGTH) return forged;
      const fields = ticket.split('.');
      const mac = fields.pop();
      const expiryText = fields.pop();
      if (mac === undefined || expiryText === undefined || !/^\d{1,12}$/.test(expiryText)) return forged;
      const claims = purpose.claimsOf(fields);
      if (claims === undefined) return forged;
      const expected = Buffer.from(macOf(secret, ticket.slice(0, -mac.length - 1), binding.context ?? []));
      const given = Buffer.from(mac);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return forged;
      const expiresAt = new Date(Number(expiryText) * 1000);
      if (expiresAt.getTime() < (binding.now ?? Date.now())) return { ok: false, refusal: 'expired' };
      return { ok: true, claims, expiresAt };
    },
  };
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Whether a ticket's field is an id (a uuid as the database writes it). */
export const isUuid = (text: string): boolean => uuid.test(text);
