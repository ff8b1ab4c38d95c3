import {
  type IdentifiedPerson,
  type KioskPerson,
  type VisitSummary,
  dayInZone,
  isValidOn,
  wizardTypeOfPerson,
} from '@vestibule/shared';
import { ApiError } from '@vestibule/shared/api';
import type { VisitPreset } from './checkInSource.ts';
import { type Channel, fetchLinkTarget } from './checkin.api.ts';

// A person of the directory at the door (docs/check-in.md, "Identification"): the wizard's start from their record (online)
// or from the kiosk's cached directory (offline), with the proof their check-in carries.

/** The wizard's start from the server's prefill (a pass at the link, a PIN identification). */
export function identifiedPersonPreset(
  person: IdentifiedPerson,
  proof: { passIdentifier?: string | null; personTicket?: string | null },
): VisitPreset {
  return {
    visit: null,
    visitorType: person.wizardVisitorType,
    checkingBack: false,
    person: {
      personId: person.personId,
      passIdentifier: proof.passIdentifier ?? null,
      personTicket: proof.personTicket ?? null,
      firstName: person.firstName,
      checkInForm: person.checkInForm,
      scheduledDuration: person.scheduledDuration,
      answersValidUntil: person.answersValidUntil,
    },
  };
}

/**
 * The wizard's start from the kiosk's cached directory: it knows a first name and the last name's
 * initial (the server writes the record's names at sync), and nothing of earlier answers.
 */
export function cachedPersonPreset(person: KioskPerson): VisitPreset {
  return {
    visit: null,
    visitorType: wizardTypeOfPerson(person.visitorType),
    checkingBack: false,
    person: {
      personId: person.personId,
      passIdentifier: person.passIdentifier,
      personTicket: null,
      firstName: person.firstName,
      checkInForm: { firstName: person.firstName, lastName: person.lastInitial },
      scheduledDuration: null,
      answersValidUntil: null,
    },
  };
}

/** What a pass (or a visit's link) scanned at a kiosk leads to. */
export type PassOutcome =
  | { kind: 'person'; preset: VisitPreset }
  /** The person is in: they may check out. */
  | { kind: 'alreadyIn'; visit: VisitSummary }
  /** Not a pass: a visit's link, for the visit page. */
  | { kind: 'visit' }
  | { kind: 'refused'; code: 'PERSON_DEACTIVATED' | 'PERSON_NOT_VALID' }
  | { kind: 'unknown' };

/** The kiosk's offline directory and the building's day: what recognises a pass with no network. */
export interface CachedDirectory {
  people?: readonly KioskPerson[];
  timeZoneId?: string;
}

/** A pass in the cached directory: valid on the building's day (its time zone), else refused. */
export function lookUpCachedPass(directory: CachedDirectory, identifier: string, now: Date = new Date()): PassOutcome {
  const person = directory.people?.find((candidate) => candidate.passIdentifier === identifier);
  if (!person) return { kind: 'unknown' };
  const day = dayInZone(now, directory.timeZoneId ?? 'UTC');
  if (!isValidOn(person, day)) return { kind: 'refused', code: 'PERSON_NOT_VALID' };
  return { kind: 'person', preset: cachedPersonPreset(person) };
}

/**
 * A pass scanned at a kiosk: the server decides when it answers; with no network (the kiosk
 * offline, or the call failing to reach the server) the cached directory does.
 */
export async function lookUpPass(
  qrCodeKey: string,
  identifier: string,
  directory: CachedDirectory,
  options: { online: boolean; channel?: Channel; now?: Date; fetchTarget?: typeof fetchLinkTarget },
): Promise<PassOutcome> {
  if (!options.online) return lookUpCachedPass(directory, identifier, options.now);
  const fetchTarget = options.fetchTarget ?? fetchLinkTarget;
  try {
    const target = await fetchTarget(qrCodeKey, identifier, options.channel ?? { kiosk: true, mt: null });
    if (target.kind === 'visit') return { kind: 'visit' };
    if (target.openVisit) return { kind: 'alreadyIn', visit: target.openVisit };
    return { kind: 'person', preset: identifiedPersonPreset(target.person, { passIdentifier: identifier }) };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status === 0) return lookUpCachedPass(directory, identifier, options.now);
    if (error.errorCode === 'PERSON_DEACTIVATED' || error.errorCode === 'PERSON_NOT_VALID') {
      return { kind: 'refused', code: error.errorCode };
    }
    if (error.status === 404) return { kind: 'unknown' };
    // Any other refusal (the kiosk's enrolment, the server failing): the cached directory decides.
    return lookUpCachedPass(directory, identifier, options.now);
  }
}
