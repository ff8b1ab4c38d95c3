import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Role, visitPermissions, roles, uuidv7 } from '@vestibule/shared';
import type { RegisteredRoute } from '../src/plugins/auth.plugin.ts';
import { buildingOfEntity } from '../src/db/ownership.repo.ts';
import { assignBuildings, createBuilding, tenantEntityFactories } from './helpers/factories.ts';
import { type TestApp, bearer, createTestApp, jsonOf, seedTwoTenants } from './helpers/test-app.ts';

// Walks every registered /service route, so routes added by later issues join automatically:
// no token -> 401; a role not granted -> 403; another tenant's row -> 404.

let t: TestApp;
let seed: Awaited<ReturnType<typeof seedTwoTenants>>;
let routes: RegisteredRoute[];

const placeholderId = '0192a0b0-0000-7000-8000-000000000001';

function noFactory(entity: string): never {
  throw new Error(`no factory for tenant entity "${entity}"`);
}

/** A concrete URL for a route pattern: params named in `ids` get that id, others a well-formed placeholder. */
function concreteUrl(route: RegisteredRoute, ids: Record<string, string> = {}): string {
  return route.url.replace(/:(\w+)/g, (_, name: string) => ids[name] ?? placeholderId).replace(/\*$/, 'x');
}

function callAs(route: RegisteredRoute, token: string | undefined, ids: Record<string, string> = {}) {
  return t.app.inject({
    method: route.method as 'GET',
    url: concreteUrl(route, ids),
    headers: token ? bearer(token) : {},
    ...(['POST', 'PUT', 'PATCH'].includes(route.method) ? { payload: {} } : {}),
  });
}

beforeAll(async () => {
  t = await createTestApp();
  seed = await seedTwoTenants(t);
  routes = t.app.registeredRoutes.filter((route) => route.access !== 'public');
});
afterAll(() => t.close());

describe('route × role × tenant matrix', () => {
  it('finds the protected routes of the service', () => {
    const names = routes.map((route) => `${route.method} ${route.url}`);
    expect(names).toContain('GET /service/token');
    expect(names).toContain('GET /service/user/:id');
    expect(names).toContain('POST /service/login/impersonate');
    expect(names).toContain('GET /service/auditLog');
    expect(names).toContain('GET /service/auditLog/audit.csv');
    for (const operations of [
      'GET /service/logs/:type/:id',
      'GET /service/jobRuns',
      'GET /service/jobRuns/jobRuns.csv',
      'GET /service/kioskSync',
      'GET /service/kioskSync/kioskSync.csv',
      'GET /service/mailbox',
      'GET /service/mailbox/mailbox.csv',
      'GET /service/stresstest',
      'GET /service/stresstest/status',
    ])
      expect(names).toContain(operations);
    for (const city of [
      'GET /service/city',
      'POST /service/city',
      'PATCH /service/city/:id',
      'DELETE /service/city/:id',
    ])
      expect(names).toContain(city);
    for (const privacy of [
      'GET /service/privacy/retention',
      'PUT /service/privacy/retention',
      'POST /service/privacy/retention/preview',
      'GET /service/privacy/notice',
      'POST /service/privacy/notice',
      'GET /service/privacy/subjects',
      'POST /service/privacy/subjects/export',
      'POST /service/privacy/subjects/erase',
      'GET /service/webhooks',
      'GET /service/ssoProvider',
      'PUT /service/ssoProvider',
      'DELETE /service/ssoProvider',
      'POST /service/webhooks/deliveries/:id/redeliver',
      'GET /service/hostChannels',
      'PATCH /service/hostChannels',
      'GET /service/watchlist',
      'POST /service/watchlist',
      'PATCH /service/watchlist/:id',
      'DELETE /service/watchlist/:id',
      'POST /service/meeting/:id/approveHeld',
      'POST /service/meeting/:id/refuseHeld',
    ])
      expect(names).toContain(privacy);
    for (const people of [
      'GET /service/people',
      'GET /service/people/people.csv',
      'POST /service/person',
      'GET /service/person/:id',
      'PATCH /service/person/:id',
      'DELETE /service/person/:id',
      'GET /service/person/:id/stats',
      'GET /service/person/:id/pass',
      'POST /service/person/:id/revokePass',
      'POST /service/person/:id/sendpass',
      'POST /service/person/:id/sendlink',
      'PATCH /service/people/upload',
    ])
      expect(names).toContain(people);
    for (const floors of [
      'GET /service/floor',
      'GET /service/public/floor/user',
      'POST /service/floor',
      'PATCH /service/floor/:id',
      'DELETE /service/floor/:id',
      'PATCH /service/floor/:id/layoutConfig',
      'GET /service/floor/:id/layout',
      'PATCH /service/floor/:id/layoutImage',
      'DELETE /service/floor/:id/layoutImage',
      'GET /service/space',
      'GET /service/space/list/:floorId',
      'GET /service/space/byFloorId/:id',
      'POST /service/space',
      'PATCH /service/space/:id',
      'DELETE /service/space/:id',
      'GET /service/space/approvers/:id',
    ])
      expect(names).toContain(floors);
  });

  it('grants floors and spaces to their managers, by floor or space, and the bookable floors to every signed-in user', () => {
    const granted = Object.fromEntries(
      routes
        .filter((route) => /^\/service\/(floor|space|public\/floor)(\/|$)/.test(route.url))
        .map((route) => [`${route.method} ${route.url}`, [route.access, route.tenantParams]]),
    );
    const managers = ['ROLE_ADMIN', 'ROLE_MASTER', 'ROLE_SUPERVISOR'];
    const byFloor = [managers, { id: 'floor' }];
    const bySpace = [managers, { id: 'space' }];
    expect(granted).toEqual({
      'GET /service/floor': [managers, {}],
      'GET /service/public/floor/user': [roles, {}],
      'POST /service/floor': [managers, {}],
      'PATCH /service/floor/:id': byFloor,
      'DELETE /service/floor/:id': byFloor,
      'PATCH /service/floor/:id/layoutConfig': byFloor,
      'GET /service/floor/:id/layout': byFloor,
      'PATCH /service/floor/:id/layoutImage': byFloor,
      'DELETE /service/floor/:id/layoutImage': byFloor,
      'GET /service/space': [managers, {}],
      'GET /service/space/list/:floorId': [managers, { floorId: 'floor' }],
      'GET /service/space/byFloorId/:id': byFloor,
      'POST /service/space': [managers, {}],
      'PATCH /service/space/:id': bySpace,
      'DELETE /service/space/:id': bySpace,
      'GET /service/space/approvers/:id': byFloor,
    });
    // The plan image is public: its key, new with each upload, is its secret.
    const open = t.app.registeredRoutes.filter((route) => route.access === 'public').map((route) => route.url);
    expect(open).toContain('/service/public/floor/:id/plan/:key');
  });

  it('grants the booking calls to every signed-in role but the technicians; the service finds the booking by company and building', () => {
    const granted = Object.fromEntries(
      routes
        .filter((route) => route.url.startsWith('/service/spacebooking'))
        .map((route) => [`${route.method} ${route.url}`, [route.access, route.tenantParams]]),
    );
    // The identifier may carry an occurrence's suffix (<uuid>-<n>): the auth hook's row check
    // cannot read it, so the service answers 404 to another company's booking (its own test).
    const bookers = [['ROLE_ADMIN', 'ROLE_MASTER', 'ROLE_SUPERVISOR', 'ROLE_USER', 'ROLE_SPACE'], {}];
    expect(granted).toEqual({
      'GET /service/spacebooking': bookers,
      'GET /service/spacebooking/test': bookers,
      'GET /service/spacebooking/:id': bookers,
      'POST /service/spacebooking': bookers,
      'PATCH /service/spacebooking/:id': bookers,
      'PATCH /service/spacebooking/approve/:id': bookers,
      'DELETE /service/spacebooking/:id': bookers,
      'GET /service/spacebooking/space/:spaceId': bookers,
      'POST /service/spacebooking/checkin/:id': bookers,
      'GET /service/spacebooking/whereabouts/:floorId': bookers,
      'GET /service/spacebooking/floor/:floorId': bookers,
    });
  });

  it("grants a building's signed documents to its managers, by building or document, and the visitor's lookup to the public", () => {
    const granted = Object.fromEntries(
      routes
        .filter((route) => /^\/service\/(building\/:id\/document|buildingDocument)(\/|$)/.test(route.url))
        .map((route) => [`${route.method} ${route.url}`, [route.access, route.tenantParams]]),
    );
    const managers = ['ROLE_ADMIN', 'ROLE_MASTER', 'ROLE_SUPERVISOR'];
    const byDocument = [managers, { id: 'document' }];
    expect(granted).toEqual({
      'GET /service/building/:id/document': [managers, { id: 'building' }],
      'POST /service/building/:id/document': [managers, { id: 'building' }],
      'PATCH /service/buildingDocument/:id': byDocument,
      'DELETE /service/buildingDocument/:id': byDocument,
      'POST /service/buildingDocument/:id/version': byDocument,
      'GET /service/buildingDocument/:id/version': byDocument,
      'GET /service/buildingDocument/:id/version/:version': byDocument,
    });
    const visitCalls = routes
      .filter((route) => route.url.startsWith('/service/meetingSignature'))
      .map((route) => [`${route.method} ${route.url}`, route.tenantParams]);
    expect(visitCalls).toEqual([
      ['GET /service/meetingSignature/:id', { id: 'signature' }],
      ['GET /service/meetingSignature/:id/image', { id: 'signature' }],
    ]);
    const open = t.app.registeredRoutes
      .filter((route) => route.access === 'public')
      .map((route) => `${route.method} ${route.url}`);
    expect(open).toContain('POST /service/checkin/:qrCodeKey/signedDocuments');
    expect(open).toContain('POST /service/checkinKiosk/:qrCodeKey/signedDocuments');
  });

  it("answers 404 to a floor or space added in another company's building or floor, or a supervisor's unassigned one (named in the body)", async () => {
    const db = t.database.db;
    const statuses: Record<string, number> = {};
    const own = await createBuilding(db, seed.tenantA, 'Floors Own');
    const ownFloor = await (tenantEntityFactories.floor ?? noFactory('floor'))(db, seed.tenantA);
    const foreign = await createBuilding(db, seed.tenantB, 'Floors Foreign');
    const foreignFloor = await (tenantEntityFactories.floor ?? noFactory('floor'))(db, seed.tenantB);
    const post = (role: Role, url: string, payload: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: `/service${url}`, headers: bearer(seed.tokens[role]), payload });
    for (const role of ['ROLE_ADMIN', 'ROLE_MASTER', 'ROLE_SUPERVISOR'] as const) {
      statuses[`${role} floor foreign`] = (await post(role, '/floor', { buildingId: foreign, name: 'X' })).statusCode;
      statuses[`${role} space foreign`] = (await post(role, '/space', { floorId: foreignFloor, name: 'X' })).statusCode;
    }
    statuses['supervisor floor unassigned'] = (
      await post('ROLE_SUPERVISOR', '/floor', { buildingId: own, name: 'X' })
    ).statusCode;
    statuses['supervisor space unassigned'] = (
      await post('ROLE_SUPERVISOR', '/space', { floorId: ownFloor, name: 'X' })
    ).statusCode;
    expect(statuses).toEqual({
      'ROLE_ADMIN floor foreign': 404,
      'ROLE_ADMIN space foreign': 404,
      'ROLE_MASTER floor foreign': 404,
      'ROLE_MASTER space foreign': 404,
      'ROLE_SUPERVISOR floor foreign': 404,
      'ROLE_SUPERVISOR space foreign': 404,
      'supervisor floor unassigned': 404,
      'supervisor space unassigned': 404,
    });
  });

  it('grants each entry-log call exactly the roles of the shared rule the screen reads', () => {
    const granted = (key: string) => routes.find((route) => `${route.method} ${route.url}` === key)?.access;
    const calls: Record<string, keyof typeof visitPermissions> = {
      'GET /service/meeting': 'view',
      'GET /service/meetingStats/:buildingId': 'view',
      'GET /service/meetings/held': 'view',
      'GET /service/meetings/meetings.csv': 'export',
      'GET /service/meeting/:id': 'view',
      'GET /service/meeting/:id/photo': 'view',
      'GET /service/meeting/:id/badge': 'view',
      'POST /service/meeting': 'invite',
      'POST /service/meetingWithCheckIn': 'fastCheckIn',
      'GET /service/meeting/building/:id/checkInData': 'fastCheckIn',
      'PATCH /service/meeting/:id': 'update',
      'PATCH /service/meeting/:id/questionnaires': 'questionnaires',
      'PATCH /service/meeting/:id/exitQuestionnaires': 'questionnaires',
      'GET /service/meeting/:id/check-in': 'checkIn',
      'GET /service/meeting/:id/check-out': 'checkOut',
      'PATCH /service/meeting/:id/check-in': 'checkIn',
      'PATCH /service/meeting/:id/check-out': 'checkOut',
      'PATCH /service/meeting/:id/check-in-back': 'checkInBack',
      'DELETE /service/meeting/:id': 'remove',
      'PATCH /service/meeting/:id/cancel': 'cancel',
      'POST /service/meeting/instantReplacementCheckin': 'fastCheckIn',
      'GET /service/meeting/building/:id/employee': 'invite',
      'GET /service/meeting/:id/questionnaire': 'view',
      'GET /service/meeting/:id/exitQuestionnaire': 'view',
      'GET /service/meetingSignature/:id': 'view',
      'GET /service/meetingSignature/:id/image': 'view',
    };
    const table = Object.fromEntries(Object.keys(calls).map((key) => [key, granted(key)]));
    expect(table).toEqual(
      Object.fromEntries(Object.entries(calls).map(([key, permission]) => [key, visitPermissions[permission]])),
    );
    // Every role admitted to /check-in-out (docs/roles.md) can at least read it (a 403 would sign it out).
    for (const role of ['ROLE_ADMIN', 'ROLE_MASTER', 'ROLE_SUPERVISOR', 'ROLE_USER', 'ROLE_SPACE'] as const)
      expect(visitPermissions.view).toContain(role);
  });

  it('registers the calls of people at the door as public ones: the building PIN, a pass or a ticket is their secret', () => {
    const open = t.app.registeredRoutes
      .filter((route) => route.access === 'public')
      .map((route) => `${route.method} ${route.url}`);
    for (const door of [
      'GET /service/pinIdentification/:qrCodeKey',
      'POST /service/pinIdentification/:qrCodeKey',
      'GET /service/checkin/:qrCodeKey/:identifier',
      'GET /service/checkinKiosk/:qrCodeKey/:identifier',
      'POST /service/checkin',
      'GET /service/sync/config/:qrCodeKey',
      // An enrolled kiosk's staff screen with the building's PIN: a held visitor let in or refused.
      'POST /service/sync/held/:qrCodeKey',
    ])
      expect(open).toContain(door);
  });

  it("registers the visitor's own visit pages as public calls: the visit's public identifier or the building's key is their secret", () => {
    const open = t.app.registeredRoutes
      .filter((route) => route.access === 'public')
      .map((route) => `${route.method} ${route.url}`);
    for (const page of [
      'GET /service/cancelable/:publicIdentifier',
      'DELETE /service/cancelable/:publicIdentifier',
      'GET /service/postponable/:publicIdentifier',
      'PATCH /service/postponable/:publicIdentifier',
      'GET /service/reschedulable/:publicIdentifier',
      'PATCH /service/reschedulable/:publicIdentifier',
      'GET /service/registration/:qrCodeKey',
      'POST /service/registration',
    ])
      expect(open).toContain(page);
  });

  it('registers the live updates: the ticket behind the bearer token, the stream public to the auth hook with the ticket as its credential', async () => {
    expect(routes.map((route) => `${route.method} ${route.url}`)).toContain('POST /service/live/ticket');
    const open = t.app.registeredRoutes
      .filter((route) => route.access === 'public')
      .map((route) => `${route.method} ${route.url}`);
    expect(open).toContain('GET /service/live/visits');
    for (const token of [undefined, seed.tokens.ROLE_ADMIN]) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/service/live/visits?ticket=forged',
        headers: token ? bearer(token) : {},
      });
      expect(response.statusCode).toBe(401);
      expect(jsonOf(response).errorCode).toBe('BAD_TOKEN');
    }
  });

  it('registers the evacuation list for the roles of the entry log screen, by building', () => {
    const evacuation = routes.find((route) => `${route.method} ${route.url}` === 'GET /service/evacuation/:buildingId');
    expect(evacuation!.access).toEqual(['ROLE_ADMIN', 'ROLE_MASTER', 'ROLE_SUPERVISOR', 'ROLE_USER', 'ROLE_SPACE']);
    // The building is checked against the tenant and the caller's assigned buildings (below).
    expect(evacuation!.tenantParams).toEqual({ buildingId: 'building' });
  });

  it('answers 401 UNAUTHORIZED to every protected route without a token', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      const response = await callAs(route, undefined);
      if (response.statusCode !== 401 || jsonOf(response).errorCode !== 'UNAUTHORIZED') {
        failures.push(`${route.method} ${route.url} -> ${response.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers 403 FORBIDDEN to every role a route does not grant', async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const route of routes) {
      if (route.access === 'public') continue;
      const refused = roles.filter((role) => !(route.access as readonly Role[]).includes(role));
      for (const role of refused) {
        checked++;
        const response = await callAs(route, seed.tokens[role]);
        if (response.statusCode !== 403 || jsonOf(response).errorCode !== 'FORBIDDEN') {
          failures.push(`${role} ${route.method} ${route.url} -> ${response.statusCode}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(0);
  });

  it("never lets a granted role reach another tenant's row: 404", async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const route of routes) {
      const params = Object.entries(route.tenantParams);
      if (params.length === 0 || route.access === 'public') continue;
      const ids: Record<string, string> = {};
      for (const [param, entity] of params) {
        const factory = tenantEntityFactories[entity];
        if (!factory) throw new Error(`no factory for tenant entity "${entity}" (route ${route.url})`);
        ids[param] = await factory(t.database.db, seed.tenantB);
      }
      for (const role of route.access) {
        checked++;
        const response = await callAs(route, seed.tokens[role], ids);
        const body = response.body;
        if (response.statusCode !== 404)
          failures.push(`${role} ${route.method} ${route.url} -> ${response.statusCode}`);
        for (const id of Object.values(ids)) if (body.includes(id)) failures.push(`${role} ${route.url} leaks ${id}`);
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(0);
  });

  it('never lets a supervisor, user or space user reach a row of a building not assigned to them: 404', async () => {
    const failures: string[] = [];
    let checked = 0;
    const limited = ['ROLE_SUPERVISOR', 'ROLE_USER', 'ROLE_SPACE'] as const;
    for (const route of routes) {
      const params = Object.entries(route.tenantParams);
      if (!params.some(([, entity]) => entity in buildingOfEntity) || route.access === 'public') continue;
      // Rows of their own tenant, in buildings nobody assigned to them.
      const ids: Record<string, string> = {};
      for (const [param, entity] of params)
        ids[param] = await (tenantEntityFactories[entity] ?? noFactory(entity))(t.database.db, seed.tenantA);
      for (const role of limited.filter((candidate) => route.access.includes(candidate))) {
        checked++;
        const response = await callAs(route, seed.tokens[role], ids);
        if (response.statusCode !== 404)
          failures.push(`${role} ${route.method} ${route.url} -> ${response.statusCode}`);
        for (const id of Object.values(ids))
          if (response.body.includes(id)) failures.push(`${role} ${route.url} leaks ${id}`);
      }
      // Assigned, the same rows are found (GET routes): the 404 was the assignment's.
      if (route.method !== 'GET') continue;
      for (const role of limited.filter((candidate) => route.access.includes(candidate))) {
        const buildings = new Set<string>();
        for (const [param, entity] of params) {
          const building = await buildingOfEntity[entity]?.(t.database.db, ids[param] ?? '');
          if (building) buildings.add(building);
        }
        const userId = seed.users[role].id;
        await t.database.db
          .insertInto('user_buildings')
          .values([...buildings].map((building_id) => ({ user_id: userId, building_id })))
          .onConflict((oc) => oc.doNothing())
          .execute();
        const response = await callAs(route, seed.tokens[role], ids);
        if (response.statusCode === 404)
          failures.push(`assigned ${role} ${route.method} ${route.url} -> ${response.statusCode}`);
        await t.database.db.deleteFrom('user_buildings').where('user_id', '=', userId).execute();
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(0);
  });

  it('lists only the assigned buildings and their visits to a supervisor, and every building to a corporate user', async () => {
    const db = t.database.db;
    const assigned = await createBuilding(db, seed.tenantA, 'Scope Assigned');
    const other = await createBuilding(db, seed.tenantA, 'Scope Other');
    await assignBuildings(db, seed.users.ROLE_SUPERVISOR.id, [assigned]);
    try {
      for (const buildingId of [assigned, other]) {
        await db
          .insertInto('visits')
          .values({
            id: uuidv7(),
            tenant_id: seed.tenantA,
            building_id: buildingId,
            identifier: uuidv7().slice(-8),
            public_identifier: uuidv7(),
            pin: '1234',
            visitor_type: 'VISITOR',
            last_name: `Scope ${buildingId === assigned ? 'in' : 'out'}`,
            check_in_form: '{}',
            questionnaires_answers: '[]',
            source: 'STAFF',
          })
          .execute();
      }
      const get = async (role: Role, url: string) =>
        jsonOf<{ docs: { name?: string; lastName?: string | null; buildingId?: string }[] }>(
          await t.app.inject({ method: 'GET', url: `/service${url}`, headers: bearer(seed.tokens[role]) }),
        );
      const names = (await get('ROLE_SUPERVISOR', '/building?search=Scope&limit=100')).docs.map((b) => b.name);
      expect(names).toEqual(['Scope Assigned']);
      const visits = (await get('ROLE_SUPERVISOR', '/meeting?search=Scope&limit=100')).docs.map((v) => v.lastName);
      expect(visits).toEqual(['Scope in']);
      const forMaster = (await get('ROLE_MASTER', '/building?search=Scope&limit=100')).docs.map((b) => b.name);
      expect(forMaster.sort()).toEqual(['Scope Assigned', 'Scope Other']);
      const selected = jsonOf<{ buildings: { name: string }[] }>(
        await t.app.inject({ method: 'GET', url: '/service/selectTenant', headers: bearer(seed.tokens.ROLE_USER) }),
      );
      expect(selected.buildings).toEqual([]);
    } finally {
      await db.deleteFrom('user_buildings').where('user_id', '=', seed.users.ROLE_SUPERVISOR.id).execute();
    }
  });

  it("answers 404 to the entry and attendance reports for another company's building and a supervisor's unassigned one", async () => {
    const reports = routes.filter((route) =>
      ['/service/reports/entries', '/service/reports/attendance'].some((base) => route.url.startsWith(base)),
    );
    expect(reports.map((route) => `${route.method} ${route.url}`).sort()).toEqual([
      'GET /service/reports/attendance',
      'GET /service/reports/attendance/people.csv',
      'GET /service/reports/entries',
      'GET /service/reports/entries/visits',
      'GET /service/reports/entries/visits.csv',
    ]);
    const db = t.database.db;
    const own = await createBuilding(db, seed.tenantA, 'Report Own');
    const foreign = await createBuilding(db, seed.tenantB, 'Report Foreign');
    const failures: string[] = [];
    const ask = (route: RegisteredRoute, role: Role, ids: string) =>
      t.app.inject({
        method: 'GET',
        url: `${route.url}?buildingIds=${ids}&from=2026-11-01&to=2026-11-30`,
        headers: bearer(seed.tokens[role]),
      });
    for (const route of reports) {
      expect(route.access).toEqual(['ROLE_ADMIN', 'ROLE_MASTER', 'ROLE_SUPERVISOR']);
      for (const role of route.access as readonly Role[]) {
        const response = await ask(route, role, `${own},${foreign}`);
        if (response.statusCode !== 404) failures.push(`${role} ${route.url} foreign -> ${response.statusCode}`);
        if (response.body.includes(foreign)) failures.push(`${role} ${route.url} leaks ${foreign}`);
      }
      const unassigned = await ask(route, 'ROLE_SUPERVISOR', own);
      if (unassigned.statusCode !== 404)
        failures.push(`supervisor ${route.url} unassigned -> ${unassigned.statusCode}`);
      await assignBuildings(db, seed.users.ROLE_SUPERVISOR.id, [own]);
      const assigned = await ask(route, 'ROLE_SUPERVISOR', own);
      if (assigned.statusCode !== 200) failures.push(`supervisor ${route.url} assigned -> ${assigned.statusCode}`);
      await db.deleteFrom('user_buildings').where('user_id', '=', seed.users.ROLE_SUPERVISOR.id).execute();
    }
    expect(failures).toEqual([]);
  });

  it("answers 404 to the history of another company's object of each kind (the kind is a parameter, so the service checks it)", async () => {
    const kinds = { visit: 'visit', person: 'person', user: 'user', building: 'building', kiosk: 'device' } as const;
    const failures: string[] = [];
    for (const [type, entity] of Object.entries(kinds)) {
      const id = await (tenantEntityFactories[entity] ?? noFactory(entity))(t.database.db, seed.tenantB);
      const response = await t.app.inject({
        method: 'GET',
        url: `/service/logs/${type}/${id}`,
        headers: bearer(seed.tokens.ROLE_ADMIN),
      });
      if (response.statusCode !== 404 || response.body.includes(id)) failures.push(`${type} -> ${response.statusCode}`);
      // The same kind of the admin's own company is found: the 404 was the company's.
      const own = await (tenantEntityFactories[entity] ?? noFactory(entity))(t.database.db, seed.tenantA);
      const found = await t.app.inject({
        method: 'GET',
        url: `/service/logs/${type}/${own}`,
        headers: bearer(seed.tokens.ROLE_ADMIN),
      });
      if (found.statusCode !== 200) failures.push(`own ${type} -> ${found.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it("holds the building report's buildings, named in its query, to the tenant and the assigned buildings: 404", async () => {
    const report = routes.find((route) => `${route.method} ${route.url}` === 'GET /service/reports/building');
    expect(report!.access).toEqual(['ROLE_ADMIN', 'ROLE_MASTER', 'ROLE_SUPERVISOR']);
    const db = t.database.db;
    const own = await createBuilding(db, seed.tenantA, 'Report Own');
    const foreign = await createBuilding(db, seed.tenantB, 'Report Foreign');
    const call = (role: Role, buildingIds: string[]) =>
      t.app.inject({
        method: 'GET',
        url: `/service/reports/building?buildingIds=${buildingIds.join(',')}&from=2026-11-01&to=2026-11-07`,
        headers: bearer(seed.tokens[role]),
      });
    const statuses: Record<string, number> = {};
    for (const role of report!.access as readonly Role[]) {
      statuses[`${role} other tenant`] = (await call(role, [foreign])).statusCode;
      statuses[`${role} own and other tenant`] = (await call(role, [own, foreign])).statusCode;
      statuses[`${role} own`] = (await call(role, [own])).statusCode;
    }
    await assignBuildings(db, seed.users.ROLE_SUPERVISOR.id, [own]);
    try {
      statuses['ROLE_SUPERVISOR assigned'] = (await call('ROLE_SUPERVISOR', [own])).statusCode;
    } finally {
      await db.deleteFrom('user_buildings').where('user_id', '=', seed.users.ROLE_SUPERVISOR.id).execute();
    }
    expect(statuses).toEqual({
      'ROLE_ADMIN other tenant': 404,
      'ROLE_ADMIN own and other tenant': 404,
      'ROLE_ADMIN own': 200,
      'ROLE_MASTER other tenant': 404,
      'ROLE_MASTER own and other tenant': 404,
      'ROLE_MASTER own': 200,
      'ROLE_SUPERVISOR other tenant': 404,
      'ROLE_SUPERVISOR own and other tenant': 404,
      // Of the company, but not assigned to the supervisor.
      'ROLE_SUPERVISOR own': 404,
      'ROLE_SUPERVISOR assigned': 200,
    });
  });

  it("lets a granted role read its own tenant's row (the 404 above is not a blanket refusal)", async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/service/user/${seed.users.ROLE_USER.id}`,
      headers: bearer(seed.tokens.ROLE_MASTER),
    });
    expect(response.statusCode).toBe(200);
    expect(jsonOf(response).username).toBe(seed.users.ROLE_USER.username);
  });

  it('answers 404 NOT_FOUND with a code for an unknown /service route', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/service/no/such/route' });
    expect(response.statusCode).toBe(404);
    expect(jsonOf(response)).toEqual({ errorCode: 'NOT_FOUND', msg: 'Not found.' });
  });

  it('answers 400 ID_MALFORMED for a malformed id', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/service/user/not-a-uuid',
      headers: bearer(seed.tokens.ROLE_ADMIN),
    });
    expect(response.statusCode).toBe(400);
    expect(jsonOf(response).errorCode).toBe('ID_MALFORMED');
  });
});

describe('tenant selection', () => {
  it('lets admin and tech switch tenant, which then scopes their reads', async () => {
    for (const role of ['ROLE_ADMIN', 'ROLE_TECH_1', 'ROLE_TECH_2'] as const) {
      const token = seed.tokens[role];
      const listed = jsonOf<{ tenants: { id: string }[] }>(
        await t.app.inject({ method: 'GET', url: '/service/selectTenant', headers: bearer(token) }),
      );
      expect(listed.tenants.map((tenant) => tenant.id)).toEqual(expect.arrayContaining([seed.tenantA, seed.tenantB]));
      const switched = await t.app.inject({
        method: 'GET',
        url: `/service/selectTenant/${seed.tenantB}`,
        headers: bearer(token),
      });
      expect(jsonOf<{ tenant: { name: string } }>(switched).tenant.name).toBe('Tenant B');
      const ownTenantUser = await t.app.inject({
        method: 'GET',
        url: `/service/user/${seed.users.ROLE_USER.id}`,
        headers: bearer(token),
      });
      expect(ownTenantUser.statusCode).toBe(404);
      await t.app.inject({ method: 'GET', url: `/service/selectTenant/${seed.tenantA}`, headers: bearer(token) });
    }
  });

  it('keeps other roles in their own tenant', async () => {
    const mine = jsonOf<{ tenant: { id: string }; tenants: { id: string }[] }>(
      await t.app.inject({ method: 'GET', url: '/service/selectTenant', headers: bearer(seed.tokens.ROLE_MASTER) }),
    );
    expect(mine.tenant.id).toBe(seed.tenantA);
    expect(mine.tenants.map((tenant) => tenant.id)).toEqual([seed.tenantA]);
  });

  it('answers 404 for a tenant that does not exist', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/service/selectTenant/${placeholderId}`,
      headers: bearer(seed.tokens.ROLE_ADMIN),
    });
    expect(response.statusCode).toBe(404);
  });
});
