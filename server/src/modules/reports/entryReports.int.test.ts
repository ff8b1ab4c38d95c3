import type { Insertable } from 'kysely';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AttendanceReport, type EntryReport, type EntryReportVisits } from '@vestibule/shared';
import type { Visits } from '../../db/tables.generated.ts';
import {
  assignBuildings,
  createBuilding,
  createPerson,
  createVisit,
  setBuildingSettings,
} from '../../../test/helpers/factories.ts';
import { type TestApp, bearer, createTestApp, jsonOf, seedTwoTenants } from '../../../test/helpers/test-app.ts';

// The entry report and the attendance report (both databases), on hand-made visits whose every
// figure is known: groups' counts, people and stays, the drill-down's visits, the CSV; absence on
// working days only, validity, deactivated people, rates by department and building; another
// company's and an unassigned building's visits and people never counted (404 when asked).

let t: TestApp;
let seed: Awaited<ReturnType<typeof seedTwoTenants>>;
/** Tenant A's buildings: Paris (Mon-Fri), Lyon (Mon-Sat), and one the supervisor is not assigned. */
let paris: string;
let lyon: string;
let unassigned: string;
let otherCompany: string;
const people: Record<string, string> = {};

/** A visit as a check-in writes it: checked in (and out) at the given UTC instants. */
const visit = (
  tenantId: string,
  buildingId: string,
  checkedIn: string,
  checkedOut: string | null,
  values: Partial<Insertable<Visits>> = {},
) =>
  createVisit(t.database.db, tenantId, buildingId, { checked_in_at: checkedIn, checked_out_at: checkedOut, ...values });

const get = (role: 'ROLE_ADMIN' | 'ROLE_MASTER' | 'ROLE_SUPERVISOR' | 'ROLE_USER', url: string) =>
  t.app.inject({ method: 'GET', url: `/service${url}`, headers: bearer(seed.tokens[role]) });

beforeAll(async () => {
  t = await createTestApp();
  seed = await seedTwoTenants(t);
  const db = t.database.db;
  paris = await createBuilding(db, seed.tenantA, 'Paris');
  lyon = await createBuilding(db, seed.tenantA, 'Lyon');
  unassigned = await createBuilding(db, seed.tenantA, 'Unassigned');
  otherCompany = await createBuilding(db, seed.tenantB, 'Elsewhere');
  for (const id of [paris, unassigned, otherCompany]) await setBuildingSettings(db, id, { timeZoneId: 'Europe/Paris' });
  await setBuildingSettings(db, lyon, { timeZoneId: 'Europe/Paris', workingDays: [1, 2, 3, 4, 5, 6] });
  await assignBuildings(db, seed.users.ROLE_SUPERVISOR.id, [paris, lyon]);

  // The entry report: October 2026 (Paris is UTC+2 until the 25th, then UTC+1).
  const alice = { first_name: 'Alice', last_name: 'Archer', email: 'alice@example.test' };
  await visit(seed.tenantA, paris, '2026-10-05T07:00:00Z', '2026-10-05T09:00:00Z', {
    ...alice,
    company_name: 'Acme',
    host: 'Hal Host',
  }); // 120 min
  await visit(seed.tenantA, paris, '2026-10-05T08:00:00Z', '2026-10-05T08:30:00Z', {
    first_name: 'Bob',
    last_name: '=SUM(A1)',
    email: 'bob@example.test',
    company_name: 'Acme ',
    host: 'hal host',
  }); // 30 min
  await visit(seed.tenantA, paris, '2026-10-06T07:00:00Z', null, { ...alice, company_name: 'Acme', host: 'Zed' }); // still inside
  await visit(seed.tenantA, paris, '2026-10-31T22:30:00Z', '2026-10-31T23:30:00Z', {
    first_name: 'Carl',
    last_name: 'Cook',
    visitor_type: 'CONTRACTOR',
  }); // 23:30 on the 31st in Paris: 60 min
  await visit(seed.tenantA, lyon, '2026-10-07T12:00:00Z', '2026-10-07T12:45:00Z', {
    first_name: 'Dana',
    last_name: 'Dole',
    company_name: 'Beta',
    host: 'Hal Host',
  }); // 45 min
  // Outside the period on Paris' clock: 1 November 00:10 and 30 September 23:50.
  await visit(seed.tenantA, paris, '2026-10-31T23:10:00Z', '2026-10-31T23:20:00Z', { host: 'Hal Host' });
  await visit(seed.tenantA, paris, '2026-09-30T21:50:00Z', '2026-09-30T22:00:00Z', { host: 'Hal Host' });
  // Never counted: an unassigned building's (for the supervisor), another company's.
  await visit(seed.tenantA, unassigned, '2026-10-05T07:00:00Z', '2026-10-05T08:00:00Z', { host: 'Hal Host' });
  await visit(seed.tenantB, otherCompany, '2026-10-05T07:00:00Z', '2026-10-05T08:00:00Z', { host: 'Hal Host' });

  // The attendance report: the week of Monday 9 November 2026 (Paris is UTC+1).
  people.anna = await createPerson(db, seed.tenantA, paris, { firstName: 'Anna', lastName: 'Ames' });
  people.ben = await createPerson(db, seed.tenantA, paris, {
    firstName: 'Ben',
    lastName: 'Brown',
    visitorType: 'RESIDENT',
    validFrom: '2026-11-12',
  });
  people.cleo = await createPerson(db, seed.tenantA, paris, { firstName: 'Cleo', lastName: 'Cole' });
  people.dan = await createPerson(db, seed.tenantA, paris, { firstName: 'Dan', lastName: 'Gone', deactivated: true });
  people.vic = await createPerson(db, seed.tenantA, paris, {
    firstName: 'Vic',
    lastName: 'Visitor',
    visitorType: 'VISITOR',
  });
  people.eve = await createPerson(db, seed.tenantA, lyon, { firstName: 'Eve', lastName: 'Evans' });
  people.olga = await createPerson(db, seed.tenantA, unassigned, { firstName: 'Olga', lastName: 'Out' });
  people.zoe = await createPerson(db, seed.tenantB, otherCompany, { firstName: 'Zoe', lastName: 'Zed' });
  for (const [key, department] of [
    ['anna', 'Sales'],
    ['ben', 'Sales'],
    ['cleo', 'Ops'],
    ['dan', 'Sales'],
  ] as const) {
    await db.updateTable('people').set({ department }).where('id', '=', people[key]!).execute();
  }
  const seen = (tenantId: string, buildingId: string, person: string, at: string) =>
    visit(tenantId, buildingId, at, null, { person_id: person, visitor_type: 'EMPLOYEE', first_name: 'P' });
  await seen(seed.tenantA, paris, people.anna, '2026-11-09T06:00:00Z'); // Monday
  await seen(seed.tenantA, paris, people.anna, '2026-11-10T06:00:00Z'); // Tuesday, twice
  await seen(seed.tenantA, paris, people.anna, '2026-11-10T12:00:00Z');
  await seen(seed.tenantA, paris, people.anna, '2026-11-14T08:00:00Z'); // Saturday: not a working day
  await seen(seed.tenantA, paris, people.ben, '2026-11-12T23:30:00Z'); // Friday 00:30 in Paris
  await seen(seed.tenantA, paris, people.dan, '2026-11-09T06:00:00Z');
  await seen(seed.tenantA, paris, people.vic, '2026-11-09T06:00:00Z');
  await seen(seed.tenantA, lyon, people.eve, '2026-11-14T08:00:00Z'); // Saturday, a working day in Lyon
  await seen(seed.tenantA, unassigned, people.olga, '2026-11-09T06:00:00Z');
  await seen(seed.tenantB, otherCompany, people.zoe, '2026-11-09T06:00:00Z');
});
afterAll(() => t.close());

const october = 'from=2026-10-01&to=2026-10-31';
const week = 'from=2026-11-09&to=2026-11-15';

describe('the entry report', () => {
  it('groups the period’s visits by host: visits, people, checked out, time on site, average stay', async () => {
    const response = await get('ROLE_ADMIN', `/reports/entries?buildingIds=${paris},${lyon}&${october}&groupBy=host`);
    expect(response.statusCode).toBe(200);
    const report = jsonOf<EntryReport>(response);
    expect(report.groups.map(({ key: _key, ...group }) => group)).toEqual([
      { label: 'Hal Host', visits: 3, people: 3, checkedOut: 3, totalStayMinutes: 195, averageStayMinutes: 65 },
      { label: '', visits: 1, people: 1, checkedOut: 1, totalStayMinutes: 60, averageStayMinutes: 60 },
      { label: 'Zed', visits: 1, people: 1, checkedOut: 0, totalStayMinutes: 0, averageStayMinutes: null },
    ]);
    expect(report.capped).toBe(false);
    expect(report.total).toEqual({
      visits: 5,
      people: 4,
      checkedOut: 4,
      totalStayMinutes: 255,
      averageStayMinutes: 64,
    });
  });

  it('groups by company (any case, spaces trimmed), by type, by building and by the building’s day', async () => {
    const groups = async (groupBy: string) =>
      jsonOf<EntryReport>(
        await get('ROLE_MASTER', `/reports/entries?buildingIds=${paris},${lyon}&${october}&groupBy=${groupBy}`),
      ).groups.map((group) => [group.key, group.label, group.visits, group.totalStayMinutes]);
    expect(await groups('company')).toEqual([
      ['acme', 'Acme', 3, 150],
      ['', '', 1, 60],
      ['beta', 'Beta', 1, 45],
    ]);
    expect(await groups('type')).toEqual([
      ['VISITOR', 'VISITOR', 4, 195],
      ['CONTRACTOR', 'CONTRACTOR', 1, 60],
    ]);
    expect(await groups('building')).toEqual([
      [paris, 'Paris', 4, 210],
      [lyon, 'Lyon', 1, 45],
    ]);
    expect(await groups('day')).toEqual([
      ['2026-10-05', '2026-10-05', 2, 150],
      ['2026-10-06', '2026-10-06', 1, 0],
      ['2026-10-07', '2026-10-07', 1, 45],
      ['2026-10-31', '2026-10-31', 1, 60],
    ]);
  });

  it('lists exactly a group’s visits, newest first, a page at a time', async () => {
    const report = jsonOf<EntryReport>(
      await get('ROLE_ADMIN', `/reports/entries?buildingIds=${paris},${lyon}&${october}&groupBy=host`),
    );
    const hal = report.groups[0]!;
    const base = `/reports/entries/visits?buildingIds=${paris},${lyon}&${october}&groupBy=host&key=${encodeURIComponent(hal.key)}`;
    const first = jsonOf<EntryReportVisits>(await get('ROLE_ADMIN', `${base}&limit=2`));
    expect(first.totalDocs).toBe(3);
    expect(first.docs.map((row) => [row.firstName, row.buildingName, row.checkedInAt, row.stayMinutes])).toEqual([
      ['Dana', 'Lyon', '2026-10-07T12:00:00.000Z', 45],
      ['Bob', 'Paris', '2026-10-05T08:00:00.000Z', 30],
    ]);
    const second = jsonOf<EntryReportVisits>(await get('ROLE_ADMIN', `${base}&limit=2&page=2`));
    expect(second.docs.map((row) => [row.firstName, row.host, row.companyName, row.timeZoneId])).toEqual([
      ['Alice', 'Hal Host', 'Acme', 'Europe/Paris'],
    ]);
    const open = jsonOf<EntryReportVisits>(
      await get('ROLE_ADMIN', `/reports/entries/visits?buildingIds=${paris}&${october}&groupBy=host&key=t%3Azed`),
    );
    expect(open.docs.map((row) => [row.firstName, row.checkedOutAt, row.stayMinutes])).toEqual([['Alice', null, null]]);
  });

  it('writes every visit of a group as CSV on the building’s clock, in the caller’s language, formulas inert', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/service/reports/entries/visits.csv?buildingIds=${paris},${lyon}&${october}&groupBy=company&key=acme&limit=1`,
      headers: { ...bearer(seed.tokens.ROLE_ADMIN), 'accept-language': 'fr' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows = parse(response.body, { bom: true }) as string[][];
    expect(rows[0]).toEqual([
      'Code',
      'Prénom',
      'Nom',
      'Société',
      'Type',
      'Hôte',
      'Bâtiment',
      'Entrée',
      'Sortie',
      'Durée (minutes)',
      'Fuseau horaire',
    ]);
    expect(rows.slice(1).map((row) => [row[1], row[2], row[4], row[7], row[8], row[9]])).toEqual([
      ['Alice', 'Archer', 'Visiteur', '2026-10-06 09:00', '', ''],
      ['Bob', "'=SUM(A1)", 'Visiteur', '2026-10-05 10:00', '2026-10-05 10:30', '30'],
      ['Alice', 'Archer', 'Visiteur', '2026-10-05 09:00', '2026-10-05 11:00', '120'],
    ]);
  });

  it('answers 404 for another company’s building and for a supervisor’s unassigned one, and never counts them', async () => {
    const asked = [
      ['ROLE_ADMIN', `${paris},${otherCompany}`],
      ['ROLE_SUPERVISOR', `${paris},${unassigned}`],
    ] as const;
    for (const [role, ids] of asked) {
      for (const url of [
        `/reports/entries?buildingIds=${ids}&${october}`,
        `/reports/entries/visits?buildingIds=${ids}&${october}`,
        `/reports/entries/visits.csv?buildingIds=${ids}&${october}`,
        `/reports/attendance?buildingIds=${ids}&${week}`,
        `/reports/attendance/people.csv?buildingIds=${ids}&${week}`,
      ]) {
        const response = await get(role, url);
        expect([url, response.statusCode, jsonOf(response).errorCode]).toEqual([url, 404, 'NOT_FOUND']);
      }
    }
    const mine = jsonOf<EntryReport>(
      await get('ROLE_SUPERVISOR', `/reports/entries?buildingIds=${paris}&${october}&groupBy=building`),
    );
    expect(mine.groups.map((group) => [group.label, group.visits])).toEqual([['Paris', 4]]);
    expect((await get('ROLE_USER', `/reports/entries?buildingIds=${paris}&${october}`)).statusCode).toBe(403);
  });

  it('refuses a period longer than a year: DATE_RANGE_TOO_LONG', async () => {
    for (const url of [
      `/reports/entries?buildingIds=${paris}&from=2025-01-01&to=2026-10-31`,
      `/reports/entries/visits?buildingIds=${paris}&from=2025-01-01&to=2026-10-31`,
      `/reports/attendance?buildingIds=${paris}&from=2025-01-01&to=2026-10-31`,
    ]) {
      const response = await get('ROLE_ADMIN', url);
      expect([response.statusCode, jsonOf(response).errorCode]).toEqual([400, 'DATE_RANGE_TOO_LONG']);
    }
  });
});

describe('the attendance report', () => {
  it('counts each person’s working days expected and attended, within their validity, deactivated and visitors left out', async () => {
    const response = await get('ROLE_SUPERVISOR', `/reports/attendance?buildingIds=${paris},${lyon}&${week}`);
    expect(response.statusCode).toBe(200);
    const report = jsonOf<AttendanceReport>(response);
    expect(report.totalDocs).toBe(4);
    expect(
      report.docs.map((person) => [
        person.firstName,
        person.department,
        person.expectedDays,
        person.attendedDays,
        person.rate,
        person.absentDays,
        person.seenDays,
      ]),
    ).toEqual([
      [
        'Anna',
        'Sales',
        5,
        2,
        0.4,
        ['2026-11-11', '2026-11-12', '2026-11-13'],
        ['2026-11-09', '2026-11-10', '2026-11-14'],
      ],
      ['Ben', 'Sales', 2, 1, 0.5, ['2026-11-12'], ['2026-11-13']],
      ['Cleo', 'Ops', 5, 0, 0, ['2026-11-09', '2026-11-10', '2026-11-11', '2026-11-12', '2026-11-13'], []],
      [
        'Eve',
        null,
        6,
        1,
        1 / 6,
        ['2026-11-09', '2026-11-10', '2026-11-11', '2026-11-12', '2026-11-13'],
        ['2026-11-14'],
      ],
    ]);
  });

  it('gives the rates by department, by building and in all', async () => {
    const report = jsonOf<AttendanceReport>(
      await get('ROLE_ADMIN', `/reports/attendance?buildingIds=${paris},${lyon}&${week}&limit=1`),
    );
    expect(report.docs).toHaveLength(1);
    expect(report.total).toEqual({ people: 4, expectedDays: 18, attendedDays: 4, rate: 4 / 18, neverSeen: 1 });
    expect(report.departments).toEqual([
      { department: 'Ops', people: 1, expectedDays: 5, attendedDays: 0, rate: 0, neverSeen: 1 },
      { department: 'Sales', people: 2, expectedDays: 7, attendedDays: 3, rate: 3 / 7, neverSeen: 0 },
      { department: null, people: 1, expectedDays: 6, attendedDays: 1, rate: 1 / 6, neverSeen: 0 },
    ]);
    expect(report.buildings.map(({ buildingId: _id, ...building }) => building)).toEqual([
      {
        buildingName: 'Lyon',
        workingDays: [1, 2, 3, 4, 5, 6],
        people: 1,
        expectedDays: 6,
        attendedDays: 1,
        rate: 1 / 6,
        neverSeen: 0,
      },
      {
        buildingName: 'Paris',
        workingDays: [1, 2, 3, 4, 5],
        people: 3,
        expectedDays: 12,
        attendedDays: 3,
        rate: 0.25,
        neverSeen: 1,
      },
    ]);
    expect(report.departmentNames).toEqual(['Ops', 'Sales']);
  });

  it('filters by department, by name and to the people never seen; sorts by rate', async () => {
    const names = async (query: string) =>
      jsonOf<AttendanceReport>(
        await get('ROLE_ADMIN', `/reports/attendance?buildingIds=${paris},${lyon}&${week}&${query}`),
      ).docs.map((person) => person.firstName);
    expect(await names('department=Sales')).toEqual(['Anna', 'Ben']);
    expect(await names('search=bro')).toEqual(['Ben']);
    expect(await names('search=cleo%20c')).toEqual(['Cleo']);
    expect(await names('neverSeen=true')).toEqual(['Cleo']);
    expect(await names('sort=rate')).toEqual(['Cleo', 'Eve', 'Anna', 'Ben']);
  });

  it('lists a person’s visits of the period through the entry report’s visit list', async () => {
    const visits = jsonOf<EntryReportVisits>(
      await get('ROLE_ADMIN', `/reports/entries/visits?buildingIds=${paris}&${week}&personId=${people.anna}`),
    );
    expect(visits.docs.map((row) => row.checkedInAt)).toEqual([
      '2026-11-14T08:00:00.000Z',
      '2026-11-10T12:00:00.000Z',
      '2026-11-10T06:00:00.000Z',
      '2026-11-09T06:00:00.000Z',
    ]);
  });

  it('writes the people as CSV with their expected, attended and absent days', async () => {
    const response = await get('ROLE_ADMIN', `/reports/attendance/people.csv?buildingIds=${paris}&${week}`);
    expect(response.statusCode).toBe(200);
    const rows = parse(response.body, { bom: true }) as string[][];
    expect(rows).toEqual([
      [
        'Last name',
        'First name',
        'Department',
        'Type',
        'Building',
        'Expected days',
        'Days present',
        'Attendance rate (%)',
        'Days absent',
        'Days seen',
      ],
      [
        'Ames',
        'Anna',
        'Sales',
        'Employee',
        'Paris',
        '5',
        '2',
        '40',
        '2026-11-11 2026-11-12 2026-11-13',
        '2026-11-09 2026-11-10 2026-11-14',
      ],
      ['Brown', 'Ben', 'Sales', 'Resident', 'Paris', '2', '1', '50', '2026-11-12', '2026-11-13'],
      [
        'Cole',
        'Cleo',
        'Ops',
        'Employee',
        'Paris',
        '5',
        '0',
        '0',
        '2026-11-09 2026-11-10 2026-11-11 2026-11-12 2026-11-13',
        '',
      ],
    ]);
  });
});
