// PIN identification at the door (/pinIdentification/{key}): the building PIN (an enrolled
// kiosk's credential stands for it), then the person's own credentials by the building's method. The answer prefills the check-in wizard and
// carries a ticket that proves the person to POST /checkin for a few minutes.
//
// What a caller learns is kept small (docs/check-in.md, "By PIN"): a wrong building PIN
// (PIN_IDENTIFICATION_INVALID_PIN_BUILDING), else bad credentials (PIN_IDENTIFICATION_BAD_CREDENTIALS)
// whether the person is unknown, has no PIN or typed a wrong one. Every candidate's hash is
// checked, a missing person's against a dummy hash, so the time does not say whether one exists.
// Failures are counted per person, per credential typed and per client address; past the limit
// every try answers 429 PIN_IDENTIFICATION_MAXIMUM_ATTEMPTS_EXCEEDED, the right PIN included.
import type { BuildingSettings, PinIdentificationResult, pinIdentificationRequestSchema } from '@vestibule/shared';
import type { z } from 'zod';
import type { ServerContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { DUMMY_PASSWORD_HASH, verifyPassword } from '../auth/password.ts';
import { findBuildingByKey } from '../buildings/buildingOfLink.repo.ts';
import { settingsOf } from '../buildings/buildingSettings.ts';
import { enrolledKioskOfBuilding } from '../kiosks/kiosks.service.ts';
import { openVisitOfPerson, personIsIn } from '../visits/openVisits.repo.ts';
import { buildingDay, checkPersonAllowed, identifiedPerson, sameSecret } from './identifiedPerson.ts';
import { issuePersonTicket } from './personTicket.ts';
import { type PersonCredential, failuresOf, peopleByCredential, recordFailures } from './identification.repo.ts';

type IdentificationBody = z.output<typeof pinIdentificationRequestSchema>;

/** Failed identifications allowed per person (and per credential typed) in the window. */
export const PERSON_MAX_FAILURES = 5;
/** Failed identifications allowed per client address in the window (a lobby's phones may share one). */
export const ADDRESS_MAX_FAILURES = 20;
const FAILURE_WINDOW_MINUTES = 15;
/** Namesakes checked at most for one last name (each costs a hash). */
const MAX_CANDIDATES = 10;

async function buildingOf(ctx: ServerContext, qrCodeKey: string) {
  const building = await findBuildingByKey(ctx.db, qrCodeKey);
  if (!building) throw new AppError('NOT_FOUND');
  return building;
}

/** What the page asks: the building and its identification method. */
export async function pinIdentificationPage(ctx: ServerContext, qrCodeKey: string) {
  const building = await buildingOf(ctx, qrCodeKey);
  const settings = settingsOf(building);
  return {
    qrCodeKey,
    building: {
      id: building.id,
      name: building.name,
      logoVersion: building.check_in_logo_version,
      defaultLocale: settings.defaultLocale,
    },
    method: settings.pinIdentificationMethodType,
  };
}

/** The credential that names the person, by the building's method (MISSING when none is given). */
function credentialOf(
  method: BuildingSettings['pinIdentificationMethodType'],
  body: IdentificationBody,
): PersonCredential {
  if (method === 'PERSONAL_PIN_AND_LASTNAME') {
    if (!body.lastName) throw new AppError('MISSING', { field: 'lastName' });
    return { kind: 'lastName', value: body.lastName };
  }
  if (body.email) return { kind: 'email', value: body.email };
  if (body.externalId) return { kind: 'externalId', value: body.externalId };
  if (body.lastName) return { kind: 'lastName', value: body.lastName };
  throw new AppError('MISSING', { field: 'email' });
}

const addressKey = (clientIp: string) => `pinid|ip|${clientIp.replace(/^::ffff:/, '')}`;
const personKey = (personId: string) => `pinid|person|${personId}`;
const credentialKey = (buildingId: string, credential: PersonCredential) =>
  `pinid|${buildingId}|${credential.kind}|${credential.kind === 'externalId' ? credential.value : credential.value.toLowerCase()}`;

/** Who asks: the client's address, and the kiosk credential an enrolled kiosk sends. */
export interface IdentificationCaller {
  clientIp: string;
  credential?: unknown;
}

export async function identifyByPin(
  ctx: ServerContext,
  qrCodeKey: string,
  body: IdentificationBody,
  caller: IdentificationCaller,
): Promise<PinIdentificationResult> {
  const { clientIp } = caller;
  const building = await buildingOf(ctx, qrCodeKey);
  const method = settingsOf(building).pinIdentificationMethodType;
  const address = addressKey(clientIp);
  const fail = async (
    keys: string[],
    code: 'PIN_IDENTIFICATION_INVALID_PIN_BUILDING' | 'PIN_IDENTIFICATION_BAD_CREDENTIALS',
  ) => {
    await recordFailures(ctx.db, keys, FAILURE_WINDOW_MINUTES);
    return new AppError(code);
  };
  if ((await failuresOf(ctx.db, [address])) >= ADDRESS_MAX_FAILURES)
    throw new AppError('PIN_IDENTIFICATION_MAXIMUM_ATTEMPTS_EXCEEDED');
  if (body.buildingPin === undefined) {
    // An enrolled kiosk of the building stands for the building PIN: it is the building's own
    // device (its credential is checked as for any kiosk call). Anyone else types the PIN.
    await enrolledKioskOfBuilding(ctx, building, caller);
  } else if (!sameSecret(building.pin_code || null, body.buildingPin)) {
    // A building without a PIN has no PIN identification by PIN: every PIN is wrong.
    throw await fail([address], 'PIN_IDENTIFICATION_INVALID_PIN_BUILDING');
  }
  if (method === 'PIN_BUILDING_ONLY') return { method, person: null, ticket: null, ticketExpiresAt: null };

  const credential = credentialOf(method, body);
  if (!body.personalPin) throw new AppError('MISSING', { field: 'personalPin' });
  const candidates = await peopleByCredential(ctx.db, building, credential, MAX_CANDIDATES);
  const keys = [credentialKey(building.id, credential), ...candidates.map((candidate) => personKey(candidate.id))];
  if ((await failuresOf(ctx.db, keys)) >= PERSON_MAX_FAILURES)
    throw new AppError('PIN_IDENTIFICATION_MAXIMUM_ATTEMPTS_EXCEEDED');
  // Every candidate's hash, one after the other (never stopping at the first match), or the dummy.
  const hashes = candidates.length > 0 ? candidates.map((candidate) => candidate.pin_hash) : [DUMMY_PASSWORD_HASH];
  const matches: boolean[] = [];
  for (const hash of hashes) matches.push(await verifyPassword(body.personalPin, hash ?? DUMMY_PASSWORD_HASH));
  const found = candidates.filter((_, index) => matches[index]);
  if (found.length === 0) throw await fail([address, ...keys], 'PIN_IDENTIFICATION_BAD_CREDENTIALS');
  // Two namesakes with the same PIN cannot be told apart: the reception helps.
  if (found.length > 1) throw new AppError('PIN_IDENTIFICATION_GENERAL_ERROR');
  const [person] = found as [(typeof found)[number]];

  const now = new Date();
  checkPersonAllowed(person, buildingDay(building, now));
  const samePerson = {
    personId: person.id,
    email: person.email,
    firstName: person.first_name,
    lastName: person.last_name,
  };
  if (await personIsIn(ctx.db, building.id, samePerson)) {
    // The person proved who they are: they are told the way to their own visit's check-out.
    const open = await openVisitOfPerson(ctx.db, building.id, person.id);
    throw new AppError(
      'PIN_IDENTIFICATION_ALREADY_REGISTERED',
      open ? { publicIdentifier: open.public_identifier } : undefined,
    );
  }
  const [prefill, { ticket, expiresAt }] = await Promise.all([
    identifiedPerson(ctx, building, person, now),
    issuePersonTicket(ctx, person.id, building.id, now),
  ]);
  return { method, person: prefill, ticket, ticketExpiresAt: expiresAt.toISOString() };
}
