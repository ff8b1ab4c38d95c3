import type { KioskPerson } from '@vestibule/shared';
import { describe, expect, it } from 'vitest';
import { DIRECTORY_MAX_RESULTS, directoryPreset, findEmployees, hasDirectorySearch } from './employeeDirectory.ts';

let next = 0;
function person(firstName: string, lastName: string | undefined, values: Partial<KioskPerson> = {}): KioskPerson {
  next++;
  return {
    personId: `0190f0a0-0000-7000-8000-${String(next).padStart(12, '0')}`,
    passIdentifier: `pass-${next}`,
    firstName,
    lastInitial: (lastName ?? 'X').slice(0, 1),
    visitorType: 'EMPLOYEE',
    validFrom: null,
    validTo: null,
    ...(lastName === undefined ? {} : { lastName, department: 'Engineering' }),
    ...values,
  };
}

const directory = {
  timeZoneId: 'Europe/Paris',
  people: [
    person('Ada', 'Lovelace'),
    person('Éloïse', 'Durand-Léger', { department: null }),
    person('Adam', 'Smith', { validTo: '2026-11-24' }),
    person('Adèle', 'Contractor', { visitorType: 'CONTRACTOR' }),
    person('Adrian', "O'Neil"),
  ],
};
const on25th = new Date('2026-11-25T10:00:00Z');
const names = (query: string) => findEmployees(directory, query, on25th).map((found) => found.name);

describe("an employee's name in the kiosk's directory", () => {
  it('is found from the first letters of the first or last name, any word of it, without case or accents', () => {
    expect(names('ad')).toEqual(['Ada Lovelace', "Adrian O'Neil"]);
    expect(names('love')).toEqual(['Ada Lovelace']);
    expect(names('ELOISE')).toEqual(['Éloïse Durand-Léger']);
    expect(names('leger')).toEqual(['Éloïse Durand-Léger']);
    expect(names('neil')).toEqual(["Adrian O'Neil"]);
    expect(names('ada lo')).toEqual(['Ada Lovelace']);
    expect(names('ada sm')).toEqual([]);
  });

  it('lists nobody under two letters, nor anyone not an employee, not valid today, or without a whole name', () => {
    expect(names('a')).toEqual([]);
    expect(names('adam')).toEqual([]);
    expect(names('adele')).toEqual([]);
    const initialsOnly = { people: [person('Ada', undefined)] };
    expect(findEmployees(initialsOnly, 'ada', on25th)).toEqual([]);
    expect(hasDirectorySearch(initialsOnly)).toBe(false);
    expect(hasDirectorySearch(directory)).toBe(true);
    expect(hasDirectorySearch({})).toBe(false);
  });

  it('lists a few names at most, with their department', () => {
    const many = { people: Array.from({ length: 20 }, (_, i) => person('Sam', `Lee${String(i).padStart(2, '0')}`)) };
    const found = findEmployees(many, 'sam', on25th);
    expect(found).toHaveLength(DIRECTORY_MAX_RESULTS);
    expect(found[0]).toMatchObject({ name: 'Sam Lee00', department: 'Engineering' });
  });

  it('starts the wizard from the person, with their whole name and no pass or ticket', () => {
    const [ada] = findEmployees(directory, 'ada lo', on25th);
    expect(directoryPreset(ada!)).toEqual({
      visit: null,
      visitorType: 'EMPLOYEE',
      checkingBack: false,
      person: {
        personId: ada!.person.personId,
        passIdentifier: null,
        personTicket: null,
        firstName: 'Ada',
        checkInForm: { firstName: 'Ada', lastName: 'Lovelace' },
        scheduledDuration: null,
        answersValidUntil: null,
      },
    });
  });
});
