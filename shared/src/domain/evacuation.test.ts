import { describe, expect, it } from 'vitest';
import { evacuationName, evacuationTotal, groupForEvacuation } from './evacuation.ts';

const person = (visitId: string, visitorType: string, firstName: string | null, lastName: string | null, at = 1) => ({
  visitId,
  visitorType,
  firstName,
  lastName,
  companyName: null,
  host: null,
  phone: null,
  hasPhoto: false,
  checkedInAt: new Date(Date.UTC(2026, 10, 25, 9, at)).toISOString(),
});

describe('the evacuation list', () => {
  it('groups by person type in a fixed order, every group present, each by last then first name', () => {
    const groups = groupForEvacuation([
      person('1', 'EMPLOYEE', 'Émile', 'zola'),
      person('2', 'VISITOR', 'Bob', 'Young'),
      person('3', 'VISITOR', 'ann', 'young'),
      person('4', 'VISITOR', 'Al', 'Étienne'),
      person('5', 'EMPLOYEE', 'Ada', 'Zola', 0),
      person('6', 'VISITOR', null, null),
    ]);
    expect(groups.map((group) => [group.visitorType, group.people.map((p) => p.visitId)])).toEqual([
      ['VISITOR', ['6', '4', '3', '2']],
      ['CONTRACTOR', []],
      ['EMPLOYEE', ['5', '1']],
      ['RESIDENT', []],
    ]);
    // The type is the group's, not repeated on each person.
    expect(groups[0]!.people[0]).not.toHaveProperty('visitorType');
    expect(evacuationTotal(groups)).toBe(6);
  });

  it('leaves out a person of a type it does not know rather than failing', () => {
    expect(evacuationTotal(groupForEvacuation([person('1', 'ROBOT', 'R2', 'D2')]))).toBe(0);
  });

  it('names a person by their first and last names, trimmed, else not at all', () => {
    expect(evacuationName({ firstName: ' Ada ', lastName: 'Lovelace' })).toBe('Ada Lovelace');
    expect(evacuationName({ firstName: null, lastName: 'Lovelace' })).toBe('Lovelace');
    expect(evacuationName({ firstName: '  ', lastName: null })).toBe('');
  });
});
