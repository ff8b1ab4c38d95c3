// Identification at the door, apart from its schemas: the kiosk checks a cached pass offline
// with these rules, the server online with the same ones.
import type { VisitorType, WizardVisitorType } from './visitorTypes.ts';

/** How long a PIN identification's ticket proves the person to a check-in (by the entry's time). */
export const PERSON_TICKET_MINUTES = 15;

/** The wizard's person type of a person of the directory: a resident checks in with the visitors' form. */
export function wizardTypeOfPerson(type: VisitorType): WizardVisitorType {
  return type === 'RESIDENT' ? 'VISITOR' : type;
}

/**
 * Whether a person's validity holds on a day (yyyy-MM-dd, the building's calendar day: see
 * `dayInZone`). Both ends are included; a missing end is open.
 */
export function isValidOn(person: { validFrom: string | null; validTo: string | null }, day: string): boolean {
  return (person.validFrom === null || person.validFrom <= day) && (person.validTo === null || day <= person.validTo);
}
