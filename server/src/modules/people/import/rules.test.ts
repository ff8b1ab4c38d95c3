// The rules of a people file, each at its edge value.
import { describe, expect, it } from 'vitest';
import type { PeopleUploadFields } from '@vestibule/shared';
import {
  type CompanyLookups,
  type ExistingPerson,
  PEOPLE_UPLOAD_MAX_ISSUES,
  checkFile,
  isEmail,
  isPhoneLike,
  missingColumns,
  parseDay,
  parseDuration,
  parseVisitorType,
} from './rules.ts';

const HQ = '0192a0b0-0000-7000-8000-0000000000a1';
const ANNEX = '0192a0b0-0000-7000-8000-0000000000a2';

/** A company with two buildings (HQ's "Building Id" is B-1) and two people with external ids. */
function company(people: Record<string, ExistingPerson> = {}): CompanyLookups {
  const external: Record<string, string> = { 'B-1': HQ };
  return {
    building: (reference) =>
      external[reference] ?? ([HQ, ANNEX].includes(reference.toLowerCase()) ? reference.toLowerCase() : undefined),
    person: (externalId) => people[externalId],
  };
}

const order = [
  'firstName',
  'lastName',
  'buildingId',
  'visitorType',
  'email',
  'phone',
  'companyName',
  'jobTitle',
  'department',
  'externalId',
  'defaultDuration',
  'validFrom',
  'validTo',
] as const;
type Cells = Partial<Record<(typeof order)[number], string>>;

const allColumns = Object.fromEntries(order.map((column, index) => [column, index]));
const fields = (overrides: Partial<PeopleUploadFields> = {}): PeopleUploadFields => ({
  columns: allColumns,
  datesFormat: 'yyyy-MM-dd',
  firstRow: 2,
  dryRun: true,
  ...overrides,
});

const base: Cells = { firstName: 'Ann', lastName: 'Lee', buildingId: 'B-1', visitorType: 'VISITOR' };
const line = (cells: Cells) => order.map((column) => cells[column] ?? '');
const heading = [...order];

/** The file of one data row (after a heading), checked: its issues as [column, code]. */
function issuesOf(cells: Cells, options: Partial<PeopleUploadFields> = {}, lookups = company()) {
  return checkFile([heading, line({ ...base, ...cells })], fields(options), lookups).issues.map((issue) => [
    issue.column,
    issue.errorCode,
  ]);
}

function valuesOf(cells: Cells, options: Partial<PeopleUploadFields> = {}, lookups = company()) {
  const checked = checkFile([heading, line({ ...base, ...cells })], fields(options), lookups);
  expect(checked.issues).toEqual([]);
  const [row] = checked.rows;
  if (!row) throw new Error('no row');
  return row;
}

describe('parseDuration: h:mm or minutes, rounded to 5 minutes, 5 minutes to 24 hours', () => {
  it('rounds to the nearest 5 minutes', () => {
    expect(parseDuration('1:30')).toBe(90);
    expect(parseDuration('1:32')).toBe(90);
    expect(parseDuration('1:33')).toBe(95);
    expect(parseDuration('0:02')).toBeUndefined();
    expect(parseDuration('0:03')).toBe(5);
    expect(parseDuration('0:07')).toBe(5);
    expect(parseDuration('0:08')).toBe(10);
    expect(parseDuration('0:32:30')).toBe(35);
    expect(parseDuration('12')).toBe(10);
    expect(parseDuration('13')).toBe(15);
  });

  it('keeps 5 minutes to 24 hours', () => {
    expect(parseDuration('0:05')).toBe(5);
    expect(parseDuration('5')).toBe(5);
    expect(parseDuration('24:00')).toBe(1440);
    expect(parseDuration('24:02')).toBe(1440);
    expect(parseDuration('24:03')).toBeUndefined();
    expect(parseDuration('1440')).toBe(1440);
    expect(parseDuration('1443')).toBeUndefined();
    expect(parseDuration('0')).toBeUndefined();
    expect(parseDuration('0:00')).toBeUndefined();
  });

  it('refuses anything but h:mm or whole minutes', () => {
    for (const bad of ['1:60', '1:5', '-5', '1.5', '1h30', 'abc', '1:30 pm', ':30']) {
      expect(parseDuration(bad), bad).toBeUndefined();
    }
  });
});

describe("parseDay: a calendar day in the upload's format", () => {
  it('reads each format, with one-digit days and months', () => {
    expect(parseDay('2026-03-04', 'yyyy-MM-dd')).toBe('2026-03-04');
    expect(parseDay('2026-3-4', 'yyyy-MM-dd')).toBe('2026-03-04');
    expect(parseDay('04/03/2026', 'dd/MM/yyyy')).toBe('2026-03-04');
    expect(parseDay('03/04/2026', 'MM/dd/yyyy')).toBe('2026-03-04');
    expect(parseDay('4.3.2026', 'dd.MM.yyyy')).toBe('2026-03-04');
  });

  it('refuses days that do not exist: 31/02, 29/02 of a common year, month 13, day 0', () => {
    expect(parseDay('31/02/2026', 'dd/MM/yyyy')).toBeUndefined();
    expect(parseDay('02/31/2026', 'MM/dd/yyyy')).toBeUndefined();
    expect(parseDay('29.02.2026', 'dd.MM.yyyy')).toBeUndefined();
    expect(parseDay('29.02.2028', 'dd.MM.yyyy')).toBe('2028-02-29');
    expect(parseDay('2026-04-31', 'yyyy-MM-dd')).toBeUndefined();
    expect(parseDay('2026-04-30', 'yyyy-MM-dd')).toBe('2026-04-30');
    expect(parseDay('2026-13-01', 'yyyy-MM-dd')).toBeUndefined();
    expect(parseDay('00/01/2026', 'dd/MM/yyyy')).toBeUndefined();
  });

  it('refuses a day written in another format', () => {
    expect(parseDay('2026-03-04', 'dd/MM/yyyy')).toBeUndefined();
    expect(parseDay('04/03/2026', 'yyyy-MM-dd')).toBeUndefined();
    expect(parseDay('04/03/26', 'dd/MM/yyyy')).toBeUndefined();
    expect(parseDay('04.03.2026', 'dd/MM/yyyy')).toBeUndefined();
  });
});

describe('cell rules', () => {
  it('reads visitor types in any case and by their letter', () => {
    expect(['visitor', 'Contractor', 'EMPLOYEE', 'resident'].map(parseVisitorType)).toEqual([
      'VISITOR',
      'CONTRACTOR',
      'EMPLOYEE',
      'RESIDENT',
    ]);
    expect(['v', 'C', 'e', 'r'].map(parseVisitorType)).toEqual(['VISITOR', 'CONTRACTOR', 'EMPLOYEE', 'RESIDENT']);
    expect(['x', 'guest', 'VISITORS', ''].map(parseVisitorType)).toEqual([undefined, undefined, undefined, undefined]);
  });

  it('takes an e-mail of 254 characters, not 255, and only a valid one', () => {
    const at254 = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`;
    expect(at254).toHaveLength(254);
    expect(isEmail(at254)).toBe(true);
    expect(isEmail(`a${at254}`)).toBe(false);
    expect(isEmail('ann@example.com')).toBe(true);
    expect(isEmail('ann@')).toBe(false);
    expect(isEmail('ann example.com')).toBe(false);
  });

  it('takes a phone-like value of up to 40 characters', () => {
    expect(isPhoneLike('+1 (514) 555-0199')).toBe(true);
    expect(isPhoneLike('514.555.0199 ext. 42')).toBe(true);
    expect(isPhoneLike('1'.repeat(40))).toBe(true);
    expect(isPhoneLike('1'.repeat(41))).toBe(false);
    expect(isPhoneLike('call me')).toBe(false);
    expect(isPhoneLike('12')).toBe(false);
    expect(isPhoneLike('555-0199; drop table')).toBe(false);
  });
});

describe('missingColumns', () => {
  it('needs first name, last name, building id, and visitor type unless a default type is given', () => {
    expect(missingColumns({ columns: { firstName: 0, lastName: 1, buildingId: 2, visitorType: 3 } })).toEqual([]);
    expect(missingColumns({ columns: { firstName: 0, lastName: 1, buildingId: 2 } })).toEqual(['visitorType']);
    expect(missingColumns({ columns: { firstName: 0, lastName: 1, buildingId: 2 }, visitorType: 'EMPLOYEE' })).toEqual(
      [],
    );
    expect(missingColumns({ columns: { email: 4 } })).toEqual(['firstName', 'lastName', 'buildingId', 'visitorType']);
  });
});

describe('checkFile: each rule at its row and column', () => {
  it('accepts a full row and answers its values', () => {
    const row = valuesOf({
      firstName: ' Ann ',
      visitorType: 'e',
      email: 'ann@example.com',
      phone: '+1 514 555 0199',
      companyName: 'Acme',
      jobTitle: 'Engineer',
      department: 'R&D',
      externalId: 'E-1',
      defaultDuration: '7:58',
      validFrom: '2026-01-01',
      validTo: '2026-12-31',
    });
    expect(row).toEqual({
      row: 2,
      existingId: undefined,
      values: {
        firstName: 'Ann',
        lastName: 'Lee',
        buildingId: HQ,
        visitorType: 'EMPLOYEE',
        email: 'ann@example.com',
        phone: '+1 514 555 0199',
        companyName: 'Acme',
        jobTitle: 'Engineer',
        department: 'R&D',
        externalId: 'E-1',
        defaultDuration: 480,
        validFrom: '2026-01-01',
        validTo: '2026-12-31',
      },
    });
  });

  it('reports each missing value', () => {
    const rest = { email: 'ann@example.com' };
    expect(issuesOf({ firstName: ' ', lastName: '', buildingId: '', visitorType: '', ...rest })).toEqual([
      ['firstName', 'PEOPLE_UPLOAD_MISSING_FIRST_NAME'],
      ['lastName', 'PEOPLE_UPLOAD_MISSING_LAST_NAME'],
      ['buildingId', 'PEOPLE_UPLOAD_MISSING_BUILDING_ID'],
      ['visitorType', 'PEOPLE_UPLOAD_MISSING_VISITOR_TYPE'],
    ]);
  });

  it('takes names of 64 characters, not 65, and no line break in a name', () => {
    expect(issuesOf({ firstName: 'a'.repeat(64), lastName: 'b'.repeat(64) })).toEqual([]);
    expect(issuesOf({ firstName: 'a'.repeat(65), lastName: 'b'.repeat(65) })).toEqual([
      ['firstName', 'PEOPLE_UPLOAD_TOO_LONG_FIRST_NAME'],
      ['lastName', 'PEOPLE_UPLOAD_TOO_LONG_LAST_NAME'],
    ]);
    expect(issuesOf({ firstName: 'Ann\nMarie', lastName: 'Lee\u0007' })).toEqual([
      ['firstName', 'PEOPLE_UPLOAD_INVALID_FIRST_NAME'],
      ['lastName', 'PEOPLE_UPLOAD_INVALID_LAST_NAME'],
    ]);
  });

  it("finds the building by its Building Id or its id, of the caller's company only", () => {
    expect(valuesOf({ buildingId: 'B-1' }).values.buildingId).toBe(HQ);
    expect(valuesOf({ buildingId: ANNEX.toUpperCase() }).values.buildingId).toBe(ANNEX);
    expect(issuesOf({ buildingId: 'B-2' })).toEqual([['buildingId', 'PEOPLE_UPLOAD_INVALID_BUILDING']]);
    expect(issuesOf({ buildingId: '0192a0b0-0000-7000-8000-0000000000ff' })).toEqual([
      ['buildingId', 'PEOPLE_UPLOAD_INVALID_BUILDING'],
    ]);
  });

  it('refuses an unknown visitor type, and gives rows without one the default type', () => {
    expect(issuesOf({ visitorType: 'guest' })).toEqual([['visitorType', 'PEOPLE_UPLOAD_INVALID_VISITOR_TYPE']]);
    expect(valuesOf({ visitorType: '' }, { visitorType: 'RESIDENT' }).values.visitorType).toBe('RESIDENT');
    expect(valuesOf({ visitorType: 'c' }, { visitorType: 'RESIDENT' }).values.visitorType).toBe('CONTRACTOR');
    const { visitorType: _, ...withoutType } = allColumns;
    expect(valuesOf({}, { columns: withoutType, visitorType: 'RESIDENT' }).values.visitorType).toBe('RESIDENT');
  });

  it('refuses an invalid e-mail and phone', () => {
    expect(issuesOf({ email: 'ann@', phone: 'ask reception' })).toEqual([
      ['email', 'PEOPLE_UPLOAD_INVALID_EMAIL'],
      ['phone', 'PEOPLE_UPLOAD_INVALID_PHONE'],
    ]);
    expect(issuesOf({ phone: '1'.repeat(41) })).toEqual([['phone', 'PEOPLE_UPLOAD_INVALID_PHONE']]);
  });

  it('takes a company name under 127, job title, department and external id under 255', () => {
    expect(
      issuesOf({
        companyName: 'c'.repeat(126),
        jobTitle: 'j'.repeat(254),
        department: 'd'.repeat(254),
        externalId: 'x'.repeat(254),
      }),
    ).toEqual([]);
    expect(
      issuesOf({
        companyName: 'c'.repeat(127),
        jobTitle: 'j'.repeat(255),
        department: 'd'.repeat(255),
        externalId: 'x'.repeat(255),
      }),
    ).toEqual([
      ['companyName', 'PEOPLE_UPLOAD_INVALID_COMPANY_NAME'],
      ['jobTitle', 'PEOPLE_UPLOAD_INVALID_JOB_TITLE'],
      ['department', 'PEOPLE_UPLOAD_INVALID_DEPARTMENT'],
      ['externalId', 'PEOPLE_UPLOAD_INVALID_EXTERNAL_ID'],
    ]);
  });

  it('refuses an invalid duration, and an employee without one', () => {
    expect(issuesOf({ defaultDuration: '25:00' })).toEqual([['defaultDuration', 'PEOPLE_UPLOAD_INVALID_DURATION']]);
    expect(issuesOf({ defaultDuration: '0:02' })).toEqual([['defaultDuration', 'PEOPLE_UPLOAD_INVALID_DURATION']]);
    expect(issuesOf({ visitorType: 'EMPLOYEE', defaultDuration: '' })).toEqual([
      ['defaultDuration', 'PEOPLE_DEFAULT_DURATION_REQUIRED'],
    ]);
    expect(issuesOf({ visitorType: 'EMPLOYEE', defaultDuration: '8:00' })).toEqual([]);
  });

  it('refuses validity days that are no days in the format, and an end before the start', () => {
    expect(issuesOf({ validFrom: '31/02/2026', validTo: '2026-02-31' }, { datesFormat: 'dd/MM/yyyy' })).toEqual([
      ['validFrom', 'PEOPLE_UPLOAD_INVALID_VALID_FROM'],
      ['validTo', 'PEOPLE_UPLOAD_INVALID_VALID_TO'],
    ]);
    expect(issuesOf({ validFrom: '02/01/2026', validTo: '01/31/2026' }, { datesFormat: 'MM/dd/yyyy' })).toEqual([
      ['validTo', 'PEOPLE_UPLOAD_INVALID_VALID_TO'],
    ]);
    const sameDay = valuesOf({ validFrom: '01.02.2026', validTo: '1.2.2026' }, { datesFormat: 'dd.MM.yyyy' });
    expect(sameDay.values).toMatchObject({ validFrom: '2026-02-01', validTo: '2026-02-01' });
  });
});

describe('checkFile: across rows and the company', () => {
  const people = {
    'E-1': { id: 'p-1', visible: true, defaultDuration: 60, validFrom: '2026-01-01', validTo: null },
    'E-9': { id: 'p-9', visible: false, defaultDuration: null, validFrom: null, validTo: null },
  };

  it('refuses an external id already used by an earlier row, on the later rows only', () => {
    const checked = checkFile(
      [
        heading,
        line({ ...base, externalId: 'X' }),
        line({ ...base, externalId: 'Y' }),
        line({ ...base, externalId: 'X' }),
      ],
      fields(),
      company(),
    );
    expect(checked.issues).toEqual([
      { row: 4, column: 'externalId', errorCode: 'PEOPLE_UPLOAD_NOT_UNIQUE_EXTERNAL_ID' },
    ]);
    expect(checked.rows.map((row) => row.row)).toEqual([2, 3]);
  });

  it('updates a person the caller sees by external id; refuses one they do not see', () => {
    expect(valuesOf({ externalId: 'E-1' }, {}, company(people)).existingId).toBe('p-1');
    expect(issuesOf({ externalId: 'E-9' }, {}, company(people))).toEqual([
      ['externalId', 'PEOPLE_UPLOAD_DUPLICATED_EXTERNAL_ID'],
    ]);
  });

  it("keeps an updated person's duration and validity when the file leaves those columns out", () => {
    const { defaultDuration: _d, validFrom: _f, ...columns } = allColumns;
    const kept = valuesOf({ externalId: 'E-1', visitorType: 'EMPLOYEE' }, { columns }, company(people));
    expect(kept.values).toMatchObject({ defaultDuration: 60, validFrom: '2026-01-01', validTo: null });
    // The end is checked against the start the person keeps.
    expect(issuesOf({ externalId: 'E-1', validTo: '2025-12-31' }, { columns }, company(people))).toEqual([
      ['validTo', 'PEOPLE_UPLOAD_INVALID_VALID_TO'],
    ]);
    // A new employee without the column has no duration.
    expect(issuesOf({ externalId: 'NEW', visitorType: 'EMPLOYEE' }, { columns })).toEqual([
      ['defaultDuration', 'PEOPLE_DEFAULT_DURATION_REQUIRED'],
    ]);
  });

  it('starts at firstRow, numbers rows as the file does and skips blank rows', () => {
    const records = [['title'], heading, line(base), [''], [' ', ''], line({ ...base, firstName: '' })];
    const checked = checkFile(records, fields({ firstRow: 3 }), company());
    expect(checked.total).toBe(2);
    expect(checked.rows.map((row) => row.row)).toEqual([3]);
    expect(checked.issues).toEqual([{ row: 6, column: 'firstName', errorCode: 'PEOPLE_UPLOAD_MISSING_FIRST_NAME' }]);
  });

  it('stops after too many errors, writing nothing, and says where', () => {
    const bad = line({ ...base, firstName: '' });
    const records = [heading, line(base), ...Array.from({ length: 150 }, () => bad)];
    const checked = checkFile(records, fields(), company());
    expect(checked.stopped).toBe(true);
    expect(checked.issues).toHaveLength(PEOPLE_UPLOAD_MAX_ISSUES + 1);
    expect(checked.issues.at(-1)).toEqual({ row: 102, column: null, errorCode: 'PEOPLE_UPLOAD_TOO_MANY_ERRORS' });
    expect(checked.total).toBe(101);
    expect(checked.rows).toEqual([]);
  });

  it('does not stop at exactly the limit when nothing is left to read', () => {
    const bad = line({ ...base, firstName: '' });
    const checked = checkFile([heading, ...Array.from({ length: 3 }, () => bad), ['']], fields(), company(), 3);
    expect(checked.stopped).toBe(false);
    expect(checked.issues).toHaveLength(3);
    const more = checkFile([heading, ...Array.from({ length: 3 }, () => bad), line(base)], fields(), company(), 3);
    expect(more.stopped).toBe(true);
    expect(more.issues.map((issue) => issue.errorCode).at(-1)).toBe('PEOPLE_UPLOAD_TOO_MANY_ERRORS');
  });

  it('keeps the limit when one row brings it past', () => {
    const veryBad = line({ firstName: '', lastName: '', buildingId: '', visitorType: '', phone: '555 0100' });
    const checked = checkFile([heading, veryBad, veryBad], fields(), company(), 6);
    expect(checked.issues).toHaveLength(7);
    expect(checked.issues.at(-1)).toEqual({ row: 3, column: null, errorCode: 'PEOPLE_UPLOAD_TOO_MANY_ERRORS' });
  });
});
