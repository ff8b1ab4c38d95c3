// Identification at the door: a person of the directory recognised by their pass (scanned, or
// their personal link) or by a PIN identification's ticket, checked for the day of the entry in
// the building's time zone, and the wizard's prefill made from their record. A pass or a person
// of another building or company is unknown here, never told apart from a wrong identifier.
import { createHash, timingSafeEqual } from 'node:crypto';
import {
  type AnsweredQuestionnaire,
  type CachedPass,
  type CheckInForm,
  type IdentifiedPerson,
  type WizardVisitorType,
  dayInZone,
  durationToMinutes,
  enabledFields,
  fieldError,
  isValidOn,
  minutesToDuration,
  wizardTypeOfPerson,
} from '@vestibule/shared';
import type { ServerContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { KeyedBuilding } from '../buildings/buildingOfLink.repo.ts';
import { settingsOf } from '../buildings/buildingSettings.ts';
import { openVisitOfPerson } from '../visits/openVisits.repo.ts';
import { toVisitSummary } from '../visits/visit.dto.ts';
import { latestAnswersOfPerson } from '../visits/visits.repo.ts';
import { type IdentifiedPersonRow, findPersonAtBuilding, findPersonByPass } from './identifiedPerson.repo.ts';
import { isPersonTicket, personOfTicket } from './personTicket.ts';

export type { IdentifiedPersonRow } from './identifiedPerson.repo.ts';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compares a secret in constant time whatever the lengths (a missing one compares too, and fails). */
export function sameSecret(expected: string | null, given: string): boolean {
  const equal = timingSafeEqual(digest(expected ?? given), digest(given));
  return expected !== null && equal;
}

/** The building's calendar day at `at` (its time zone): the day a validity is read on. */
export function buildingDay(building: KeyedBuilding, at: Date): string {
  return dayInZone(at, settingsOf(building).timeZoneId);
}

/** A person may pass the door on `day`: not deactivated, within their validity. */
export function checkPersonAllowed(row: IdentifiedPersonRow, day: string): void {
  if (row.deactivated) throw new AppError('PERSON_DEACTIVATED');
  if (!isValidOn({ validFrom: row.valid_from, validTo: row.valid_to }, day)) throw new AppError('PERSON_NOT_VALID');
}

/** The record's values by the check-in form's keys. */
function recordValues(row: IdentifiedPersonRow): Record<string, string> {
  const values: Record<string, string | null> = {
    firstName: row.first_name,
    lastName: row.last_name,
    fullName: `${row.first_name} ${row.last_name}`,
    email: row.email,
    phone: row.phone,
    companyName: row.company_name,
    contractorCompanyName: row.company_name,
  };
  return Object.fromEntries(
    Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== null && entry[1] !== ''),
  );
}

/** The names a linked visit takes from the record whatever was typed: the visit is this person's. */
const identityFields = new Set(['firstName', 'lastName', 'fullName']);

/**
 * The wizard's form with the person's record: names from the record, the other fields it knows
 * where the person left them blank (a kiosk offline knows a first name and an initial only).
 * A record value the field cannot hold (too long for it) is left out.
 */
export function withPersonRecord(
  form: CheckInForm,
  submitted: Record<string, string | boolean>,
  row: IdentifiedPersonRow,
): Record<string, string | boolean> {
  const record = recordValues(row);
  const filled = { ...submitted };
  for (const [key, field] of enabledFields(form)) {
    const value = record[key];
    if (value === undefined || fieldError(key, field, value) !== null) continue;
    const typed = submitted[key];
    if (identityFields.has(key) || typeof typed !== 'string' || typed.trim() === '') filled[key] = value;
  }
  return filled;
}

/** The person's default visit duration as a visit's (ISO 8601), else null. */
export function durationOf(row: IdentifiedPersonRow): string | null {
  return row.default_duration === null ? null : minutesToDuration(row.default_duration);
}

/**
 * Until when answers given at `answeredAt` hold for this person at `at`: an employee's, for the
 * building's questionnaires validity timeout (as checking back in); null once past, or for others.
 */
function answersValidUntil(
  row: IdentifiedPersonRow,
  building: KeyedBuilding,
  answeredAt: Date | string | null | undefined,
  at: Date,
): Date | null {
  if (row.visitor_type !== 'EMPLOYEE' || !answeredAt) return null;
  const minutes = durationToMinutes(settingsOf(building).questionnairesValidityTimeout) ?? 0;
  const until = new Date(new Date(answeredAt).getTime() + minutes * 60_000);
  return until.getTime() >= at.getTime() ? until : null;
}

/** What the wizard starts from: the record, never its PIN, pass or external id. */
export function identifiedPersonOf(row: IdentifiedPersonRow, validUntil: Date | null): IdentifiedPerson {
  return {
    personId: row.id,
    visitorType: row.visitor_type,
    wizardVisitorType: wizardTypeOfPerson(row.visitor_type),
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    companyName: row.company_name,
    checkInForm: recordValues(row),
    scheduledDuration: durationOf(row),
    answersValidUntil: validUntil?.toISOString() ?? null,
  };
}

/** The person's prefill with how long their latest answers at the building still hold. */
export async function identifiedPerson(
  ctx: ServerContext,
  building: KeyedBuilding,
  row: IdentifiedPersonRow,
  now: Date,
): Promise<IdentifiedPerson> {
  const latest = await latestAnswersOfPerson(ctx.db, building.id, row.id);
  return identifiedPersonOf(row, answersValidUntil(row, building, latest?.questionnaires_answered_at, now));
}

/**
 * GET /checkin/{key}/{identifier} with a person's current pass of this building: their prefill
 * and their open visit; undefined when no person of the building holds this pass; refused when
 * the person is deactivated or outside their validity today (the building's day).
 */
export async function identifyByPass(
  ctx: ServerContext,
  building: KeyedBuilding,
  identifier: string,
  now: Date,
): Promise<CachedPass | undefined> {
  const row = await findPersonByPass(ctx.db, building, identifier);
  if (!row) return undefined;
  checkPersonAllowed(row, buildingDay(building, now));
  const [person, open] = await Promise.all([
    identifiedPerson(ctx, building, row, now),
    openVisitOfPerson(ctx.db, building.id, row.id),
  ]);
  return {
    kind: 'person',
    person,
    openVisit: open ? toVisitSummary(open, settingsOf(building).timeZoneId, now) : null,
  };
}

/** Whether a proof (a pass identifier or a PIN identification's ticket) names an active person of the building now. */
export async function provesPerson(ctx: ServerContext, building: KeyedBuilding, proof: string): Promise<boolean> {
  try {
    const now = new Date();
    const row = isPersonTicket(proof)
      ? await findPersonAtBuilding(ctx.db, building, await personOfTicket(ctx, proof, building.id, now))
      : await findPersonByPass(ctx.db, building, proof);
    if (!row) return false;
    checkPersonAllowed(row, buildingDay(building, now));
    return true;
  } catch (error) {
    if (error instanceof AppError) return false;
    throw error;
  }
}

interface PersonClaim {
  personId: string;
  passIdentifier: string | null;
  personTicket: string | null;
  visitorType: WizardVisitorType;
  /** Staff at the desk vouch for the person: no pass or ticket needed. */
  trusted?: boolean;
}

/**
 * The person a check-in names, checked again at the entry's time `at`: proven by their current
 * pass or a ticket of this building (404 NOT_FOUND without a proof, for a forged one or a person
 * of another building or company; 410 PERSON_PASS_REVOKED for a replaced pass, 410
 * PIN_IDENTIFICATION_EXPIRED for a ticket past its time), not deactivated, valid that day, and
 * checking in with their own person type.
 */
export async function verifiedPerson(
  ctx: ServerContext,
  building: KeyedBuilding,
  claim: PersonClaim,
  at: Date,
): Promise<IdentifiedPersonRow> {
  if (!claim.trusted && claim.personTicket === null && claim.passIdentifier === null) throw new AppError('NOT_FOUND');
  if (claim.personTicket !== null) {
    const named = await personOfTicket(ctx, claim.personTicket, building.id, at);
    if (named !== claim.personId) throw new AppError('NOT_FOUND');
  }
  const row = await findPersonAtBuilding(ctx.db, building, claim.personId);
  if (!row) throw new AppError('NOT_FOUND');
  if (claim.passIdentifier !== null && !sameSecret(row.pass_identifier, claim.passIdentifier))
    throw new AppError('PERSON_PASS_REVOKED');
  checkPersonAllowed(row, buildingDay(building, at));
  if (wizardTypeOfPerson(row.visitor_type) !== claim.visitorType)
    throw new AppError('VALIDATION_FAILED', { field: 'visitorType' });
  return row;
}

/**
 * An employee's answers from their latest entry at the building, for a new check-in that gives
 * none: while they hold (the building's validity timeout, by the entry's time), else 422
 * CHECK_IN_EMPLOYEE_QUESTIONNAIRES_NO_LONGER_VALID. Undefined when there are none to reuse.
 */
export async function earlierAnswers(
  ctx: ServerContext,
  building: KeyedBuilding,
  row: IdentifiedPersonRow,
  at: Date,
): Promise<{ answers: AnsweredQuestionnaire[]; answeredAt: Date } | undefined> {
  if (row.visitor_type !== 'EMPLOYEE') return undefined;
  const latest = await latestAnswersOfPerson(ctx.db, building.id, row.id);
  if (!latest?.questionnaires_answered_at) return undefined;
  if (!answersValidUntil(row, building, latest.questionnaires_answered_at, at))
    throw new AppError('CHECK_IN_EMPLOYEE_QUESTIONNAIRES_NO_LONGER_VALID');
  return { answers: latest.questionnaires_answers, answeredAt: new Date(latest.questionnaires_answered_at) };
}
