import type { Insertable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Visits } from '../../db/tables.generated.ts';
import { type EvacuationList, type Role, uuidv7 } from '@vestibule/shared';
import {
  assignBuildings,
  createBuilding,
  createPerson,
  createTenant,
  createUser,
} from '../../../test/helpers/factories.ts';
import { type TestApp, bearer, createTestApp, jsonOf, logInAs } from '../../../test/helpers/test-app.ts';

// GET /evacuation/{buildingId}: everyone inside a building now, grouped by person type
// with the host's name and check-in time, for the entry log's roles within their company and,
// for supervisors, users and space users, their assigned buildings. Runs on PGlite, and on a
// PostgreSQL server with TEST_DATABASE_URL.

let t: TestApp;
let tenantId: string;
let lobby: string;
/** A building of the same company assigned to nobody. */
let annex: string;
let otherCompanyBuilding: string;
const tokens = {} as Record<Role, { authorization: string }>;
const hour = 3_600_000;
const now = Date.now();
const at = (hoursAgo: number) => new Date(now - hoursAgo * hour);

async function visit(buildingId: string, values: Partial<Insertable<Visits>>): Promise<string> {
  const id = uuidv7();
  const tenant = buildingId === otherCompanyBuilding ? await tenantOfBuilding(buildingId) : tenantId;
  await t.database.db
    .insertInto('visits')
    .values({
      id,
      tenant_id: tenant,
      building_id: buildingId,
      identifier: id.replace(/-/g, '').slice(-8).toUpperCase(),
      public_identifier: id,
      pin: '1234',
      visitor_type: 'VISITOR',
      source: 'KIOSK',
      ...values,
    })
    .execute();
  return id;
}

async function tenantOfBuilding(buildingId: string): Promise<string> {
  const row = await t.database.db
    .selectFrom('buildings')
    .select('tenant_id')
    .where('id', '=', buildingId)
    .executeTakeFirstOrThrow();
  return row.tenant_id;
}

function list(buildingId: string, role: Role) {
  return t.app.inject({ method: 'GET', url: `/service/evacuation/${buildingId}`, headers: tokens[role] });
}

/** Each group as `type: name (company, host, check-in)` lines, in the answer's order. */
function lines(answer: EvacuationList): string[] {
  return answer.groups.flatMap((group) =>
    group.people.map(
      (person) =>
        `${group.visitorType}: ${person.firstName ?? ''} ${person.lastName ?? ''} (${person.companyName ?? '-'}, ${person.host ?? '-'}, ${person.checkedInAt})`,
    ),
  );
}

const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  tenantId = await createTenant(db, { name: 'Harbour Offices' });
  lobby = await createBuilding(db, tenantId, 'Harbour Lobby');
  annex = await createBuilding(db, tenantId, 'Harbour Annex');
  otherCompanyBuilding = await createBuilding(db, await createTenant(db, { name: 'Elsewhere Ltd' }), 'Elsewhere');
  for (const role of [
    'ROLE_ADMIN',
    'ROLE_MASTER',
    'ROLE_SUPERVISOR',
    'ROLE_USER',
    'ROLE_SPACE',
    'ROLE_TECH_1',
  ] as const) {
    const user = await createUser(db, { tenantId, role });
    if (['ROLE_SUPERVISOR', 'ROLE_USER', 'ROLE_SPACE'].includes(role)) await assignBuildings(db, user.id, [lobby]);
    tokens[role] = bearer(await logInAs(t.app, user.username));
  }
  const grace = await createPerson(db, tenantId, lobby, { firstName: 'Grace', lastName: 'Hopper' });

  // Inside the lobby, one or more of each person type.
  ids.zoe = await visit(lobby, {
    first_name: 'Zoe',
    last_name: 'Young',
    company_name: 'Acme',
    host: 'Alan Turing',
    checked_in_at: at(2),
  });
  ids.adam = await visit(lobby, {
    first_name: 'adam',
    last_name: 'baker',
    host: 'Typed Host',
    host_person_id: grace,
    checked_in_at: at(1),
  });
  ids.carl = await visit(lobby, {
    visitor_type: 'CONTRACTOR',
    first_name: 'Carl',
    last_name: 'Mason',
    company_name: 'Bricks & Co',
    host: 'Alan Turing',
    checked_in_at: at(3),
  });
  ids.emma = await visit(lobby, {
    visitor_type: 'EMPLOYEE',
    first_name: 'Emma',
    last_name: 'Stone',
    person_id: await createPerson(db, tenantId, lobby, { firstName: 'Emma', lastName: 'Stone' }),
    checked_in_at: at(5),
  });
  ids.rita = await visit(lobby, {
    visitor_type: 'RESIDENT',
    first_name: 'Rita',
    last_name: 'Moreno',
    checked_in_at: at(30),
  });
  // A form that asks one full name.
  ids.full = await visit(lobby, {
    check_in_form: JSON.stringify({ fullName: 'Kim Lee', host: 'Alan Turing' }),
    host: 'Alan Turing',
    checked_in_at: at(0.5),
  });
  // Not inside: gone, refused at the door, expected later, cancelled, in another building.
  await visit(lobby, { first_name: 'Gone', last_name: 'Away', checked_in_at: at(4), checked_out_at: at(1) });
  await visit(lobby, { first_name: 'Refused', last_name: 'Entry', allowed: false, refusal_reason: 'TEMPERATURE' });
  await visit(lobby, { first_name: 'Expected', last_name: 'Later', scheduled_at: new Date(now + hour) });
  await visit(lobby, {
    first_name: 'Cancelled',
    last_name: 'Visit',
    checked_in_at: at(2),
    cancelled_at: at(1),
  });
  ids.annex = await visit(annex, { first_name: 'Annie', last_name: 'Annex', checked_in_at: at(1) });
  await visit(otherCompanyBuilding, { first_name: 'Other', last_name: 'Company', checked_in_at: at(1) });
});
afterAll(() => t.close());

describe('GET /service/evacuation/{buildingId}', () => {
  it('lists exactly who is inside, grouped by person type in a fixed order, by name, with host and check-in time', async () => {
    const response = await list(lobby, 'ROLE_MASTER');
    expect(response.statusCode).toBe(200);
    const answer = jsonOf<EvacuationList>(response);
    expect(answer.building).toEqual({ id: lobby, name: 'Harbour Lobby', timeZoneId: 'America/Toronto' });
    expect(Math.abs(new Date(answer.generatedAt).getTime() - Date.now())).toBeLessThan(60_000);
    expect(answer.groups.map((group) => group.visitorType)).toEqual(['VISITOR', 'CONTRACTOR', 'EMPLOYEE', 'RESIDENT']);
    expect(answer.total).toBe(6);
    expect(lines(answer)).toEqual([
      // By last name without case: baker, Kim Lee (a full name only, as given), Young. The directory's host
      // wins over the name typed at check-in.
      `VISITOR: adam baker (-, Grace Hopper, ${at(1).toISOString()})`,
      `VISITOR:  Kim Lee (-, Alan Turing, ${at(0.5).toISOString()})`,
      `VISITOR: Zoe Young (Acme, Alan Turing, ${at(2).toISOString()})`,
      `CONTRACTOR: Carl Mason (Bricks & Co, Alan Turing, ${at(3).toISOString()})`,
      `EMPLOYEE: Emma Stone (-, -, ${at(5).toISOString()})`,
      // Still in since yesterday: never checked out, so on the list.
      `RESIDENT: Rita Moreno (-, -, ${at(30).toISOString()})`,
    ]);
    expect(answer.groups.flatMap((group) => group.people.map((person) => person.visitId))).toEqual([
      ids.adam,
      ids.full,
      ids.zoe,
      ids.carl,
      ids.emma,
      ids.rita,
    ]);
  });

  it('answers the same list to every role of the entry log screen, space users included', async () => {
    const expected = lines(jsonOf<EvacuationList>(await list(lobby, 'ROLE_ADMIN')));
    for (const role of ['ROLE_MASTER', 'ROLE_SUPERVISOR', 'ROLE_USER', 'ROLE_SPACE'] as const) {
      const response = await list(lobby, role);
      expect({ role, status: response.statusCode }).toEqual({ role, status: 200 });
      expect(lines(jsonOf<EvacuationList>(response))).toEqual(expected);
    }
  });

  it('follows check-outs at once: someone who leaves is off the next list', async () => {
    await t.database.db.updateTable('visits').set({ checked_out_at: new Date() }).where('id', '=', ids.zoe!).execute();
    const answer = jsonOf<EvacuationList>(await list(lobby, 'ROLE_USER'));
    expect(answer.total).toBe(5);
    expect(answer.groups[0]!.people.map((person) => person.lastName)).toEqual(['baker', 'Kim Lee']);
    await t.database.db.updateTable('visits').set({ checked_out_at: null }).where('id', '=', ids.zoe!).execute();
  });

  it('answers an empty list, with every group, for a building nobody is in', async () => {
    const empty = await createBuilding(t.database.db, tenantId, 'Empty Wing');
    const answer = jsonOf<EvacuationList>(await list(empty, 'ROLE_ADMIN'));
    expect(answer.total).toBe(0);
    expect(answer.groups).toEqual([
      { visitorType: 'VISITOR', people: [] },
      { visitorType: 'CONTRACTOR', people: [] },
      { visitorType: 'EMPLOYEE', people: [] },
      { visitorType: 'RESIDENT', people: [] },
    ]);
  });

  it('shows a building assigned to nobody to those who see the whole company only', async () => {
    for (const role of ['ROLE_ADMIN', 'ROLE_MASTER'] as const) {
      const answer = jsonOf<EvacuationList>(await list(annex, role));
      expect({ role, people: answer.groups[0]!.people.map((person) => person.visitId) }).toEqual({
        role,
        people: [ids.annex],
      });
    }
    for (const role of ['ROLE_SUPERVISOR', 'ROLE_USER', 'ROLE_SPACE'] as const) {
      const response = await list(annex, role);
      expect({ role, status: response.statusCode, code: jsonOf(response).errorCode }).toEqual({
        role,
        status: 404,
        code: 'NOT_FOUND',
      });
      expect(response.body).not.toContain('Annex');
    }
  });

  it("refuses another company's building and an unknown one with 404, and leaks nothing", async () => {
    for (const buildingId of [otherCompanyBuilding, uuidv7()]) {
      for (const role of ['ROLE_ADMIN', 'ROLE_MASTER', 'ROLE_SUPERVISOR', 'ROLE_USER', 'ROLE_SPACE'] as const) {
        const response = await list(buildingId, role);
        expect({ role, status: response.statusCode, code: jsonOf(response).errorCode }).toEqual({
          role,
          status: 404,
          code: 'NOT_FOUND',
        });
        expect(response.body).not.toContain('Company');
      }
    }
  });

  it('refuses technical users (403), a caller without a token (401) and a malformed id (400)', async () => {
    const tech = await list(lobby, 'ROLE_TECH_1');
    expect([tech.statusCode, jsonOf(tech).errorCode]).toEqual([403, 'FORBIDDEN']);
    const anonymous = await t.app.inject({ method: 'GET', url: `/service/evacuation/${lobby}` });
    expect([anonymous.statusCode, jsonOf(anonymous).errorCode]).toEqual([401, 'UNAUTHORIZED']);
    const malformed = await list('not-a-building', 'ROLE_ADMIN');
    expect([malformed.statusCode, jsonOf(malformed).errorCode]).toEqual([400, 'ID_MALFORMED']);
  });
});
