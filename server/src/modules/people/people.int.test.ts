// The people directory's server: each call and each refusal, the company and the
// assigned buildings that bound what a caller sees, statuses, stats and validity in the
// building's time zone, the pass and its revocation, the e-mails through the outbox, people.csv,
// and the audit rows written in the transaction of each change.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_COUNT_CAP, type PeopleList, type Person, type PersonPass, uuidv7 } from '@vestibule/shared';
import {
  assignBuildings,
  createBuilding,
  createPerson,
  createTenant,
  createUser,
  qrCodeKeyOf,
} from '../../../test/helpers/factories.ts';
import { type TestApp, bearer, createTestApp, jsonOf, logInAs } from '../../../test/helpers/test-app.ts';
import { statsOfPerson } from './people.service.ts';

let t: TestApp;
let tenantId: string;
let otherTenant: string;
/** The supervisor's and user's building. */
let lobby: string;
/** A building nobody limited is assigned. */
let annex: string;
let otherBuilding: string;
const tokens = {} as Record<'admin' | 'master' | 'supervisor' | 'user' | 'space' | 'tech' | 'otherMaster', string>;

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

async function call(token: string, method: Method, url: string, payload?: object, headers: object = {}) {
  const response = await t.app.inject({
    method,
    url: `/service${url}`,
    ...(payload ? { payload } : {}),
    headers: { ...bearer(token), ...headers },
  });
  return { status: response.statusCode, body: jsonOf<Record<string, unknown>>(response) };
}

const employee = (buildingId: string, extra: object = {}) => ({
  firstName: 'Grace',
  lastName: 'Hopper',
  visitorType: 'EMPLOYEE',
  defaultDuration: 480,
  buildingId,
  ...extra,
});

async function add(payload: object, token = tokens.master): Promise<Person> {
  const created = await call(token, 'POST', '/person', payload);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body as unknown as Person;
}

async function list(token: string, query: string): Promise<PeopleList> {
  const answer = await call(token, 'GET', `/people${query}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as unknown as PeopleList;
}

const lastNames = async (token: string, query: string) => (await list(token, query)).docs.map((p) => p.lastName);

const auditOf = (personId: string) =>
  t.database.db
    .selectFrom('audit_log')
    .select(['action', 'entity', 'before', 'after', 'tenant_id'])
    .where('entity_id', '=', personId)
    .orderBy('at')
    .orderBy('id')
    .execute();

const stored = (id: string) => t.database.db.selectFrom('people').selectAll().where('id', '=', id).executeTakeFirst();

/** The stored row of a person who must exist. */
async function storedRow(id: string) {
  const found = await stored(id);
  if (!found) throw new Error(`person ${id} is not stored`);
  return found;
}

/** The one element of a list that must hold exactly one. */
function only<T>(items: readonly T[]): T {
  expect(items).toHaveLength(1);
  const [item] = items;
  if (item === undefined) throw new Error('no item');
  return item;
}

async function setTimeZone(buildingId: string, zone: string): Promise<void> {
  await sql`update buildings set settings = settings || jsonb_build_object('timeZoneId', ${zone}::text)
    where id = ${buildingId}`.execute(t.database.db);
}

/** Today's date in a time zone, yyyy-MM-dd. */
const todayIn = (zone: string, at = new Date()) => new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(at);

async function addVisit(
  personId: string | null,
  buildingId: string,
  times: {
    checkedInAt?: Date | null;
    checkedOutAt?: Date | null;
    scheduledAt?: Date | null;
    answeredAt?: Date | null;
    expiredAt?: Date | null;
    cancelledAt?: Date | null;
    allowed?: boolean;
  },
  tenant = tenantId,
): Promise<string> {
  const id = uuidv7();
  await t.database.db
    .insertInto('visits')
    .values({
      id,
      tenant_id: tenant,
      building_id: buildingId,
      identifier: id.slice(-8),
      public_identifier: id,
      pin: '1234',
      visitor_type: 'EMPLOYEE',
      source: 'STAFF',
      person_id: personId,
      checked_in_at: times.checkedInAt ?? null,
      checked_out_at: times.checkedOutAt ?? null,
      scheduled_at: times.scheduledAt ?? null,
      scheduled_duration: 'PT1H',
      questionnaires_answered_at: times.answeredAt ?? null,
      expired_at: times.expiredAt ?? null,
      cancelled_at: times.cancelledAt ?? null,
      allowed: times.allowed ?? true,
    })
    .execute();
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  tenantId = await createTenant(db, { name: 'People Co' });
  otherTenant = await createTenant(db, { name: 'Elsewhere Co' });
  lobby = await createBuilding(db, tenantId, 'Lobby Tower');
  annex = await createBuilding(db, tenantId, 'Annex');
  otherBuilding = await createBuilding(db, otherTenant, 'Elsewhere Tower');
  const roles = {
    admin: 'ROLE_ADMIN',
    master: 'ROLE_MASTER',
    supervisor: 'ROLE_SUPERVISOR',
    user: 'ROLE_USER',
    space: 'ROLE_SPACE',
    tech: 'ROLE_TECH_1',
  } as const;
  for (const [name, role] of Object.entries(roles)) {
    const created = await createUser(db, { tenantId, role });
    if (name === 'supervisor' || name === 'user' || name === 'space') await assignBuildings(db, created.id, [lobby]);
    tokens[name as keyof typeof roles] = await logInAs(t.app, created.username);
  }
  tokens.otherMaster = await logInAs(
    t.app,
    (await createUser(db, { tenantId: otherTenant, role: 'ROLE_MASTER' })).username,
  );
});
afterAll(() => t.close());

describe('adding a person', () => {
  it('adds a person (201) with every field, the PIN hashed, a random pass, audited without secrets', async () => {
    const person = await add(
      employee(lobby, {
        firstName: '  Ada ',
        lastName: 'Lovelace',
        email: 'ada@example.test',
        phone: '+1 555 0100',
        externalId: 'EMP-001',
        jobTitle: 'Analyst',
        department: 'Engines',
        companyName: '',
        defaultDuration: 90,
        validFrom: '2026-01-01',
        validTo: '2026-12-31',
        locale: 'fr',
        pinCode: '4321',
      }),
    );
    expect(person).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.test',
      phone: '+1 555 0100',
      visitorType: 'EMPLOYEE',
      externalId: 'EMP-001',
      jobTitle: 'Analyst',
      department: 'Engines',
      companyName: null,
      defaultDuration: 90,
      validFrom: '2026-01-01',
      validTo: '2026-12-31',
      locale: 'fr',
      hasPin: true,
      deactivated: false,
      building: { id: lobby, name: 'Lobby Tower' },
      status: 'NONE',
    });
    expect(JSON.stringify(person)).not.toContain('4321');
    const saved = await storedRow(person.id);
    expect(saved.pin_hash).toMatch(/^scrypt\$/);
    expect(saved.pin_hash).not.toContain('4321');
    expect(saved.pass_identifier).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    const other = await add(employee(lobby, { lastName: 'Second' }));
    expect((await storedRow(other.id)).pass_identifier).not.toBe(saved.pass_identifier);
    const rows = await auditOf(person.id);
    expect(rows).toMatchObject([{ action: 'PERSON_CREATED', entity: 'person', tenant_id: tenantId, before: null }]);
    expect(only(rows).after).toMatchObject({ lastName: 'Lovelace', externalId: 'EMP-001', buildingId: lobby });
    expect(JSON.stringify(rows)).not.toContain('4321');
    expect(JSON.stringify(rows)).not.toContain(saved.pass_identifier);
    expect(JSON.stringify(rows)).not.toContain('scrypt');
  });

  it('refuses a building of another company or one the supervisor is not assigned: 404, nothing written', async () => {
    const before = await t.database.db
      .selectFrom('people')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    for (const [token, building] of [
      [tokens.master, otherBuilding],
      [tokens.master, uuidv7()],
      [tokens.supervisor, annex],
    ] as const) {
      expect(await call(token, 'POST', '/person', employee(building))).toMatchObject({
        status: 404,
        body: { errorCode: 'NOT_FOUND' },
      });
    }
    expect(await add(employee(lobby, { lastName: 'By Supervisor' }), tokens.supervisor)).toMatchObject({
      building: { id: lobby },
    });
    const after = await t.database.db
      .selectFrom('people')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n) + 1);
  });

  it('refuses an external id the company already has (409), and lets another company use it', async () => {
    await add(employee(lobby, { externalId: 'DUP-1', lastName: 'First Dup' }));
    expect(await call(tokens.master, 'POST', '/person', employee(annex, { externalId: 'DUP-1' }))).toMatchObject({
      status: 409,
      body: { errorCode: 'PEOPLE_DUPLICATED_EXTERNAL_ID' },
    });
    expect(
      (await call(tokens.otherMaster, 'POST', '/person', employee(otherBuilding, { externalId: 'DUP-1' }))).status,
    ).toBe(201);
  });

  it('answers 400 with a catalogue code for each bad field, never a 500', async () => {
    const cases: [object, number, string][] = [
      [{ ...employee(lobby), defaultDuration: undefined }, 400, 'PEOPLE_DEFAULT_DURATION_REQUIRED'],
      [{ ...employee(lobby), defaultDuration: null }, 400, 'PEOPLE_DEFAULT_DURATION_REQUIRED'],
      [employee(lobby, { validFrom: '2026-05-02', validTo: '2026-05-01' }), 400, 'PEOPLE_VALID_TO_BEFORE_VALID_FROM'],
      [employee(lobby, { email: 'not-an-address' }), 400, 'EMAIL_IS_NOT_VALID'],
      [employee(lobby, { firstName: '   ' }), 400, 'IS_EMPTY'],
      [{ lastName: 'x', visitorType: 'VISITOR', buildingId: lobby }, 400, 'MISSING'],
      [employee(lobby, { buildingId: 'nope' }), 400, 'ID_MALFORMED'],
    ];
    for (const [payload, status, errorCode] of cases) {
      expect(await call(tokens.master, 'POST', '/person', payload), JSON.stringify(payload)).toMatchObject({
        status,
        body: { errorCode },
      });
    }
    const refused = [
      employee(lobby, { lastName: 'x'.repeat(65) }),
      employee(lobby, { email: `${'a'.repeat(250)}@example.test` }),
      employee(lobby, { phone: '1'.repeat(41) }),
      employee(lobby, { companyName: 'c'.repeat(127) }),
      employee(lobby, { jobTitle: 'j'.repeat(255) }),
      employee(lobby, { department: 'd'.repeat(255) }),
      employee(lobby, { externalId: 'e'.repeat(255) }),
      employee(lobby, { defaultDuration: 7 }),
      employee(lobby, { defaultDuration: 0 }),
      employee(lobby, { defaultDuration: 24 * 60 + 5 }),
      employee(lobby, { validFrom: '2026-02-30' }),
      employee(lobby, { validTo: 'tomorrow' }),
      employee(lobby, { pinCode: '12a4' }),
      employee(lobby, { pinCode: '123' }),
      employee(lobby, { pinCode: '123456789' }),
      employee(lobby, { visitorType: 'ALIEN' }),
      employee(lobby, { locale: 'de' }),
    ];
    for (const payload of refused) {
      const answer = await call(tokens.master, 'POST', '/person', payload);
      expect(answer.status, JSON.stringify(payload)).toBe(400);
      expect(typeof answer.body.errorCode).toBe('string');
    }
    // At the limits, accepted.
    await add(
      employee(lobby, {
        firstName: 'f'.repeat(64),
        lastName: 'Limits',
        companyName: 'c'.repeat(126),
        jobTitle: 'j'.repeat(254),
        department: 'd'.repeat(254),
        externalId: 'e'.repeat(254),
        phone: '1'.repeat(40),
        defaultDuration: 24 * 60,
        pinCode: '12345678',
      }),
    );
    // A visitor needs no duration.
    expect(await add({ firstName: 'Vi', lastName: 'Sitor', visitorType: 'VISITOR', buildingId: lobby })).toMatchObject({
      defaultDuration: null,
      hasPin: false,
    });
  });
});

describe('changing a person', () => {
  it('changes the given fields only, checks the rules on the person as it will be, audits what changed', async () => {
    const person = await add(employee(lobby, { lastName: 'Changeable', externalId: 'CH-1', validFrom: '2026-03-01' }));
    await add(employee(lobby, { lastName: 'Holder', externalId: 'CH-TAKEN' }));
    const changed = await call(tokens.supervisor, 'PATCH', `/person/${person.id}`, {
      jobTitle: 'Engineer',
      deactivated: true,
    });
    expect(changed).toMatchObject({
      status: 200,
      body: { lastName: 'Changeable', jobTitle: 'Engineer', deactivated: true, externalId: 'CH-1' },
    });
    const refusals: [object, number, string][] = [
      [{ defaultDuration: null }, 400, 'PEOPLE_DEFAULT_DURATION_REQUIRED'],
      [{ validTo: '2026-02-28' }, 400, 'PEOPLE_VALID_TO_BEFORE_VALID_FROM'],
      [{ externalId: 'CH-TAKEN' }, 409, 'PEOPLE_DUPLICATED_EXTERNAL_ID'],
      [{ buildingId: otherBuilding }, 404, 'NOT_FOUND'],
      [{ email: 'nope' }, 400, 'EMAIL_IS_NOT_VALID'],
      [{ lastName: '' }, 400, 'IS_EMPTY'],
      [{ defaultDuration: 13 }, 400, 'VALIDATION_FAILED'],
    ];
    for (const [payload, status, errorCode] of refusals) {
      expect(
        await call(tokens.master, 'PATCH', `/person/${person.id}`, payload),
        JSON.stringify(payload),
      ).toMatchObject({ status, body: { errorCode } });
    }
    // A validity that ends before it starts is said as such, not as a CSV row's problem.
    expect(await call(tokens.master, 'PATCH', `/person/${person.id}`, { validTo: '2026-02-28' })).toMatchObject({
      body: { msg: '"Valid to" cannot be before "valid from".', params: { field: 'validTo' } },
    });
    // The supervisor may not move the person to a building they do not see.
    expect(await call(tokens.supervisor, 'PATCH', `/person/${person.id}`, { buildingId: annex })).toMatchObject({
      status: 404,
    });
    // A visitor becoming an employee needs a duration; with one, it is accepted.
    const visitor = await add({ firstName: 'Vic', lastName: 'Tor', visitorType: 'VISITOR', buildingId: lobby });
    expect(await call(tokens.master, 'PATCH', `/person/${visitor.id}`, { visitorType: 'EMPLOYEE' })).toMatchObject({
      status: 400,
      body: { errorCode: 'PEOPLE_DEFAULT_DURATION_REQUIRED' },
    });
    expect(
      await call(tokens.master, 'PATCH', `/person/${visitor.id}`, { visitorType: 'EMPLOYEE', defaultDuration: 60 }),
    ).toMatchObject({ status: 200, body: { visitorType: 'EMPLOYEE', defaultDuration: 60 } });
    // A master moves the person, sets and then removes a PIN.
    expect(await call(tokens.master, 'PATCH', `/person/${person.id}`, { buildingId: annex })).toMatchObject({
      status: 200,
      body: { building: { id: annex, name: 'Annex' } },
    });
    expect((await call(tokens.master, 'PATCH', `/person/${person.id}`, { pinCode: '987654' })).body.hasPin).toBe(true);
    expect((await storedRow(person.id)).pin_hash).toMatch(/^scrypt\$/);
    expect((await call(tokens.master, 'PATCH', `/person/${person.id}`, { pinCode: null })).body.hasPin).toBe(false);
    expect((await storedRow(person.id)).pin_hash).toBeNull();
    // An empty change changes and records nothing.
    expect(await call(tokens.master, 'PATCH', `/person/${person.id}`, {})).toMatchObject({
      status: 200,
      body: { id: person.id, hasPin: false },
    });
    const rows = await auditOf(person.id);
    expect(rows.map((row) => row.action)).toEqual([
      'PERSON_CREATED',
      'PERSON_UPDATED',
      'PERSON_UPDATED',
      'PERSON_UPDATED',
      'PERSON_UPDATED',
    ]);
    expect(rows[1]).toMatchObject({
      before: { jobTitle: null, deactivated: false },
      after: { jobTitle: 'Engineer', deactivated: true },
    });
    expect(Object.keys(rows[1]?.after ?? {}).sort()).toEqual(['deactivated', 'jobTitle']);
    expect(rows[2]).toMatchObject({ before: { buildingId: lobby }, after: { buildingId: annex } });
    expect(JSON.stringify(rows)).not.toContain('987654');
  });

  it('lets nobody but supervisors and above change people', async () => {
    const person = await add(employee(lobby, { lastName: 'Untouchable' }));
    for (const token of [tokens.user, tokens.space, tokens.tech]) {
      for (const [method, url, payload] of [
        ['POST', '/person', employee(lobby)],
        ['PATCH', `/person/${person.id}`, { jobTitle: 'x' }],
        ['DELETE', `/person/${person.id}`, undefined],
        ['POST', `/person/${person.id}/revokePass`, undefined],
        ['POST', `/person/${person.id}/sendpass`, undefined],
        ['POST', `/person/${person.id}/sendlink`, undefined],
      ] as const) {
        expect(await call(token, method, url, payload)).toMatchObject({
          status: 403,
          body: { errorCode: 'FORBIDDEN' },
        });
      }
    }
    // The user reads.
    expect((await call(tokens.user, 'GET', `/person/${person.id}`)).body).toMatchObject({ lastName: 'Untouchable' });
    expect((await call(tokens.user, 'GET', `/person/${person.id}/stats`)).status).toBe(200);
    expect((await call(tokens.user, 'GET', `/person/${person.id}/pass`)).status).toBe(200);
    expect((await call(tokens.space, 'GET', `/person/${person.id}`)).status).toBe(403);
    expect((await call(tokens.tech, 'GET', '/people')).status).toBe(403);
    expect((await storedRow(person.id)).job_title).toBeNull();
  });
});

describe("a company's people and a caller's buildings", () => {
  it("answers 404 for another company's person on every :id route, leaking nothing", async () => {
    const theirs = await createPerson(t.database.db, otherTenant, otherBuilding, { lastName: 'Theirs' });
    const routes: [Method, string, object?][] = [
      ['GET', `/person/${theirs}`],
      ['PATCH', `/person/${theirs}`, { jobTitle: 'x' }],
      ['DELETE', `/person/${theirs}`],
      ['GET', `/person/${theirs}/stats`],
      ['GET', `/person/${theirs}/pass`],
      ['POST', `/person/${theirs}/revokePass`],
      ['POST', `/person/${theirs}/sendpass`],
      ['POST', `/person/${theirs}/sendlink`],
    ];
    for (const token of [tokens.admin, tokens.master, tokens.supervisor]) {
      for (const [method, url, payload] of routes) {
        const answer = await call(token, method, url, payload);
        expect(answer, `${method} ${url}`).toMatchObject({ status: 404, body: { errorCode: 'NOT_FOUND' } });
        expect(JSON.stringify(answer.body)).not.toContain('Theirs');
      }
    }
    expect(await lastNames(tokens.master, '?search=Theirs')).toEqual([]);
    expect((await storedRow(theirs)).job_title).toBeNull();
  });

  it('shows a supervisor and a user only the people of their assigned buildings (list, CSV and each)', async () => {
    const mine = await createPerson(t.database.db, tenantId, lobby, { lastName: 'Scope Mine' });
    const notMine = await createPerson(t.database.db, tenantId, annex, { lastName: 'Scope Annex' });
    for (const token of [tokens.supervisor, tokens.user]) {
      expect(await lastNames(token, '?search=Scope')).toEqual(['Scope Mine']);
      expect((await list(token, '?search=Scope')).totalDocs).toBe(1);
      expect(await lastNames(token, `?search=Scope&buildingId=${annex}`)).toEqual([]);
      for (const url of [`/person/${notMine}`, `/person/${notMine}/stats`, `/person/${notMine}/pass`]) {
        expect((await call(token, 'GET', url)).status, url).toBe(404);
      }
      expect((await call(token, 'GET', `/person/${mine}`)).status).toBe(200);
      const csv = await t.app.inject({
        method: 'GET',
        url: '/service/people/people.csv?search=Scope',
        headers: bearer(token),
      });
      expect(csv.body).toContain('Scope Mine');
      expect(csv.body).not.toContain('Scope Annex');
    }
    for (const method of ['PATCH', 'DELETE'] as const) {
      expect((await call(tokens.supervisor, method, `/person/${notMine}`, { jobTitle: 'x' })).status).toBe(404);
    }
    expect((await lastNames(tokens.master, '?search=Scope')).sort()).toEqual(['Scope Annex', 'Scope Mine']);
    expect((await lastNames(tokens.admin, '?search=Scope')).sort()).toEqual(['Scope Annex', 'Scope Mine']);
  });
});

describe('the list', () => {
  let building: string;
  beforeAll(async () => {
    const { db } = t.database;
    building = await createBuilding(db, tenantId, 'List House');
    const people = [
      { firstName: 'Zoe', lastName: 'Adams', email: 'zoe@list.test', visitorType: 'CONTRACTOR' as const },
      { firstName: 'Yann', lastName: 'Brown', email: 'yann@list.test', externalId: 'L_100%' },
      { firstName: 'Xavi', lastName: 'carter', email: 'x@list.test', visitorType: 'RESIDENT' as const },
      { firstName: 'Will', lastName: 'Davis', email: null, deactivated: true },
      { firstName: 'Vera', lastName: 'Evans', email: 'vera@list.test', visitorType: 'VISITOR' as const },
    ];
    for (const person of people) await createPerson(db, tenantId, building, person);
    await sql`update people set phone = '+44 20 7946 0001', company_name = 'Acme Builders'
      where last_name = 'Adams'`.execute(db);
  });

  it('pages, sorts in either order whatever the case, and counts', async () => {
    const all = `?buildingId=${building}`;
    expect(await lastNames(tokens.master, all)).toEqual(['Adams', 'Brown', 'carter', 'Davis', 'Evans']);
    expect(await lastNames(tokens.master, `${all}&order=-1`)).toEqual(['Evans', 'Davis', 'carter', 'Brown', 'Adams']);
    expect(await lastNames(tokens.master, `${all}&sort=firstName`)).toEqual([
      'Evans',
      'Davis',
      'carter',
      'Brown',
      'Adams',
    ]);
    expect((await lastNames(tokens.master, `${all}&sort=visitorType`))[0]).toBe('Adams');
    expect(await list(tokens.master, `${all}&limit=2&page=3`)).toMatchObject({
      totalDocs: 5,
      docs: [{ lastName: 'Evans' }],
    });
    for (const sort of ['lastName', 'firstName', 'email', 'visitorType', 'externalId', 'companyName', 'createdAt'])
      expect((await list(tokens.master, `${all}&sort=${sort}&order=-1`)).totalDocs).toBe(5);
  });

  it('searches by the start of a name, e-mail, phone, external id or company, whatever the case, % and _ taken literally', async () => {
    const search = async (text: string) =>
      lastNames(tokens.master, `?buildingId=${building}&search=${encodeURIComponent(text)}`);
    expect(await search('ZOE')).toEqual(['Adams']);
    expect(await search('CARTER')).toEqual(['carter']);
    expect(await search('yann brown')).toEqual(['Brown']);
    expect(await search('vera@LIST')).toEqual(['Evans']);
    expect(await search('+44 20 79')).toEqual(['Adams']);
    expect(await search('acme')).toEqual(['Adams']);
    expect(await search(' ada ')).toEqual(['Adams']);
    expect(await search('dams')).toEqual([]);
    expect(await search('l_100%')).toEqual(['Brown']);
    expect(await search('%')).toEqual([]);
    expect(await search('_')).toEqual([]);
    expect(await search('nobody')).toEqual([]);
  });

  it('counts exactly up to LIST_COUNT_CAP, then says the count stopped there', async () => {
    const { db } = t.database;
    const building = await createBuilding(db, tenantId, 'Crowd House');
    await sql`insert into people (id, tenant_id, building_id, first_name, last_name, visitor_type, pass_identifier)
      select gen_random_uuid(), ${tenantId}, ${building}, 'Crowd', 'Crowd ' || n, 'RESIDENT', 'crowd-' || n
      from generate_series(1, ${LIST_COUNT_CAP + 5}) as n`.execute(db);
    expect(await list(tokens.master, `?buildingId=${building}&limit=10`)).toMatchObject({
      totalDocs: LIST_COUNT_CAP + 1,
      totalCapped: true,
    });
    // Crowd 10, 100–109, 1000–1099 and 10000–10005.
    expect(await list(tokens.master, `?buildingId=${building}&search=crowd%2010`)).toMatchObject({
      totalDocs: 117,
      totalCapped: false,
    });
    await sql`delete from people where building_id = ${building}`.execute(db);
  });

  it('filters by type, building and active', async () => {
    const base = `?buildingId=${building}`;
    expect(await lastNames(tokens.master, `${base}&visitorType=CONTRACTOR`)).toEqual(['Adams']);
    expect(await lastNames(tokens.master, `${base}&active=false`)).toEqual(['Davis']);
    expect(await lastNames(tokens.master, `${base}&active=true`)).toEqual(['Adams', 'Brown', 'carter', 'Evans']);
    expect(await lastNames(tokens.master, `?buildingId=${annex}&search=List`)).toEqual([]);
  });

  it("filters people valid today in their building's time zone", async () => {
    const { db } = t.database;
    // 25 hours apart: the east's today is always a later date than the west's.
    const east = await createBuilding(db, tenantId, 'East Valid');
    const west = await createBuilding(db, tenantId, 'West Valid');
    await setTimeZone(east, 'Pacific/Kiritimati');
    await setTimeZone(west, 'Pacific/Pago_Pago');
    const eastToday = todayIn('Pacific/Kiritimati');
    const westToday = todayIn('Pacific/Pago_Pago');
    await createPerson(db, tenantId, east, { lastName: 'Valid East', validFrom: eastToday });
    await createPerson(db, tenantId, west, { lastName: 'Valid West Later', validFrom: eastToday });
    await createPerson(db, tenantId, west, { lastName: 'Valid West Ended', validTo: todayIn('UTC', new Date(0)) });
    await createPerson(db, tenantId, west, { lastName: 'Valid West Today', validFrom: westToday, validTo: westToday });
    await createPerson(db, tenantId, east, { lastName: 'Valid East Open' });
    await createPerson(db, tenantId, east, { lastName: 'Valid East Ends', validTo: westToday });
    expect(await lastNames(tokens.master, '?search=Valid&validToday=true')).toEqual([
      'Valid East',
      'Valid East Open',
      'Valid West Today',
    ]);
    expect((await list(tokens.master, '?search=Valid')).totalDocs).toBe(6);
  });

  it('refuses bad filters with 400 and a code', async () => {
    for (const query of [
      '?limit=0',
      '?limit=201',
      '?page=0',
      '?sort=pinHash',
      '?order=2',
      '?visitorType=ALIEN',
      '?buildingId=nope',
      '?active=yes',
      '?validToday=false',
      `?search=${'s'.repeat(201)}`,
    ]) {
      const answer = await call(tokens.master, 'GET', `/people${query}`);
      expect(answer.status, query).toBe(400);
      expect(typeof answer.body.errorCode).toBe('string');
    }
  });

  it('says who is in (an open visit in their building), out (checked out today) or neither', async () => {
    const { db } = t.database;
    const house = await createBuilding(db, tenantId, 'Status House');
    const inside = await createPerson(db, tenantId, house, { lastName: 'Status In' });
    const left = await createPerson(db, tenantId, house, { lastName: 'Status Out' });
    const yesterday = await createPerson(db, tenantId, house, { lastName: 'Status Yesterday' });
    const elsewhere = await createPerson(db, tenantId, house, { lastName: 'Status Elsewhere' });
    await createPerson(db, tenantId, house, { lastName: 'Status None' });
    const now = Date.now();
    await addVisit(inside, house, { checkedInAt: new Date(now - 60_000) });
    await addVisit(inside, house, { checkedInAt: new Date(now - 7_200_000), checkedOutAt: new Date(now - 3_600_000) });
    await addVisit(left, house, { checkedInAt: new Date(now - 120_000), checkedOutAt: new Date(now - 60_000) });
    await addVisit(yesterday, house, {
      checkedInAt: new Date(now - 3 * 86_400_000),
      checkedOutAt: new Date(now - 2 * 86_400_000),
    });
    await addVisit(elsewhere, lobby, { checkedInAt: new Date(now - 60_000) });
    const statuses = Object.fromEntries(
      (await list(tokens.master, `?buildingId=${house}`)).docs.map((person) => [person.lastName, person.status]),
    );
    expect(statuses).toEqual({
      'Status In': 'IN',
      'Status Out': 'OUT',
      'Status Yesterday': 'NONE',
      'Status Elsewhere': 'NONE',
      'Status None': 'NONE',
    });
    expect((await call(tokens.master, 'GET', `/person/${inside}`)).body.status).toBe('IN');
  });
});

describe("a person's status", () => {
  it('says pending, check-in back possible, out, expired or none by their visits at their building', async () => {
    const { db } = t.database;
    const house = await createBuilding(db, tenantId, 'Status Court');
    const now = Date.now();
    const minutes = (n: number) => new Date(now + n * 60_000);
    const person = (lastName: string) => createPerson(db, tenantId, house, { lastName });
    // Answers given ahead of an arrival with no time, or of a visit later on: awaited.
    await addVisit(await person('Court Pending'), house, { answeredAt: minutes(-10) });
    await addVisit(await person('Court Pending Later'), house, { answeredAt: minutes(-10), scheduledAt: minutes(60) });
    // Out, and their latest answers still hold (the default validity is two hours): back without answering.
    const back = await person('Court Back');
    await addVisit(back, house, { checkedInAt: minutes(-3), checkedOutAt: minutes(-1), answeredAt: minutes(-30) });
    // Out, their answers older than the validity: out.
    await addVisit(await person('Court Out'), house, {
      checkedInAt: minutes(-3),
      checkedOutAt: minutes(-1),
      answeredAt: minutes(-180),
    });
    // Their awaited visit lapsed today (the expiry marked its answers or its time).
    await addVisit(await person('Court Expired'), house, { answeredAt: minutes(-150), expiredAt: minutes(-1) });
    // A cancelled visit and a refusal at the door await nothing.
    await addVisit(await person('Court Cancelled'), house, { answeredAt: minutes(-10), cancelledAt: minutes(-1) });
    await addVisit(await person('Court Refused'), house, { answeredAt: minutes(-10), allowed: false });
    // In beats everything else.
    const inside = await person('Court In');
    await addVisit(inside, house, { answeredAt: minutes(-10) });
    await addVisit(inside, house, { checkedInAt: minutes(-1) });

    const statuses = Object.fromEntries(
      (await list(tokens.master, `?buildingId=${house}`)).docs.map((row) => [row.lastName, row.status]),
    );
    expect(statuses).toEqual({
      'Court Pending': 'PENDING',
      'Court Pending Later': 'PENDING',
      'Court Back': 'CHECK_IN_BACK',
      'Court Out': 'OUT',
      'Court Expired': 'EXPIRED',
      'Court Cancelled': 'NONE',
      'Court Refused': 'NONE',
      'Court In': 'IN',
    });
    expect((await call(tokens.master, 'GET', `/person/${back}`)).body.status).toBe('CHECK_IN_BACK');
  });
});

describe('stats', () => {
  it("counts check-ins today, yesterday, this week and this month in the building's time zone", async () => {
    const { db } = t.database;
    const tokyo = await createBuilding(db, tenantId, 'Tokyo Office');
    await setTimeZone(tokyo, 'Asia/Tokyo');
    const person = await createPerson(db, tenantId, tokyo, { lastName: 'Stats Tokyo' });
    const other = await createPerson(db, tenantId, tokyo, { lastName: 'Stats Other' });
    // Tuesday 3 March 2026, 00:30 in Tokyo (still Monday 2 March in UTC).
    const now = new Date('2026-03-02T15:30:00Z');
    const at = (iso: string) => addVisit(person, tokyo, { checkedInAt: new Date(iso) });
    await at('2026-03-02T15:10:00Z'); // Tokyo Tue 3 March 00:10: today
    await at('2026-03-02T14:50:00Z'); // Tokyo Mon 2 March 23:50: yesterday, this week
    await at('2026-03-01T14:00:00Z'); // Tokyo Sun 1 March 23:00: last week, this month
    await at('2026-02-28T14:59:00Z'); // Tokyo Sat 28 February 23:59: last month
    await at('2026-02-28T15:00:00Z'); // Tokyo Sun 1 March 00:00: this month, last week
    await addVisit(person, tokyo, {}); // not checked in
    await addVisit(other, tokyo, { checkedInAt: new Date('2026-03-02T15:20:00Z') });
    await addVisit(null, tokyo, { checkedInAt: new Date('2026-03-02T15:20:00Z') });
    const caller = { tenantId, assignedTo: undefined };
    expect(await statsOfPerson(t.app.ctx, caller, person, now)).toEqual({ today: 1, yesterday: 1, week: 2, month: 4 });
    // At 23:55 on Monday in Tokyo: the first entry is yet to come, the second is today's.
    expect(await statsOfPerson(t.app.ctx, caller, person, new Date('2026-03-02T14:55:00Z'))).toEqual({
      today: 1,
      yesterday: 2,
      week: 1,
      month: 3,
    });
    // The same entries read in a building in Toronto (its default zone): Monday 2 March, 10:30.
    await setTimeZone(tokyo, 'America/Toronto');
    expect(await statsOfPerson(t.app.ctx, caller, person, now)).toEqual({ today: 2, yesterday: 1, week: 2, month: 3 });
  });

  it('answers the stats of now through the API', async () => {
    const person = await createPerson(t.database.db, tenantId, lobby, { lastName: 'Stats Now' });
    expect((await call(tokens.user, 'GET', `/person/${person}/stats`)).body).toEqual({
      today: 0,
      yesterday: 0,
      week: 0,
      month: 0,
    });
    await addVisit(person, lobby, { checkedInAt: new Date(Date.now() - 1000) });
    expect((await call(tokens.user, 'GET', `/person/${person}/stats`)).body).toMatchObject({
      today: 1,
      week: 1,
      month: 1,
    });
  });
});

describe('the pass', () => {
  it('answers the identifier, the personal check-in link and its QR code as a PNG', async () => {
    const person = await createPerson(t.database.db, tenantId, lobby, { lastName: 'Pass Holder', deactivated: true });
    const answer = await call(tokens.user, 'GET', `/person/${person}/pass`, undefined, { host: 'door.example:8443' });
    expect(answer.status).toBe(200);
    const pass = answer.body as unknown as PersonPass;
    expect(pass.identifier).toBe((await storedRow(person)).pass_identifier);
    expect(pass.link).toBe(
      `http://door.example:8443/checkin/${await qrCodeKeyOf(t.database.db, lobby)}/${pass.identifier}`,
    );
    expect(pass.qrcode).toMatch(/^data:image\/png;base64,/);
    const png = Buffer.from(pass.qrcode.slice('data:image/png;base64,'.length), 'base64');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
  });

  it('revokes a pass: a new identifier, the old one belongs to nobody, audited without either', async () => {
    const person = await add(employee(lobby, { lastName: 'Revoked' }));
    const old = (await call(tokens.master, 'GET', `/person/${person.id}/pass`)).body as unknown as PersonPass;
    const revoked = await call(tokens.supervisor, 'POST', `/person/${person.id}/revokePass`);
    expect(revoked.status).toBe(200);
    const fresh = revoked.body as unknown as PersonPass;
    expect(fresh.identifier).not.toBe(old.identifier);
    expect(fresh.identifier).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(fresh.link).toContain(fresh.identifier);
    expect(fresh.qrcode).not.toBe(old.qrcode);
    const holders = await t.database.db
      .selectFrom('people')
      .select('id')
      .where('pass_identifier', '=', old.identifier)
      .execute();
    expect(holders).toEqual([]);
    expect(
      ((await call(tokens.master, 'GET', `/person/${person.id}/pass`)).body as unknown as PersonPass).identifier,
    ).toBe(fresh.identifier);
    const rows = await auditOf(person.id);
    expect(rows.map((row) => row.action)).toEqual(['PERSON_CREATED', 'PERSON_PASS_REVOKED']);
    expect(JSON.stringify(rows)).not.toContain(old.identifier);
    expect(JSON.stringify(rows)).not.toContain(fresh.identifier);
  });
});

describe('e-mailing the pass and the link', () => {
  const outboxTo = (to: string) =>
    t.database.db
      .selectFrom('mail_outbox')
      .select(['to_address', 'locale', 'subject', 'text_body', 'tenant_id', 'status'])
      .where('to_address', '=', to)
      .execute();

  it("queues one pass e-mail in the person's language with the link and the identifier", async () => {
    const person = await add(
      employee(lobby, { firstName: 'Amélie', lastName: 'Pass Mail', email: 'amelie@pass.test', locale: 'fr' }),
    );
    expect(await call(tokens.supervisor, 'POST', `/person/${person.id}/sendpass`)).toEqual({
      status: 200,
      body: { ok: true },
    });
    const pass = (await call(tokens.master, 'GET', `/person/${person.id}/pass`)).body as unknown as PersonPass;
    const mail = only(await outboxTo('amelie@pass.test'));
    expect(mail).toMatchObject({
      locale: 'fr',
      subject: 'Votre badge d’accès pour Lobby Tower',
      tenant_id: tenantId,
      status: 'PENDING',
    });
    expect(mail.text_body).toContain('Bonjour Amélie Pass Mail,');
    expect(mail.text_body).toContain(pass.link);
    expect(mail.text_body).toContain(pass.identifier);
    expect((await auditOf(person.id)).map((row) => [row.action, row.after])).toEqual([
      ['PERSON_CREATED', expect.anything()],
      ['PERSON_PASS_SENT', { email: 'amelie@pass.test' }],
    ]);
  });

  it("queues one link e-mail in the person's language", async () => {
    const person = await add(employee(lobby, { lastName: 'Link Mail', email: 'link@pass.test', locale: 'es' }));
    expect((await call(tokens.master, 'POST', `/person/${person.id}/sendlink`)).status).toBe(200);
    const pass = (await call(tokens.master, 'GET', `/person/${person.id}/pass`)).body as unknown as PersonPass;
    const mail = only(await outboxTo('link@pass.test'));
    expect(mail).toMatchObject({ locale: 'es', subject: 'Su enlace de registro para Lobby Tower' });
    expect(mail.text_body).toContain(pass.link);
    expect((await auditOf(person.id)).map((row) => row.action)).toEqual(['PERSON_CREATED', 'PERSON_LINK_SENT']);
  });

  it('refuses a person without an e-mail address (EMAIL_IS_NOT_VALID) and queues nothing', async () => {
    const person = await add(employee(lobby, { lastName: 'No Mail' }));
    const before = await t.database.db
      .selectFrom('mail_outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    for (const kind of ['sendpass', 'sendlink']) {
      expect(await call(tokens.master, 'POST', `/person/${person.id}/${kind}`)).toMatchObject({
        status: 400,
        body: { errorCode: 'EMAIL_IS_NOT_VALID' },
      });
    }
    const after = await t.database.db
      .selectFrom('mail_outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect((await auditOf(person.id)).map((row) => row.action)).toEqual(['PERSON_CREATED']);
  });
});

describe('deleting a person', () => {
  it('deletes the person and keeps their visits, unlinked, audited; a second delete finds nothing', async () => {
    const person = await add(employee(lobby, { lastName: 'Leaving' }));
    const visit = await addVisit(person.id, lobby, { checkedInAt: new Date(Date.now() - 3_600_000) });
    expect(await call(tokens.supervisor, 'DELETE', `/person/${person.id}`)).toEqual({
      status: 200,
      body: { ok: true },
    });
    expect(await stored(person.id)).toBeUndefined();
    const kept = await t.database.db
      .selectFrom('visits')
      .select(['id', 'person_id'])
      .where('id', '=', visit)
      .executeTakeFirst();
    expect(kept).toEqual({ id: visit, person_id: null });
    expect((await auditOf(person.id)).map((entry) => [entry.action, entry.before?.lastName ?? null])).toEqual([
      ['PERSON_CREATED', null],
      ['PERSON_DELETED', 'Leaving'],
    ]);
    expect(await call(tokens.supervisor, 'DELETE', `/person/${person.id}`)).toMatchObject({ status: 404 });
  });
});

describe('people.csv', () => {
  it('writes the filtered directory with headings in the caller’s language and inert formulas', async () => {
    const { db } = t.database;
    const building = await createBuilding(db, tenantId, 'Csv House');
    await add(
      employee(building, {
        firstName: '=HYPERLINK("http://evil.test")',
        lastName: 'Csv, "Quoted"',
        email: 'csv@people.test',
        phone: '+1 555 0199',
        externalId: '@SUM(A1)',
        defaultDuration: 95,
        validFrom: '2026-01-01',
        locale: 'es',
      }),
    );
    await add({ firstName: 'Other', lastName: 'Csv Visitor', visitorType: 'VISITOR', buildingId: building });
    const response = await t.app.inject({
      method: 'GET',
      url: `/service/people/people.csv?buildingId=${building}&visitorType=EMPLOYEE`,
      headers: { ...bearer(tokens.master), 'accept-language': 'fr-CA,fr;q=0.9' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="people.csv"');
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFFPrénom,Nom,Courriel,Téléphone,Type,Entreprise,Poste,Service,Identifiant externe,Durée par défaut,' +
        'Valide du,Valide jusqu’au,Identifiant du bâtiment,Bâtiment,Langue,Actif,Créé le',
    );
    expect(lines[1]).toMatch(
      new RegExp(
        `^"'=HYPERLINK\\(""http://evil\\.test""\\)","Csv, ""Quoted""",csv@people\\.test,'\\+1 555 0199,EMPLOYEE,,,,` +
          `'@SUM\\(A1\\),1:35,2026-01-01,,${building},Csv House,Español,oui,\\d{4}-`,
      ),
    );
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe('');
    // English by default, and the search filter applies.
    const english = await t.app.inject({
      method: 'GET',
      url: `/service/people/people.csv?search=${encodeURIComponent('csv visitor')}`,
      headers: bearer(tokens.master),
    });
    expect(english.body.split('\r\n')[0]).toMatch(/^\uFEFFFirst name,Last name,E-mail/);
    expect(english.body).toContain('Csv Visitor');
    expect(english.body).not.toContain('Quoted');
    expect((await call(tokens.master, 'GET', '/people/people.csv?sort=nope')).status).toBe(400);
  });

  it('writes every row once past its pages', async () => {
    const { db } = t.database;
    const building = await createBuilding(db, tenantId, 'Many House');
    const rows = Array.from({ length: 1203 }, (_, index) => ({
      id: uuidv7(),
      tenant_id: tenantId,
      building_id: building,
      first_name: 'Many',
      last_name: `Many ${String(index).padStart(4, '0')}`,
      visitor_type: 'RESIDENT' as const,
      pass_identifier: `many-${index}-${uuidv7()}`,
    }));
    await db.insertInto('people').values(rows).execute();
    const response = await t.app.inject({
      method: 'GET',
      url: `/service/people/people.csv?buildingId=${building}`,
      headers: bearer(tokens.master),
    });
    const lines = response.body.split('\r\n').filter((line) => line.startsWith('Many,'));
    expect(lines).toHaveLength(1203);
    expect(new Set(lines).size).toBe(1203);
  });
});

describe('audit rows in the transaction of each change', () => {
  it('makes no change whose audit row cannot be written', async () => {
    const { db } = t.database;
    const person = await add(employee(lobby, { lastName: 'Atomic', email: 'atomic@people.test' }));
    const count = async () =>
      Number(
        (
          await db
            .selectFrom('people')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const people = await count();
    const mails = async () =>
      Number(
        (
          await db
            .selectFrom('mail_outbox')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const queued = await mails();
    const pass = (await storedRow(person.id)).pass_identifier;
    // The log refuses people's rows for a moment (a fault only a test makes).
    await sql`alter table audit_log add constraint audit_test_refuses_people
      check (entity is distinct from 'person') not valid`.execute(db);
    try {
      expect((await call(tokens.master, 'POST', '/person', employee(lobby, { lastName: 'Never Added' }))).status).toBe(
        500,
      );
      expect((await call(tokens.master, 'PATCH', `/person/${person.id}`, { lastName: 'Never Renamed' })).status).toBe(
        500,
      );
      expect((await call(tokens.master, 'POST', `/person/${person.id}/revokePass`)).status).toBe(500);
      expect((await call(tokens.master, 'POST', `/person/${person.id}/sendpass`)).status).toBe(500);
      expect((await call(tokens.master, 'DELETE', `/person/${person.id}`)).status).toBe(500);
    } finally {
      await sql`alter table audit_log drop constraint audit_test_refuses_people`.execute(db);
    }
    expect(await count()).toBe(people);
    expect(await mails()).toBe(queued);
    expect(await stored(person.id)).toMatchObject({ last_name: 'Atomic', pass_identifier: pass });
  });
});
