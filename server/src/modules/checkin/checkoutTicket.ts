import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { CHECKOUT_TICKET_MINUTES } from '@vestibule/shared';
import type { ServerContext } from '../../context.ts';
import { getOrCreateSetting } from '../../db/settings.repo.ts';
import { AppError } from '../../errors.ts';

// Self check-out tickets (issue 9). A kiosk's search by last name or phone digits answers, for
// each visit found, a ticket instead of the visit's public identifier (which opens the visit's
// pages and checks it out from anywhere): the ticket checks out that one visit, from the kiosk
// that searched, within a few minutes. `{visitId}.{expiry in seconds}.{HMAC}`: nothing stored.

const SETTING = 'checkout_ticket_secret';

async function secretOf(ctx: ServerContext): Promise<string> {
  const row = await ctx.db.selectFrom('app_settings').select('value').where('key', '=', SETTING).executeTakeFirst();
  return row?.value ?? getOrCreateSetting(ctx.db, SETTING, () => randomBytes(32).toString('base64url'));
}

const macOf = (secret: string, visitId: string, deviceId: string, expiry: number) =>
  createHmac('sha256', secret).update(`${visitId}|${deviceId}|${expiry}`).digest('base64url').slice(0, 22);

/** A ticket for checking `visitId` out from the kiosk `deviceId`, valid CHECKOUT_TICKET_MINUTES. */
export async function issueTicket(ctx: ServerContext, visitId: string, deviceId: string): Promise<string> {
  const expiry = Math.floor(Date.now() / 1000) + CHECKOUT_TICKET_MINUTES * 60;
  return `${visitId}.${expiry}.${macOf(await secretOf(ctx), visitId, deviceId, expiry)}`;
}

/**
 * The visit a ticket names when it was issued to this kiosk: 404 CHECKOUT_VISIT_NOT_FOUND for a
 * forged, altered or another device's ticket; 410 CHECKOUT_TICKET_EXPIRED once its time is up.
 */
export async function visitOfTicket(ctx: ServerContext, ticket: string, deviceId: string): Promise<string> {
  const match = /^([0-9a-f-]{36})\.(\d{1,12})\.([A-Za-z0-9_-]{22})$/.exec(ticket);
  if (!match?.[1] || !match[2] || !match[3]) throw new AppError('CHECKOUT_VISIT_NOT_FOUND');
  const [, visitId, expiryText, mac] = match;
  const expected = Buffer.from(macOf(await secretOf(ctx), visitId, deviceId, Number(expiryText)));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    throw new AppError('CHECKOUT_VISIT_NOT_FOUND');
  }
  if (Number(expiryText) * 1000 < Date.now()) throw new AppError('CHECKOUT_TICKET_EXPIRED');
  return visitId;
}
