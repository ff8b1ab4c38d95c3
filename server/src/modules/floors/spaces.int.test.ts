import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Floor, type Space, type SpaceApprover, type SpaceOption, uuidv7 } from '@vestibule/shared';
import { assignBuildings, createBooking, createBuilding, createUser } from '../../../test/helpers/factories.ts';
import {
  type TestApp,
  bearer,
  createTestApp,
  jsonOf,
  logInAs,
  tenantWithBuilding,
} from '../../../test/helpers/test-app.ts';

let t: TestApp;
let tenantId: string;
let buildingId: string;
let auth: { authorization: string };
let floor: Floor;

beforeAll(async () => {
  t = await createTestApp();
  ({ tenantId, buildingId, auth } = await tenantWithBuilding(
    t,
    { tenant: 'Space Corp', building: 'Space Tower' },
    'ROLE_ADMIN',
  ));
  floor = await addFloor('Main');
});
afterAll(() => t.close());

async function addFloor(name: string, building = buildingId, headers = auth): Promise<Floor> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/service/floor',
    headers,
    payload: { buildingId: building, name },
  });
  expect(response.statusCode).toBe(200);
  return jsonOf<Floor>(response);
}

const rect = (x: number, y: number, width = 0.05, height = 0.05) => ({ kind: 'rect', x, y, width, height });

async function add(body: Record<string, unknown>, headers = auth) {
  return t.app.inject({ method: 'POST', url: '/service/space', headers, payload: { floorId: floor.id, ...body } });
}

async function added(body: Record<string, unknown>) {
  const response = await add(body);
  expect(response.statusCode).toBe(200);
  return jsonOf<Space>(response);
}

async function change(id: string, body: Record<string, unknown>) {
  return t.app.inject({ method: 'PATCH', url: `/service/space/${id}`, headers: auth, payload: body });
}

async function auditActions(entityId: string): Promise<string[]> {
  const rows = await t.database.db
    .selectFrom('audit_log')
    .select('action')
    .where('entity_id', '=', entityId)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.action);
}

describe('adding a space', () => {
  it("answers 200 with the kind's colour, public and available, and no approver; audited", async () => {
    const response = await add({ name: 'Desk 1', kind: 'DESK', shape: rect(0.1, 0.1) });
    expect(response.statusCode).toBe(200);
    const space = jsonOf<Space>(response);
    expect(space).toMatchObject({
      floorId: floor.id,
      floorName: 'Main',
      buildingId,
      buildingName: 'Space Tower',
      name: 'Desk 1',
      kind: 'DESK',
      color: '#2e7d32',
      public: true,
      available: true,
      capacity: null,
      description: null,
      approver1: null,
      approver2: null,
      shape: rect(0.1, 0.1),
      futureBookings: 0,
    });
    expect(await auditActions(space.id)).toEqual(['SPACE_CREATED']);
  });

  it('refuses a name the floor already has, whatever its case: SPACE_NAME_EXISTS', async () => {
    await added({ name: 'Boardroom' });
    const response = await add({ name: 'BOARDROOM' });
    expect(response.statusCode).toBe(409);
    expect(jsonOf(response).errorCode).toBe('SPACE_NAME_EXISTS');
  });

  it('refuses a shape outside the plan or too small: SPACE_SHAPE_INVALID', async () => {
    for (const shape of [
      rect(0.9, 0.1, 0.2, 0.1),
      rect(0.1, 0.1, 0.001, 0.1),
      {
        kind: 'polygon',
        points: [
          { x: 0.1, y: 0.1 },
          { x: 0.2, y: 0.2 },
          { x: 0.3, y: 0.3 },
        ],
      },
    ]) {
      const response = await add({ name: `Bad ${JSON.stringify(shape)}`.slice(0, 90), shape });
      expect(response.statusCode).toBe(400);
      expect(jsonOf(response).errorCode).toBe('SPACE_SHAPE_INVALID');
    }
  });

  it('refuses the same approver twice: SPACE_APPROVERS_SAME', async () => {
    const master = await createUser(t.database.db, { tenantId, role: 'ROLE_MASTER' });
    const response = await add({ name: 'Twice', approver1Id: master.id, approver2Id: master.id });
    expect(response.statusCode).toBe(400);
    expect(jsonOf(response).errorCode).toBe('SPACE_APPROVERS_SAME');
  });

  it("answers 404 for another company's floor", async () => {
    const other = await tenantWithBuilding(t, { tenant: 'Far Corp', building: 'Far Tower' }, 'ROLE_ADMIN');
    const farFloor = await addFloor('Far', other.buildingId, other.auth);
    const response = await t.app.inject({
      method: 'POST',
      url: '/service/space',
      headers: auth,
      payload: { floorId: farFloor.id, name: 'Intruder' },
    });
    expect(response.statusCode).toBe(404);
    expect((await add({ name: 'Nowhere', floorId: uuidv7() })).statusCode).toBe(404);
  });

  it('refuses a space past the per-floor limit: SPACE_LIMIT_REACHED', async () => {
    const full = await addFloor('Packed');
    await t.database.db
      .insertInto('spaces')
      .values(
        Array.from({ length: 2000 }, (_, i) => ({
          id: uuidv7(),
          tenant_id: tenantId,
          floor_id: full.id,
          name: `D${i}`,
          kind: 'DESK' as const,
          color: '#2e7d32',
        })),
      )
      .execute();
    const response = await add({ name: 'One more', floorId: full.id });
    expect(response.statusCode).toBe(409);
    expect(jsonOf(response)).toMatchObject({ errorCode: 'SPACE_LIMIT_REACHED', params: { max: 2000 } });
  });
});

describe('approvers', () => {
  it("are the company's administrators and masters and the users assigned to the building, never a technician or another company's", async () => {
    const db = t.database.db;
    const master = await createUser(db, { tenantId, role: 'ROLE_MASTER', username: 'approver-master' });
    const assigned = await createUser(db, { tenantId, role: 'ROLE_SUPERVISOR', username: 'approver-assigned' });
    await assignBuildings(db, assigned.id, [buildingId]);
    const unassigned = await createUser(db, { tenantId, role: 'ROLE_USER', username: 'approver-unassigned' });
    await assignBuildings(db, unassigned.id, [await createBuilding(db, tenantId, 'Elsewhere')]);
    const tech = await createUser(db, { tenantId, role: 'ROLE_TECH_1', username: 'approver-tech' });
    const blocked = await createUser(db, {
      tenantId,
      role: 'ROLE_MASTER',
      username: 'approver-blocked',
      blocked: true,
    });
    const other = await tenantWithBuilding(t, { tenant: 'Approver Rival', building: 'Rival' }, 'ROLE_MASTER');
    const foreign = await createUser(db, {
      tenantId: other.tenantId,
      role: 'ROLE_MASTER',
      username: 'approver-foreign',
    });

    const listed = jsonOf<SpaceApprover[]>(
      await t.app.inject({ method: 'GET', url: `/service/space/approvers/${floor.id}`, headers: auth }),
    );
    const ids = listed.map((approver) => approver.id);
    expect(ids).toEqual(expect.arrayContaining([master.id, assigned.id]));
    for (const refused of [unassigned, tech, blocked, foreign]) expect(ids).not.toContain(refused.id);
    expect(listed.find((approver) => approver.id === master.id)).toEqual({
      id: master.id,
      name: 'Test approver-master',
      email: 'approver-master@example.test',
    });

    const room = await added({ name: 'Approved room', approver1Id: master.id, approver2Id: assigned.id });
    expect(room.approver1).toMatchObject({ id: master.id, name: 'Test approver-master' });
    expect(room.approver2).toMatchObject({ id: assigned.id });
    for (const refused of [unassigned, tech, blocked, foreign, { id: uuidv7() }]) {
      const response = await change(room.id, { approver2Id: refused.id });
      expect(response.statusCode).toBe(400);
      expect(jsonOf(response).errorCode).toBe('SPACE_APPROVER_INVALID');
      const created = await add({ name: `Refused ${refused.id.slice(-6)}`, approver1Id: refused.id });
      expect(jsonOf(created).errorCode).toBe('SPACE_APPROVER_INVALID');
    }
    // An approver deleted leaves the space without them.
    await db.deleteFrom('users').where('id', '=', assigned.id).execute();
    const layout = jsonOf<{ spaces: Space[] }>(
      await t.app.inject({ method: 'GET', url: `/service/floor/${floor.id}/layout`, headers: auth }),
    );
    expect(layout.spaces.find((space) => space.id === room.id)).toMatchObject({ approver2: null });
  });
});

describe('changing a space', () => {
  it('changes only the fields given, audits what changed, refuses a taken name', async () => {
    const space = await added({ name: 'Phone booth', kind: 'OTHER', capacity: 1, shape: rect(0.5, 0.5) });
    await added({ name: 'Quiet room' });
    const response = await change(space.id, { capacity: 2, color: '#ABCDEF', public: false, shape: null });
    expect(response.statusCode).toBe(200);
    expect(jsonOf<Space>(response)).toMatchObject({
      name: 'Phone booth',
      kind: 'OTHER',
      capacity: 2,
      color: '#abcdef',
      public: false,
      available: true,
      shape: null,
    });
    const taken = await change(space.id, { name: 'quiet ROOM' });
    expect(taken.statusCode).toBe(409);
    expect(jsonOf(taken).errorCode).toBe('SPACE_NAME_EXISTS');
    const row = await t.database.db
      .selectFrom('audit_log')
      .select(['before', 'after'])
      .where('entity_id', '=', space.id)
      .where('action', '=', 'SPACE_UPDATED')
      .executeTakeFirstOrThrow();
    expect(row.after).toEqual({ capacity: 2, color: '#abcdef', public: false, shape: null });
    expect(await auditActions(space.id)).toEqual(['SPACE_CREATED', 'SPACE_UPDATED']);
  });
});

describe('listing spaces', () => {
  it("lists a floor's map, its picker, and the paged list sorted, searched and filtered", async () => {
    const listFloor = await addFloor('List floor');
    for (const [name, kind] of [
      ['Zeta', 'ROOM'],
      ['Alpha', 'DESK'],
      ['Mid', 'OTHER'],
    ] as const)
      await add({ floorId: listFloor.id, name, kind, shape: rect(0.1, 0.1) });
    const map = jsonOf<Space[]>(
      await t.app.inject({ method: 'GET', url: `/service/space/byFloorId/${listFloor.id}`, headers: auth }),
    );
    expect(map.map((space) => space.name)).toEqual(['Alpha', 'Mid', 'Zeta']);
    const options = jsonOf<SpaceOption[]>(
      await t.app.inject({ method: 'GET', url: `/service/space/list/${listFloor.id}`, headers: auth }),
    );
    expect(options.map((option) => Object.keys(option).sort())).toEqual(
      Array(3).fill(['available', 'id', 'kind', 'name', 'public']),
    );
    const list = async (query: string) =>
      jsonOf<{ docs: Space[]; totalDocs: number }>(
        await t.app.inject({ method: 'GET', url: `/service/space?floorId=${listFloor.id}&${query}`, headers: auth }),
      );
    expect((await list('sort=kind&order=-1')).docs.map((space) => space.kind)).toEqual(['ROOM', 'OTHER', 'DESK']);
    expect((await list('kind=DESK')).docs.map((space) => space.name)).toEqual(['Alpha']);
    expect((await list('search=ze')).docs.map((space) => space.name)).toEqual(['Zeta']);
    const paged = await list('limit=1&page=3');
    expect(paged.totalDocs).toBe(3);
    expect(paged.docs.map((space) => space.name)).toEqual(['Zeta']);
    expect((await list(`buildingId=${uuidv7()}`)).docs).toEqual([]);
    const bad = await t.app.inject({ method: 'GET', url: '/service/space?sort=password', headers: auth });
    expect(jsonOf(bad).errorCode).toBe('ERROR_WITH_FILTER');
    expect(
      (await t.app.inject({ method: 'GET', url: `/service/space/byFloorId/${uuidv7()}`, headers: auth })).statusCode,
    ).toBe(404);
  });

  it("writes the map's spaces as the paged list writes them, approvers by the name lists show", async () => {
    const mapFloor = await addFloor('Twin');
    // Names as lists show them: a blank first name is left out; no name at all shows the username.
    const [blankFirst, nameless] = [
      await createUser(t.database.db, { tenantId, role: 'ROLE_MASTER' }),
      await createUser(t.database.db, { tenantId, role: 'ROLE_MASTER' }),
    ];
    await t.database.db
      .updateTable('users')
      .set({ first_name: ' \t', last_name: 'Solo' })
      .where('id', '=', blankFirst.id)
      .execute();
    await t.database.db
      .updateTable('users')
      .set({ first_name: null, last_name: '' })
      .where('id', '=', nameless.id)
      .execute();
    const room = await added({
      floorId: mapFloor.id,
      name: 'Boardroom',
      kind: 'ROOM',
      capacity: 12,
      description: 'By the lifts',
      approver1Id: blankFirst.id,
      approver2Id: nameless.id,
      shape: {
        kind: 'polygon',
        points: [
          { x: 0.1, y: 0.1 },
          { x: 0.3, y: 0.1 },
          { x: 0.2, y: 0.3 },
        ],
      },
    });
    await added({ floorId: mapFloor.id, name: 'Annex', kind: 'OTHER', public: false, available: false });
    const startsAt = new Date(Date.now() + 3_600_000);
    await createBooking(t.database.db, {
      tenantId,
      spaceId: room.id,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 3_600_000),
      status: 'PENDING',
    });
    const map = jsonOf<Space[]>(
      await t.app.inject({ method: 'GET', url: `/service/space/byFloorId/${mapFloor.id}`, headers: auth }),
    );
    const list = jsonOf<{ docs: Space[] }>(
      await t.app.inject({ method: 'GET', url: `/service/space?floorId=${mapFloor.id}&sort=name`, headers: auth }),
    );
    expect(map).toEqual(list.docs);
    expect(map.map((space) => space.name)).toEqual(['Annex', 'Boardroom']);
    expect(map[1]).toMatchObject({
      approver1: { id: blankFirst.id, name: 'Solo' },
      approver2: { id: nameless.id, name: nameless.username },
      futureBookings: 1,
    });
    expect(map[1]!.updatedAt).toBe(room.updatedAt);
  });

  it('shows a supervisor only the spaces of their buildings', async () => {
    const supervisor = await createUser(t.database.db, { tenantId, role: 'ROLE_SUPERVISOR' });
    const headers = bearer(await logInAs(t.app, supervisor.username));
    expect(
      jsonOf<{ docs: Space[] }>(await t.app.inject({ method: 'GET', url: '/service/space', headers })).docs,
    ).toEqual([]);
    await assignBuildings(t.database.db, supervisor.id, [buildingId]);
    const seen = jsonOf<{ totalDocs: number }>(await t.app.inject({ method: 'GET', url: '/service/space', headers }));
    expect(seen.totalDocs).toBeGreaterThan(0);
  });
});

describe('deleting a space', () => {
  async function booking(spaceId: string, hoursFromNow: number, status: 'APPROVED' | 'CANCELLED' = 'APPROVED') {
    const startsAt = new Date(Date.now() + hoursFromNow * 3_600_000);
    return createBooking(t.database.db, {
      tenantId,
      spaceId,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 3_600_000),
      status,
    });
  }

  it('deletes a space whose bookings are all over or cancelled', async () => {
    const space = await added({ name: 'Old room' });
    await booking(space.id, -48);
    await booking(space.id, 24, 'CANCELLED');
    const response = await t.app.inject({ method: 'DELETE', url: `/service/space/${space.id}`, headers: auth });
    expect(response.statusCode).toBe(200);
    expect(jsonOf(response)).toEqual({ id: space.id, cancelledBookings: 0 });
    expect(await auditActions(space.id)).toEqual(['SPACE_CREATED', 'SPACE_DELETED']);
  });

  it('refuses while bookings are to come (SPACE_HAS_FUTURE_BOOKINGS with their count), then cancels them when confirmed', async () => {
    const space = await added({ name: 'Busy room' });
    const upcoming = [await booking(space.id, 2), await booking(space.id, 26)];
    // A booking under way is not over: it counts.
    upcoming.push(await booking(space.id, -0.5));
    const past = await booking(space.id, -30);
    const shown = jsonOf<Space[]>(
      await t.app.inject({ method: 'GET', url: `/service/space/byFloorId/${floor.id}`, headers: auth }),
    );
    expect(shown.find((s) => s.id === space.id)!.futureBookings).toBe(3);
    for (const query of ['', '?cancelBookings=false']) {
      const refused = await t.app.inject({
        method: 'DELETE',
        url: `/service/space/${space.id}${query}`,
        headers: auth,
      });
      expect(refused.statusCode).toBe(409);
      expect(jsonOf(refused)).toMatchObject({ errorCode: 'SPACE_HAS_FUTURE_BOOKINGS', params: { count: 3 } });
    }
    const confirmed = await t.app.inject({
      method: 'DELETE',
      url: `/service/space/${space.id}?cancelBookings=true`,
      headers: auth,
    });
    expect(confirmed.statusCode).toBe(200);
    expect(jsonOf(confirmed)).toEqual({ id: space.id, cancelledBookings: 3 });
    const rows = await t.database.db
      .selectFrom('space_bookings')
      .select(['id', 'status', 'cancelled_at'])
      .where('id', 'in', [...upcoming, past])
      .execute();
    const byId = Object.fromEntries(rows.map((row) => [row.id, [row.status, row.cancelled_at !== null]]));
    for (const id of upcoming) expect(byId[id]).toEqual(['CANCELLED', true]);
    expect(byId[past]).toEqual(['APPROVED', false]);
    const deleted = await t.app.inject({
      method: 'PATCH',
      url: `/service/space/${space.id}`,
      headers: auth,
      payload: {},
    });
    expect(deleted.statusCode).toBe(404);
  });
});
