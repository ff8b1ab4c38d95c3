import { PERSON_TICKET_MINUTES } from '@vestibule/shared';
import type { ServerContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { isUuid, signedTicket } from '../../security/signedTicket.ts';

// A PIN identification's ticket: proves to POST /checkin that this person of this building
// identified themselves, for PERSON_TICKET_MINUTES by the entry's time (a kiosk's entry reaches
// the server through its outbox, later when offline). A signed ticket (security/signedTicket.ts)
// naming the person, bound to the building: nothing stored. A pass identifier never holds a dot,
// so the two proofs cannot be mistaken for each other.

const personTicket = signedTicket<string>({
  name: 'person',
  secretSetting: 'person_ticket_secret',
  lifetimeSeconds: PERSON_TICKET_MINUTES * 60,
  fieldsOf: (personId) => [personId],
  claimsOf: ([personId, ...rest]) =>
    personId !== undefined && isUuid(personId) && rest.length === 0 ? personId : undefined,
});

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
  const secret = await personTicket.secret(ctx.db);
  return personTicket.sign(secret, personId, { context: [buildingId], now: now.getTime() });
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
  const secret = await personTicket.secret(ctx.db);
  const verified = personTicket.verify(secret, ticket, { context: [buildingId], now: at.getTime() });
  if (verified.ok) return verified.claims;
  throw new AppError(verified.refusal === 'expired' ? 'PIN_IDENTIFICATION_EXPIRED' : 'NOT_FOUND');
}
