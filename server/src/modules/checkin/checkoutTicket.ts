import { CHECKOUT_TICKET_MINUTES } from '@vestibule/shared';
import type { ServerContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { isUuid, signedTicket } from '../../security/signedTicket.ts';

// Self check-out tickets. A kiosk's search by last name or phone digits answers, for each visit
// found, a ticket instead of the visit's public identifier (which opens the visit's pages and
// checks it out from anywhere): the ticket checks out that one visit, from the kiosk that
// searched, within CHECKOUT_TICKET_MINUTES. A signed ticket (security/signedTicket.ts) naming the
// visit, bound to the kiosk: nothing stored.

const checkoutTicket = signedTicket<string>({
  name: 'checkout',
  secretSetting: 'checkout_ticket_secret',
  lifetimeSeconds: CHECKOUT_TICKET_MINUTES * 60,
  fieldsOf: (visitId) => [visitId],
  claimsOf: ([visitId, ...rest]) =>
    visitId !== undefined && isUuid(visitId) && rest.length === 0 ? visitId : undefined,
});

/** A ticket for checking `visitId` out from the kiosk `deviceId`, valid CHECKOUT_TICKET_MINUTES. */
export async function issueTicket(ctx: ServerContext, visitId: string, deviceId: string): Promise<string> {
  const secret = await checkoutTicket.secret(ctx.db);
  return checkoutTicket.sign(secret, visitId, { context: [deviceId] }).ticket;
}

/**
 * The visit a ticket names when it was issued to this kiosk: 404 CHECKOUT_VISIT_NOT_FOUND for a
 * forged, altered or another device's ticket; 410 CHECKOUT_TICKET_EXPIRED once its time is up.
 */
export async function visitOfTicket(ctx: ServerContext, ticket: string, deviceId: string): Promise<string> {
  const verified = checkoutTicket.verify(await checkoutTicket.secret(ctx.db), ticket, { context: [deviceId] });
  if (verified.ok) return verified.claims;
  throw new AppError(verified.refusal === 'expired' ? 'CHECKOUT_TICKET_EXPIRED' : 'CHECKOUT_VISIT_NOT_FOUND');
}
