import { type KioskPerson, dayInZone, isValidOn } from '@vestibule/shared';
import type { VisitPreset } from './checkInSource.ts';
import type { CachedDirectory } from './personPreset.ts';

// An employee finds their own name in the kiosk's cached directory, where the building allows it
// (docs/check-in.md, "Employees"): the configuration then carries employees' whole names and
// departments. The server checks the person again when the entry syncs.

/** An employee as the search lists them. */
export interface DirectoryEmployee {
  person: KioskPerson & { lastName: string };
  name: string;
  department: string | null;
}

/** Letters typed before names are listed: one letter would list half the building to anyone. */
export const DIRECTORY_MIN_QUERY = 2;
/** The most names a search lists: a longer list is read by nobody, typing more narrows it. */
export const DIRECTORY_MAX_RESULTS = 8;

/** Compared without case or accents ("Éloïse" and "eloise" are the same). */
function folded(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('en');
}

const words = (value: string) =>
  folded(value)
    .split(/[\s'’-]+/u)
    .filter(Boolean);

/**
 * The employees whose first or last name starts with each word typed ("ada", "love", "ada lo"),
 * valid on the building's day, in name order; none under DIRECTORY_MIN_QUERY letters.
 */
export function findEmployees(directory: CachedDirectory, query: string, now: Date = new Date()): DirectoryEmployee[] {
  const typed = words(query);
  if (typed.join('').length < DIRECTORY_MIN_QUERY) return [];
  const day = dayInZone(now, directory.timeZoneId ?? 'UTC');
  const found: DirectoryEmployee[] = [];
  for (const person of directory.people ?? []) {
    const { lastName } = person;
    if (person.visitorType !== 'EMPLOYEE' || lastName === undefined || !isValidOn(person, day)) continue;
    const names = [...words(person.firstName), ...words(lastName)];
    if (!typed.every((word) => names.some((name) => name.startsWith(word)))) continue;
    found.push({
      person: { ...person, lastName },
      name: `${person.firstName} ${lastName}`,
      department: person.department ?? null,
    });
  }
  found.sort((a, b) => a.name.localeCompare(b.name));
  return found.slice(0, DIRECTORY_MAX_RESULTS);
}

/** Whether the kiosk's directory lets employees find their name (the building allows it). */
export function hasDirectorySearch(directory: CachedDirectory): boolean {
  return (directory.people ?? []).some((person) => person.visitorType === 'EMPLOYEE' && person.lastName !== undefined);
}

/** The wizard's start from a name found in the directory: no pass or ticket, the kiosk vouches by the building's rule. */
export function directoryPreset(employee: DirectoryEmployee): VisitPreset {
  const { person } = employee;
  return {
    visit: null,
    visitorType: 'EMPLOYEE',
    checkingBack: false,
    person: {
      personId: person.personId,
      passIdentifier: null,
      personTicket: null,
      firstName: person.firstName,
      checkInForm: { firstName: person.firstName, lastName: person.lastName },
      scheduledDuration: null,
      answersValidUntil: null,
    },
  };
}
