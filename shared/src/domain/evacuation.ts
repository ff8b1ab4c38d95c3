import { type VisitorType, visitorTypes } from './visitorTypes.ts';

// The evacuation list: everyone inside a building, grouped by person type (the roll call over it:
// rollCall.ts). One rule for the server's list, the admin screen and a kiosk's staff screen
// offline (no zod here: the kiosk imports it).

/** One person inside: their open visit (checked in, not checked out). */
export interface EvacuationPerson {
  visitId: string;
  firstName: string | null;
  lastName: string | null;
  companyName: string | null;
  /** The host's name (the directory's employee, else the name typed at check-in). */
  host: string | null;
  /** When they checked in (ISO 8601). */
  checkedInAt: string;
  /** A number to call them on: the visit's, else their directory record's (none on a kiosk). */
  phone: string | null;
  /** The visit has the person's photo, which staff fetch by the visit (a kiosk holds none: false). */
  hasPhoto: boolean;
}

export interface EvacuationGroup {
  visitorType: VisitorType;
  people: EvacuationPerson[];
}

/** A person's name as the list shows it: first and last name, else nothing. */
export function evacuationName(person: Pick<EvacuationPerson, 'firstName' | 'lastName'>): string {
  return [person.firstName, person.lastName]
    .map((part) => part?.trim() ?? '')
    .filter((part) => part !== '')
    .join(' ');
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** By last name, then first name (case and accents aside), then check-in time and visit id. */
export function compareEvacuationPeople(a: EvacuationPerson, b: EvacuationPerson): number {
  return (
    collator.compare(a.lastName ?? '', b.lastName ?? '') ||
    collator.compare(a.firstName ?? '', b.firstName ?? '') ||
    a.checkedInAt.localeCompare(b.checkedInAt) ||
    a.visitId.localeCompare(b.visitId)
  );
}

/**
 * Everyone inside, one group per person type in a fixed order (visitors, contractors, employees,
 * residents; a group may be empty), each sorted by name.
 */
export function groupForEvacuation(people: readonly (EvacuationPerson & { visitorType: string })[]): EvacuationGroup[] {
  return visitorTypes.map((visitorType) => ({
    visitorType,
    people: people
      .filter((person) => person.visitorType === visitorType)
      .map(({ visitorType: _type, ...person }) => person)
      .sort(compareEvacuationPeople),
  }));
}

/** How many people the list holds. */
export function evacuationTotal(groups: readonly EvacuationGroup[]): number {
  return groups.reduce((sum, group) => sum + group.people.length, 0);
}
