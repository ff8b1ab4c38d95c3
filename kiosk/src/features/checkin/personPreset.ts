import {
  type IdentifiedPerson,
  type KioskPerson,
  dayInZone,
  isOnSite,
  isValidOn,
  isWizardVisitorType,
  wizardTypeOfPerson,
} from '@vestibule/shared';
import { ApiError } from '@vestibule/shared/api';
import type { KnownVisit, VisitPreset } from './checkInSource.ts';
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

/** What a pass, a visit's link or a visit code scanned (or typed) at a kiosk leads to. */
export type PassOutcome =
  | { kind: 'person'; preset: VisitPreset }
  /** A visit to check into (an invitation, a visit checked out that checks in again). */
  | { kind: 'visit'; preset: VisitPreset }
  /** The person or visit is in: they may check out. */
  | { kind: 'alreadyIn' }
  /** A visit of a kind this wizard does not check in. */
  | { kind: 'unsupported' }
  | { kind: 'refused'; code: 'PERSON_DEACTIVATED' | 'PERSON_NOT_VALID' }
  /** Neither the device nor the server knows it. */
  | { kind: 'unknown' }
  /** The device does not know it and the server could not be asked (no network). */
  | { kind: 'unchecked' };

/**
 * Where a known visit leads: "already in" while it is on site, else the wizard prefilled from it
 * (with its stored form and PIN), checking in again when it was checked out.
 */
export function visitOutcome(visit: KnownVisit): PassOutcome {
  if (isOnSite(visit.status)) return { kind: 'alreadyIn' };
  if (!isWizardVisitorType(visit.visitorType)) return { kind: 'unsupported' };
  const checkingBack = visit.checkedInAt !== null && visit.checkedOutAt !== null;
  return { kind: 'visit', preset: { visit, visitorType: visit.visitorType, checkingBack } };
}

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

/** Neither known nor checked: the cached directory's answer, "unchecked" where it knows nothing. */
function offlineOutcome(directory: CachedDirectory, identifier: string, now: Date | undefined): PassOutcome {
  const outcome = lookUpCachedPass(directory, identifier, now);
  return outcome.kind === 'unknown' ? { kind: 'unchecked' } : outcome;
}

/**
 * A code the kiosk's own data does not hold (a pass, a visit's public identifier or its visit
 * code): the server decides when it answers, so an invitation made after the kiosk's last
 * refresh is found at once; with no network (the kiosk offline, or the call failing to reach the
 * server) the cached directory does, and a code it does not know either is "unchecked".
 */
export async function lookUpAtServer(
  qrCodeKey: string,
  identifier: string,
  directory: CachedDirectory,
  options: { online: boolean; channel?: Channel; now?: Date; fetchTarget?: typeof fetchLinkTarget },
): Promise<PassOutcome> {
  if (!options.online) return offlineOutcome(directory, identifier, options.now);
  const fetchTarget = options.fetchTarget ?? fetchLinkTarget;
  try {
    const target = await fetchTarget(qrCodeKey, identifier, options.channel ?? { kiosk: true, mt: null });
    if (target.kind === 'visit') return visitOutcome(target);
    if (target.openVisit) return { kind: 'alreadyIn' };
    return { kind: 'person', preset: identifiedPersonPreset(target.person, { passIdentifier: identifier }) };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status === 0) return offlineOutcome(directory, identifier, options.now);
    if (error.errorCode === 'PERSON_DEACTIVATED' || error.errorCode === 'PERSON_NOT_VALID') {
      return { kind: 'refused', code: error.errorCode };
    }
    if (error.status === 404) return { kind: 'unknown' };
    // Any other refusal (the kiosk's enrolment, the server failing): the cached directory decides.
    return offlineOutcome(directory, identifier, options.now);
  }
}
