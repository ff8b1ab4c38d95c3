import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { PERSON_TICKET_MINUTES } from '@vestibule/shared';
import type { ServerContext } from '../../context.ts';
import { getOrCreateSetting } from '../../db/settings.repo.ts';
import { AppError } from '../../errors.ts';

// A PIN identification's ticket (issue 12): proves to POST /checkin that this person of this
// building identified themselves, for PERSON_TICKET_MINUTES by the entry's time (a kiosk's entry
// reaches the server through its outbox, later when offline). `{personId}.{expiry in seconds}.{HMAC}`
// with a server secret: nothing stored. A pass identifier never holds a dot, so the two proofs
// cannot be mistaken for each other.

const SETTING = 'person_ticket_secret';

async function secretOf(ctx: ServerContext): Promise<string> {
  const row = await ctx.db.selectFrom('app_settings').select('value').where('key', '=', SETTING).executeTakeFirst();
  return row?.value ?? getOrCreateSetting(ctx.db, SETTING, () => randomBytes(32).toString('base64url'));
}

const macOf = (secret: string, personId: string, buildingId: string, expiry: number) =>
  createHmac('sha256', secret).update(`person|${personId}|${buildingId}|${expiry}`).digest('base64url').slice(0, 22);

const TICKET = /^([0-9a-f-]{36})\.(\d{1,12})\.([A-Za-z0-9_-]{22})$/;

export function isPersonTicket(proof: string): boolean {
  return proof.includes('.');
}

/** A ticket for `personId` at `buildingId`, and when it expires. */
export async function issuePersonTicket(
  ctx: ServerContext,
  personId: string,
  buildingId: string,
  now = new Date(),
): Promise<{ ticket: string; expiresAt: Date }> {
  const expiry = Math.floor(now.getTime() / 1000) + PERSON_TICKET_MINUTES * 60;
  const ticket = `${personId}.${expiry}.${macOf(await secretOf(ctx), personId, buildingId, expiry)}`;
  return { ticket, expiresAt: new Date(expiry * 1000) };
}

/**
 * The person a ticket names when it was issued at this building: 404 NOT_FOUND for a forged,
 * altered or another building's ticket; 410 PIN_IDENTIFICATION_EXPIRED when `at` is past its time.
 */
export async function personOfTicket(
  ctx: ServerContext,
  ticket: string,
  buildingId: string,
  at: Date,
): Promise<string> {
  const match = TICKET.exec(ticket);
  if (!match?.[1] || !match[2] || !match[3]) throw new AppError('NOT_FOUND');
  const [, personId, expiryText, mac] = match;
  const expected = Buffer.from(macOf(await secretOf(ctx), personId, buildingId, Number(expiryText)));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw new AppError('NOT_FOUND');
  if (Number(expiryText) * 1000 < at.getTime()) throw new AppError('PIN_IDENTIFICATION_EXPIRED');
  return personId;
}
