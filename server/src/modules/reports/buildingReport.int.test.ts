import type { Insertable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuildingReport, type BuildingReportOfBuilding, type Role } from '@vestibule/shared';
import type { Visits } from '../../db/tables.generated.ts';
import {
  assignBuildings,
  createBuilding,
  createPerson,
  createTenant,
  createUser,
  setBuildingSettings,
  createVisit,
} from '../../../test/helpers/factories.ts';
import { type TestApp, bearer, createTestApp, jsonOf, logInAs } from '../../../test/helpers/test-app.ts';
import { rebuildDirtyRollups } from './buildingReport.service.ts';

// GET /reports/building against a hand-made company where every figure is known (docs/reports.md,
// "Building report"). The Tower is on Toronto's clock (America/Toronto): 2026-11-01 falls back
// (02:00 EDT, UTC-4, becomes 01:00 EST, UTC-5: a 25-hour day) and 2026-03-08 springs forward
// (02:00 EST becomes 03:00 EDT: a 23-hour day). The Depot is on UTC. Runs on PGlite, and on a
// PostgreSQL server with TEST_DATABASE_URL.

let t: TestApp;
let tenantId: string;
let tower: string;
let depot: string;
/** Of the same company, assigned to nobody. */
let annex: string;
let elsewhere: string;
const tokens = {} as Record<Role, { authorization: string }>;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const visit = (buildingId: string, values: Partial<Insertable<Visits>>, tenant = tenantId) =>
  createVisit(t.database.db, tenant, buildingId, values);

function report(role: Role, query: string) {
  return t.app.inject({ method: 'GET', url: `/service/reports/building?${query}`, headers: tokens[role] });
}

async function reportOf(role: Role, buildingIds: string[], from: string, to: string): Promise<BuildingReport> {
  const response = await report(role, `buildingIds=${buildingIds.join(',')}&from=${from}&to=${to}`);
  expect(response.statusCode).toBe(200);
  return jsonOf<BuildingReport>(response);
}

/** Each day as `day: VISITOR/CONTRACTOR/EMPLOYEE/RESIDENT peak@instant`. */
const dayLines = (building: BuildingReportOfBuilding) =>
  building.days.map(
    (day) =>
      `${day.day}: ${day.byType.VISITOR}/${day.byType.CONTRACTOR}/${day.byType.EMPLOYEE}/${day.byType.RESIDENT} peak ${day.peak}@${day.peakAt ?? '-'}`,
  );

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  tenantId = await createTenant(db, { name: 'Lakeshore Properties' });
  tower = await createBuilding(db, tenantId, 'Lakeshore Tower');
  depot = await createBuilding(db, tenantId, 'Lakeshore Depot');
  annex = await createBuilding(db, tenantId, 'Lakeshore Annex');
  await setBuildingSettings(db, tower, { timeZoneId: 'America/Toronto' });
  await setBuildingSettings(db, depot, { timeZoneId: 'UTC' });
  const otherTenant = await createTenant(db, { name: 'Elsewhere Ltd' });
  elsewhere = await createBuilding(db, otherTenant, 'Elsewhere');
  for (const role of ['ROLE_ADMIN', 'ROLE_MASTER', 'ROLE_SUPERVISOR', 'ROLE_USER'] as const) {
    const user = await createUser(db, { tenantId, role });
    if (role === 'ROLE_SUPERVISOR' || role === 'ROLE_USER') await assignBuildings(db, user.id, [tower, depot]);
    tokens[role] = bearer(await logInAs(t.app, user.username));
  }
  const grace = await createPerson(db, tenantId, tower, { firstName: 'Grace', lastName: 'Hopper' });
  const cy = await createPerson(db, tenantId, tower, { firstName: 'Cy', lastName: 'Young' });

  // The fall-back weekend (Saturday 2026-10-31 and the 25-hour Sunday 2026-11-01).
  // Ann: Sat 22:00 EDT to Sun 01:30 EDT (210 min), across midnight; seen at the Tower in October.
  await visit(tower, {
    first_name: 'Ann',
    last_name: 'Archer',
    email: 'ann@guest.test',
    host: 'Grace Hopper',
    host_person_id: grace,
    scheduled_duration: 'PT4H',
    checked_in_at: new Date('2026-11-01T02:00:00Z'),
    checked_out_at: new Date('2026-11-01T05:30:00Z'),
  });
  await visit(tower, {
    first_name: 'Ann',
    email: 'ann@guest.test',
    checked_in_at: new Date('2026-10-01T14:00:00Z'),
    checked_out_at: new Date('2026-10-01T15:00:00Z'),
  });
  // Ann again, Sat 00:05 to 00:35 EDT (30 min), her e-mail written otherwise.
  await visit(tower, {
    first_name: 'Ann',
    email: ' ANN@guest.test ',
    host: 'Grace Hopper',
    host_person_id: grace,
    checked_in_at: new Date('2026-10-31T04:05:00Z'),
    checked_out_at: new Date('2026-10-31T04:35:00Z'),
  });
  // Bob, contractor: Sat 23:00 EDT to Sun 01:15 EST (195 min), two hours planned: overdue.
  await visit(tower, {
    visitor_type: 'CONTRACTOR',
    first_name: 'Bob',
    last_name: 'Builder',
    company_name: 'Bricks',
    host: 'Alan Turing',
    scheduled_duration: 'PT2H',
    checked_in_at: new Date('2026-11-01T03:00:00Z'),
    checked_out_at: new Date('2026-11-01T06:15:00Z'),
  });
  // Eve: Sun 01:20 EDT to 01:20 EST (60 min, the hour the clock repeats), checked out automatically.
  await visit(tower, {
    first_name: 'Eve',
    company_name: 'Acme',
    checked_in_at: new Date('2026-11-01T05:20:00Z'),
    checked_out_at: new Date('2026-11-01T06:20:00Z'),
    checkout_method: 'AUTO_TIMEOUT',
  });
  // Cy, employee of the directory: Sun 01:30 to 02:00 EST (30 min); his earlier visit was at the Annex.
  await visit(tower, {
    visitor_type: 'EMPLOYEE',
    person_id: cy,
    first_name: 'Cy',
    host: 'Alan Turing',
    checked_in_at: new Date('2026-11-01T06:30:00Z'),
    checked_out_at: new Date('2026-11-01T07:00:00Z'),
  });
  await visit(annex, {
    visitor_type: 'EMPLOYEE',
    person_id: cy,
    checked_in_at: new Date('2026-10-15T13:00:00Z'),
    checked_out_at: new Date('2026-10-15T14:00:00Z'),
  });
  // Dee: Sun 23:59 EST (Monday in UTC) to Mon 00:30 (31 min); seen at the Tower in September by name and phone.
  await visit(tower, {
    first_name: 'Dee',
    last_name: 'Doe',
    phone: '+1 555-0100',
    company_name: ' Acme ',
    checked_in_at: new Date('2026-11-02T04:59:00Z'),
    checked_out_at: new Date('2026-11-02T05:30:00Z'),
  });
  await visit(tower, {
    first_name: 'dee',
    last_name: 'DOE',
    phone: '1 (555) 0100',
    checked_in_at: new Date('2026-09-15T14:00:00Z'),
    checked_out_at: new Date('2026-09-15T15:00:00Z'),
  });
  // Friday 23:50 to 23:55 EDT: the day before the period, although Saturday in UTC.
  await visit(tower, {
    checked_in_at: new Date('2026-10-31T03:50:00Z'),
    checked_out_at: new Date('2026-10-31T03:55:00Z'),
  });
  // Never arrived: a no-show (Sun 10:00 EST, one hour), one cancelled, one due the day before,
  // one refused at the door (a temperature) and a walk-in refused (an alert answer).
  await visit(tower, {
    is_invitation: true,
    source: 'STAFF',
    scheduled_at: new Date('2026-11-01T15:00:00Z'),
    scheduled_duration: 'PT1H',
  });
  await visit(tower, {
    is_invitation: true,
    source: 'STAFF',
    scheduled_at: new Date('2026-11-01T16:00:00Z'),
    scheduled_duration: 'PT1H',
    cancelled_at: new Date('2026-10-30T12:00:00Z'),
  });
  await visit(tower, {
    is_invitation: true,
    source: 'STAFF',
    scheduled_at: new Date('2026-10-30T15:00:00Z'),
    scheduled_duration: 'PT1H',
  });
  await visit(tower, {
    is_invitation: true,
    source: 'STAFF',
    scheduled_at: new Date('2026-10-31T13:00:00Z'),
    scheduled_duration: 'PT1H',
    allowed: false,
    refusal_reason: 'TEMPERATURE',
  });
  await visit(tower, { allowed: false, refusal_reason: 'ALERT_ANSWER', created_at: new Date('2026-11-01T12:00:00Z') });

  // The same weekend elsewhere: the Annex (unassigned to the supervisor) and another company.
  await visit(annex, {
    checked_in_at: new Date('2026-11-01T15:00:00Z'),
    checked_out_at: new Date('2026-11-01T16:00:00Z'),
  });
  await visit(annex, { is_invitation: true, scheduled_at: new Date('2026-11-01T15:00:00Z') });
  await visit(
    elsewhere,
    { checked_in_at: new Date('2026-11-01T15:00:00Z'), checked_out_at: new Date('2026-11-01T16:00:00Z') },
    otherTenant,
  );

  // Spring forward (Sunday 2026-03-08, 23 hours: 05:00Z to 04:00Z the next day).
  // Sat 23:30 EST to Sun 03:30 EDT: inside at Sunday's start, counted on Saturday.
  await visit(tower, {
    checked_in_at: new Date('2026-03-08T04:30:00Z'),
    checked_out_at: new Date('2026-03-08T07:30:00Z'),
  });
  // 01:45 EST to 03:15 EDT: 30 minutes across the skipped hour.
  await visit(tower, {
    visitor_type: 'RESIDENT',
    checked_in_at: new Date('2026-03-08T06:45:00Z'),
    checked_out_at: new Date('2026-03-08T07:15:00Z'),
  });
  // 23:30 EDT (Monday in UTC) to 00:30.
  await visit(tower, {
    checked_in_at: new Date('2026-03-09T03:30:00Z'),
    checked_out_at: new Date('2026-03-09T04:30:00Z'),
  });
  // As a deployment has them: the daily rollups of every closed day, which the report then reads
  // (buildingRollups.int.test.ts proves them equal to a recount after any change).
  await rebuildDirtyRollups(db);
}, 60_000);

afterAll(async () => {
  await t.close();
});

describe('GET /reports/building', () => {
  it("counts each day's visits on the building's clock, the 25-hour fall-back day included", async () => {
    const answer = await reportOf('ROLE_ADMIN', [tower], '2026-10-31', '2026-11-01');
    const [building] = answer.buildings;
    expect(building!.building).toEqual({ id: tower, name: 'Lakeshore Tower', timeZoneId: 'America/Toronto' });
    expect(dayLines(building!)).toEqual([
      // Ann twice and Bob; the Friday-night visit (Saturday in UTC) is not Saturday's.
      '2026-10-31: 2/1/0/0 peak 2@2026-11-01T03:00:00.000Z',
      // Eve, Cy and Dee (23:59, Monday in UTC). At midnight Ann and Bob are still in; Eve makes
      // three at 01:20 EDT, before the clock goes back.
      '2026-11-01: 2/0/1/0 peak 3@2026-11-01T05:20:00.000Z',
    ]);
  });

  it('gives the stays, no-shows, refusals, overdue and automatic check-outs of the period', async () => {
    const answer = await reportOf('ROLE_ADMIN', [tower], '2026-10-31', '2026-11-01');
    expect(answer.buildings[0]!.totals).toEqual({
      visits: 6,
      // Ann (twice, by her e-mail), Bob, Eve, Cy and Dee.
      people: 5,
      // 30, 30, 31, 60, 195 and 210 minutes.
      averageStayMinutes: 92.7,
      medianStayMinutes: 45.5,
      noShows: 1,
      refusals: 2,
      overdue: 1,
      autoCheckOuts: 1,
      // Ann (by e-mail) and Dee (by name and phone) came before; Cy's earlier visit was at the Annex.
      returning: 2,
      firstTime: 3,
    });
  });

  it('maps check-ins by local weekday and hour, and ranks hosts and companies', async () => {
    const [building] = (await reportOf('ROLE_ADMIN', [tower], '2026-10-31', '2026-11-01')).buildings;
    const cells = building!.heatMap.flatMap((hours, weekday) =>
      hours.flatMap((count, hour) => (count > 0 ? [`${weekday}:${hour}=${count}`] : [])),
    );
    // Saturday is 5, Sunday 6; Eve and Cy both arrived in Sunday's 1 o'clock hours.
    expect(cells).toEqual(['5:0=1', '5:22=1', '5:23=1', '6:1=2', '6:23=1']);
    expect(building!.topHosts).toEqual([
      { name: 'Alan Turing', visits: 2 },
      { name: 'Grace Hopper', visits: 2 },
    ]);
    expect(building!.topCompanies).toEqual([
      { name: 'Acme', visits: 2 },
      { name: 'Bricks', visits: 1 },
    ]);
  });

  it('counts a stay across midnight at the start of the 23-hour spring-forward day', async () => {
    const [building] = (await reportOf('ROLE_ADMIN', [tower], '2026-03-08', '2026-03-08')).buildings;
    expect(dayLines(building!)).toEqual(['2026-03-08: 1/0/0/1 peak 2@2026-03-08T06:45:00.000Z']);
    expect(building!.totals.visits).toBe(2);
    expect(building!.totals.averageStayMinutes).toBe(45);
  });

  it('compares buildings side by side, each on its own clock, a visit still inside counting until now', async () => {
    const now = Date.now();
    const midnight = now - (now % DAY);
    const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    // In the Depot (UTC) since 22:00 three days ago, never checked out.
    await visit(depot, { checked_in_at: new Date(midnight - 2 * DAY - 2 * HOUR) });
    const answer = await reportOf('ROLE_SUPERVISOR', [depot, tower], dayOf(midnight - 2 * DAY), dayOf(midnight - DAY));
    expect(answer.buildings.map((building) => building.building.name)).toEqual(['Lakeshore Depot', 'Lakeshore Tower']);
    expect(dayLines(answer.buildings[0]!)).toEqual([
      `${dayOf(midnight - 2 * DAY)}: 0/0/0/0 peak 1@${new Date(midnight - 2 * DAY).toISOString()}`,
      `${dayOf(midnight - DAY)}: 0/0/0/0 peak 1@${new Date(midnight - DAY).toISOString()}`,
    ]);
    expect(answer.buildings[0]!.totals.visits).toBe(0);
  });

  it('never counts an unassigned building or another company’s: 404', async () => {
    const period = 'from=2026-10-31&to=2026-11-01';
    const mixed = await report('ROLE_SUPERVISOR', `buildingIds=${tower},${annex}&${period}`);
    expect(mixed.statusCode).toBe(404);
    expect(jsonOf(mixed).errorCode).toBe('NOT_FOUND');
    expect((await report('ROLE_SUPERVISOR', `buildingIds=${annex}&${period}`)).statusCode).toBe(404);
    expect((await report('ROLE_ADMIN', `buildingIds=${elsewhere}&${period}`)).statusCode).toBe(404);
    expect((await report('ROLE_MASTER', `buildingIds=${annex}&${period}`)).statusCode).toBe(200);
    expect((await report('ROLE_USER', `buildingIds=${tower}&${period}`)).statusCode).toBe(403);
  });

  it('refuses a period longer than a year, or backwards', async () => {
    const tooLong = await report('ROLE_ADMIN', `buildingIds=${tower}&from=2025-01-01&to=2026-01-02`);
    expect(tooLong.statusCode).toBe(400);
    expect(jsonOf(tooLong).errorCode).toBe('DATE_RANGE_TOO_LONG');
    const backwards = await report('ROLE_ADMIN', `buildingIds=${tower}&from=2026-11-02&to=2026-11-01`);
    expect(jsonOf(backwards).errorCode).toBe('VALIDATION_FAILED');
  });
});
