import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Floor, type FloorLayout, type Space, type UserFloor, uuidv7 } from '@vestibule/shared';
import { assignBuildings, createBooking, createBuilding, createUser } from '../../../test/helpers/factories.ts';
import { bmpImage, gifImage, jpegImage, pngImage } from '../../../test/helpers/images.ts';
import { multipartFile, pngOfSize } from '../../../test/helpers/multipart.ts';
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

beforeAll(async () => {
  t = await createTestApp();
  ({ tenantId, buildingId, auth } = await tenantWithBuilding(
    t,
    { tenant: 'Plan Corp', building: 'Plan Tower' },
    'ROLE_MASTER',
  ));
});
afterAll(() => t.close());

type Headers = { authorization: string };

async function addFloor(body: Record<string, unknown>, headers: Headers = auth) {
  return t.app.inject({ method: 'POST', url: '/service/floor', headers, payload: { buildingId, ...body } });
}

async function newFloor(name: string, level: number | null = 0, headers: Headers = auth, building = buildingId) {
  const response = await addFloor({ name, level, buildingId: building }, headers);
  expect(response.statusCode).toBe(200);
  return jsonOf<Floor>(response);
}

async function upload(floorId: string, content: Buffer, fileName = 'plan.png', headers: Headers = auth) {
  const form = multipartFile('file', fileName, content, 'image/png');
  return t.app.inject({
    method: 'PATCH',
    url: `/service/floor/${floorId}/layoutImage`,
    headers: { ...headers, ...form.headers },
    payload: form.payload,
  });
}

async function layoutOf(floorId: string, headers: Headers = auth) {
  return t.app.inject({ method: 'GET', url: `/service/floor/${floorId}/layout`, headers });
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

async function storedPlans(floorId: string): Promise<number> {
  const rows = await t.database.db
    .selectFrom('floor_plans')
    .select('floor_id')
    .where('floor_id', '=', floorId)
    .execute();
  return rows.length;
}

describe('adding and changing floors', () => {
  it('adds a floor with the default map settings, no plan and no space, audited', async () => {
    const floor = await newFloor('Ground floor', 0);
    expect(floor).toMatchObject({
      buildingId,
      buildingName: 'Plan Tower',
      name: 'Ground floor',
      level: 0,
      image: null,
      config: { gridStep: 0.01, snap: true, showNames: true },
      spaceCount: 0,
    });
    expect(await auditActions(floor.id)).toEqual(['FLOOR_CREATED']);
  });

  it('refuses a floor name the building already has, whatever its case: FLOOR_NAME_EXISTS', async () => {
    await newFloor('Mezzanine', 1);
    const response = await addFloor({ name: 'MEZZANINE', level: 2 });
    expect(response.statusCode).toBe(409);
    expect(jsonOf(response).errorCode).toBe('FLOOR_NAME_EXISTS');
    // Another building may have a floor of the same name.
    const other = await createBuilding(t.database.db, tenantId, 'Annex');
    expect((await addFloor({ name: 'Mezzanine', buildingId: other })).statusCode).toBe(200);
  });

  it('answers 404 for a building of another company or one that does not exist', async () => {
    const other = await tenantWithBuilding(t, { tenant: 'Other Plans', building: 'Elsewhere' }, 'ROLE_MASTER');
    for (const target of [other.buildingId, uuidv7()]) {
      const response = await addFloor({ name: 'Roof', buildingId: target });
      expect(response.statusCode).toBe(404);
      expect(jsonOf(response).errorCode).toBe('NOT_FOUND');
    }
  });

  it('refuses a floor past the per-building limit: FLOOR_LIMIT_REACHED', async () => {
    const full = await createBuilding(t.database.db, tenantId, 'Full House');
    await t.database.db
      .insertInto('floors')
      .values(
        Array.from({ length: 200 }, (_, i) => ({
          id: uuidv7(),
          tenant_id: tenantId,
          building_id: full,
          name: `L${i}`,
        })),
      )
      .execute();
    const response = await addFloor({ name: 'One more', buildingId: full });
    expect(response.statusCode).toBe(409);
    expect(jsonOf(response)).toMatchObject({ errorCode: 'FLOOR_LIMIT_REACHED', params: { max: 200 } });
  });

  it('renames a floor and changes its level; a taken name is refused and nothing changes', async () => {
    const floor = await newFloor('Second', 2);
    await newFloor('Third', 3);
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/service/floor/${floor.id}`,
      headers: auth,
      payload: { name: 'Second floor', level: -1 },
    });
    expect(renamed.statusCode).toBe(200);
    expect(jsonOf<Floor>(renamed)).toMatchObject({ name: 'Second floor', level: -1 });
    const taken = await t.app.inject({
      method: 'PATCH',
      url: `/service/floor/${floor.id}`,
      headers: auth,
      payload: { name: 'third' },
    });
    expect(taken.statusCode).toBe(409);
    expect(jsonOf(taken).errorCode).toBe('FLOOR_NAME_EXISTS');
    expect(jsonOf<FloorLayout>(await layoutOf(floor.id)).floor.name).toBe('Second floor');
    expect(await auditActions(floor.id)).toEqual(['FLOOR_CREATED', 'FLOOR_UPDATED']);
  });

  it('refuses a level out of range and an empty name with a validation code', async () => {
    const response = await addFloor({ name: ' ', level: 1000 });
    expect(response.statusCode).toBe(400);
  });

  it("saves the map's settings", async () => {
    const floor = await newFloor('Settings', 4);
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/service/floor/${floor.id}/layoutConfig`,
      headers: auth,
      payload: { gridStep: 0.05, snap: false, showNames: false },
    });
    expect(response.statusCode).toBe(200);
    expect(jsonOf<Floor>(response).config).toEqual({ gridStep: 0.05, snap: false, showNames: false });
    const refused = await t.app.inject({
      method: 'PATCH',
      url: `/service/floor/${floor.id}/layoutConfig`,
      headers: auth,
      payload: { gridStep: 0.03 },
    });
    expect(refused.statusCode).toBe(400);
    expect(jsonOf<FloorLayout>(await layoutOf(floor.id)).floor.config.gridStep).toBe(0.05);
    expect(await auditActions(floor.id)).toEqual(['FLOOR_CREATED', 'FLOOR_LAYOUT_CONFIG_UPDATED']);
  });
});

describe('listing floors', () => {
  it('pages, sorts, searches and filters by building', async () => {
    const building = await createBuilding(t.database.db, tenantId, 'Listing Hall');
    for (const [name, level] of [
      ['Basement', -1],
      ['Lobby', 0],
      ['Office', 1],
    ] as const)
      await newFloor(name, level, auth, building);
    const list = async (query: string) =>
      jsonOf<{ docs: Floor[]; totalDocs: number }>(
        await t.app.inject({ method: 'GET', url: `/service/floor?buildingId=${building}&${query}`, headers: auth }),
      );
    expect((await list('sort=level&order=-1')).docs.map((f) => f.name)).toEqual(['Office', 'Lobby', 'Basement']);
    const page = await list('sort=name&limit=2&page=2');
    expect(page).toMatchObject({ totalDocs: 3 });
    expect(page.docs.map((f) => f.name)).toEqual(['Office']);
    expect((await list('search=lob')).docs.map((f) => f.name)).toEqual(['Lobby']);
    const bad = await t.app.inject({ method: 'GET', url: '/service/floor?sort=__proto__', headers: auth });
    expect(bad.statusCode).toBe(400);
    expect(jsonOf(bad).errorCode).toBe('ERROR_WITH_FILTER');
  });
});

describe('the plan image', () => {
  const formats = [
    ['PNG', pngImage(40, 25), 'image/png'],
    ['GIF', gifImage(64, 48), 'image/gif'],
    ['BMP', bmpImage(30, 20), 'image/bmp'],
    ['JPEG', jpegImage(1600, 1000), 'image/jpeg'],
  ] as const;
  const sizes: Record<string, [number, number]> = { PNG: [40, 25], GIF: [64, 48], BMP: [30, 20], JPEG: [1600, 1000] };

  for (const [format, content, contentType] of formats) {
    it(`reads the size of a ${format} plan from its header and serves it by its key for a year`, async () => {
      const floor = await newFloor(`${format} floor`, 5);
      const response = await upload(floor.id, content, `plan.${format.toLowerCase()}`);
      expect(response.statusCode).toBe(200);
      const [width, height] = sizes[format]!;
      const image = jsonOf<Floor>(response).image!;
      expect(image).toMatchObject({ width, height, contentType, bytes: content.length });
      expect(image.url).toMatch(new RegExp(`^/service/public/floor/${floor.id}/plan/[A-Za-z0-9_-]{16,64}$`));
      const served = await t.app.inject({ method: 'GET', url: image.url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(contentType);
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.rawPayload.equals(content)).toBe(true);
      expect(await auditActions(floor.id)).toEqual(['FLOOR_CREATED', 'FLOOR_PLAN_UPLOADED']);
    });
  }

  it('refuses a text file named .png, with FLOOR_PLAN_INVALID_FORMAT, and stores nothing', async () => {
    const floor = await newFloor('Text plan', 6);
    const response = await upload(floor.id, Buffer.from('not an image, only words\n'.repeat(10)), 'plan.png');
    expect(response.statusCode).toBe(415);
    expect(jsonOf(response).errorCode).toBe('FLOOR_PLAN_INVALID_FORMAT');
    expect(jsonOf<FloorLayout>(await layoutOf(floor.id)).floor.image).toBeNull();
    expect(await storedPlans(floor.id)).toBe(0);
    expect(await auditActions(floor.id)).toEqual(['FLOOR_CREATED']);
  });

  it('refuses an image whose size cannot be read (a PNG signature without its header)', async () => {
    const floor = await newFloor('Headless plan', 7);
    const response = await upload(floor.id, pngOfSize(1000));
    expect(jsonOf(response).errorCode).toBe('FLOOR_PLAN_INVALID_FORMAT');
    expect(await storedPlans(floor.id)).toBe(0);
  });

  it('refuses a plan of 5,000,000 bytes with FLOOR_PLAN_TOO_BIG and stores nothing; one byte less is taken', async () => {
    const floor = await newFloor('Big plan', 8);
    const header = pngImage(20, 10);
    const padded = (size: number) => Buffer.concat([header, Buffer.alloc(size - header.length)]);
    const refused = await upload(floor.id, padded(5_000_000));
    expect(refused.statusCode).toBe(413);
    expect(jsonOf(refused).errorCode).toBe('FLOOR_PLAN_TOO_BIG');
    expect(await storedPlans(floor.id)).toBe(0);
    expect(await auditActions(floor.id)).toEqual(['FLOOR_CREATED']);
    const taken = await upload(floor.id, padded(4_999_999));
    expect(taken.statusCode).toBe(200);
    expect(jsonOf<Floor>(taken).image).toMatchObject({ width: 20, height: 10, bytes: 4_999_999 });
  });

  it('refuses a form without a file (MISSING) and a broken form (MALFORMED_MULTIPART)', async () => {
    const floor = await newFloor('Empty form', 9);
    const form = multipartFile('file', 'plan.png', pngImage(4, 4));
    const cut = await t.app.inject({
      method: 'PATCH',
      url: `/service/floor/${floor.id}/layoutImage`,
      headers: { ...auth, ...form.headers },
      payload: form.payload.subarray(0, form.payload.length - 20),
    });
    expect(jsonOf(cut).errorCode).toBe('MALFORMED_MULTIPART');
    const boundary = 'emptyform';
    const empty = await t.app.inject({
      method: 'PATCH',
      url: `/service/floor/${floor.id}/layoutImage`,
      headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--${boundary}--\r\n`,
    });
    expect(jsonOf(empty)).toMatchObject({ errorCode: 'MISSING', params: { field: 'file' } });
    expect(await storedPlans(floor.id)).toBe(0);
  });

  it('gives each upload a new key: the old address answers 404, and so does a wrong key', async () => {
    const floor = await newFloor('Replanned', 10);
    const first = jsonOf<Floor>(await upload(floor.id, pngImage(100, 50))).image!;
    const second = jsonOf<Floor>(await upload(floor.id, pngImage(200, 100))).image!;
    expect(second.url).not.toBe(first.url);
    expect((await t.app.inject({ method: 'GET', url: first.url })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: second.url })).statusCode).toBe(200);
    const wrong = await t.app.inject({
      method: 'GET',
      url: `/service/public/floor/${floor.id}/plan/AAAAAAAAAAAAAAAAAAAAAAAA`,
    });
    expect(wrong.statusCode).toBe(404);
  });

  it('keeps every space in place when a plan of another resolution replaces the first', async () => {
    const floor = await newFloor('Rescaled', 11);
    await upload(floor.id, pngImage(1600, 1000));
    const shape = { kind: 'rect', x: 0.25, y: 0.5, width: 0.125, height: 0.1 };
    const polygon = {
      kind: 'polygon',
      points: [
        { x: 0.1, y: 0.1 },
        { x: 0.3, y: 0.1 },
        { x: 0.2, y: 0.3 },
      ],
    };
    for (const [name, drawn] of [
      ['Room A', shape],
      ['Room B', polygon],
    ] as const) {
      const created = await t.app.inject({
        method: 'POST',
        url: '/service/space',
        headers: auth,
        payload: { floorId: floor.id, name, shape: drawn },
      });
      expect(created.statusCode).toBe(200);
    }
    const before = jsonOf<FloorLayout>(await layoutOf(floor.id));
    expect((await upload(floor.id, gifImage(800, 500))).statusCode).toBe(200);
    const after = jsonOf<FloorLayout>(await layoutOf(floor.id));
    expect(after.floor.image).toMatchObject({ width: 800, height: 500, contentType: 'image/gif' });
    expect(after.spaces.map((space: Space) => space.shape)).toEqual(before.spaces.map((space: Space) => space.shape));
    expect(after.spaces.map((space) => space.shape)).toEqual([shape, polygon]);
  });

  it('removes the plan: the layout has no image, the spaces stay, the address is gone', async () => {
    const floor = await newFloor('Unplanned', 12);
    const image = jsonOf<Floor>(await upload(floor.id, pngImage(10, 10))).image!;
    await t.app.inject({
      method: 'POST',
      url: '/service/space',
      headers: auth,
      payload: { floorId: floor.id, name: 'Desk 1' },
    });
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/service/floor/${floor.id}/layoutImage`,
      headers: auth,
    });
    expect(removed.statusCode).toBe(200);
    expect(jsonOf<Floor>(removed)).toMatchObject({ image: null, spaceCount: 1 });
    expect((await t.app.inject({ method: 'GET', url: image.url })).statusCode).toBe(404);
    expect(await storedPlans(floor.id)).toBe(0);
    expect(await auditActions(floor.id)).toEqual(['FLOOR_CREATED', 'FLOOR_PLAN_UPLOADED', 'FLOOR_PLAN_REMOVED']);
  });
});

describe("another company's floors", () => {
  it('are never seen: not listed, no layout, no upload, no spaces, no plan by a guessed key', async () => {
    const floor = await newFloor('Private floor', 20);
    const image = jsonOf<Floor>(await upload(floor.id, pngImage(10, 10))).image!;
    await t.app.inject({
      method: 'POST',
      url: '/service/space',
      headers: auth,
      payload: { floorId: floor.id, name: 'Secret room' },
    });
    const other = await tenantWithBuilding(t, { tenant: 'Rival Corp', building: 'Rival Tower' }, 'ROLE_MASTER');
    const list = jsonOf<{ docs: Floor[] }>(
      await t.app.inject({ method: 'GET', url: '/service/floor?limit=1000', headers: other.auth }),
    );
    expect(list.docs).toEqual([]);
    const spaces = jsonOf<{ docs: Space[] }>(
      await t.app.inject({ method: 'GET', url: '/service/space?limit=1000', headers: other.auth }),
    );
    expect(spaces.docs).toEqual([]);
    for (const url of [
      `/service/floor/${floor.id}/layout`,
      `/service/space/byFloorId/${floor.id}`,
      `/service/space/list/${floor.id}`,
      `/service/space/approvers/${floor.id}`,
    ]) {
      const response = await t.app.inject({ method: 'GET', url, headers: other.auth });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('Secret room');
    }
    expect((await upload(floor.id, pngImage(5, 5), 'x.png', other.auth)).statusCode).toBe(404);
    const guessed = image.url.replace(/plan\/.*$/, 'plan/BBBBBBBBBBBBBBBBBBBBBBBB');
    expect((await t.app.inject({ method: 'GET', url: guessed })).statusCode).toBe(404);
    expect(jsonOf<FloorLayout>(await layoutOf(floor.id)).floor.image!.url).toBe(image.url);
  });
});

describe('a supervisor', () => {
  it('sees and manages only the floors of their assigned buildings', async () => {
    const mine = await createBuilding(t.database.db, tenantId, 'Supervised');
    const theirs = await createBuilding(t.database.db, tenantId, 'Not supervised');
    const supervisor = await createUser(t.database.db, { tenantId, role: 'ROLE_SUPERVISOR' });
    await assignBuildings(t.database.db, supervisor.id, [mine]);
    const headers = bearer(await logInAs(t.app, supervisor.username));
    const own = await newFloor('Supervised floor', 1, headers, mine);
    const foreign = await newFloor('Unsupervised floor', 1, auth, theirs);
    const listed = jsonOf<{ docs: Floor[] }>(
      await t.app.inject({ method: 'GET', url: '/service/floor?limit=1000', headers }),
    );
    expect(listed.docs.map((floor) => floor.name)).toEqual(['Supervised floor']);
    expect((await layoutOf(own.id, headers)).statusCode).toBe(200);
    expect((await layoutOf(foreign.id, headers)).statusCode).toBe(404);
    expect((await addFloor({ name: 'Sneaky', buildingId: theirs }, headers)).statusCode).toBe(404);
    const space = await t.app.inject({
      method: 'POST',
      url: '/service/space',
      headers,
      payload: { floorId: foreign.id, name: 'Sneaky desk' },
    });
    expect(space.statusCode).toBe(404);
    for (const method of ['PATCH', 'DELETE'] as const) {
      const response = await t.app.inject({ method, url: `/service/floor/${foreign.id}`, headers, payload: {} });
      expect(response.statusCode).toBe(404);
    }
  });
});

describe('deleting a floor', () => {
  async function bookingOn(spaceId: string, hoursFromNow: number) {
    const startsAt = new Date(Date.now() + hoursFromNow * 3_600_000);
    return createBooking(t.database.db, {
      tenantId,
      spaceId,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 3_600_000),
    });
  }

  it('deletes a floor without bookings to come, its plan and its spaces', async () => {
    const floor = await newFloor('Doomed', 30);
    await upload(floor.id, pngImage(10, 10));
    const space = jsonOf<Space>(
      await t.app.inject({
        method: 'POST',
        url: '/service/space',
        headers: auth,
        payload: { floorId: floor.id, name: 'Gone' },
      }),
    );
    // A booking already over does not hold the floor back.
    await bookingOn(space.id, -5);
    const response = await t.app.inject({ method: 'DELETE', url: `/service/floor/${floor.id}`, headers: auth });
    expect(response.statusCode).toBe(200);
    expect(jsonOf(response)).toEqual({ id: floor.id, deletedSpaces: 1, cancelledBookings: 0 });
    expect((await layoutOf(floor.id)).statusCode).toBe(404);
    expect(await storedPlans(floor.id)).toBe(0);
    expect(await auditActions(floor.id)).toEqual(['FLOOR_CREATED', 'FLOOR_PLAN_UPLOADED', 'FLOOR_DELETED']);
  });

  it('refuses while bookings are to come (FLOOR_HAS_FUTURE_BOOKINGS with their count), then cancels them when confirmed', async () => {
    const floor = await newFloor('Booked', 31);
    const spaceIds: string[] = [];
    for (const name of ['Room 1', 'Room 2'])
      spaceIds.push(
        jsonOf<Space>(
          await t.app.inject({
            method: 'POST',
            url: '/service/space',
            headers: auth,
            payload: { floorId: floor.id, name },
          }),
        ).id,
      );
    const bookings = [
      await bookingOn(spaceIds[0]!, 24),
      await bookingOn(spaceIds[1]!, 48),
      await bookingOn(spaceIds[1]!, 72),
    ];
    const refused = await t.app.inject({ method: 'DELETE', url: `/service/floor/${floor.id}`, headers: auth });
    expect(refused.statusCode).toBe(409);
    expect(jsonOf(refused)).toMatchObject({ errorCode: 'FLOOR_HAS_FUTURE_BOOKINGS', params: { count: 3 } });
    expect((await layoutOf(floor.id)).statusCode).toBe(200);
    const confirmed = await t.app.inject({
      method: 'DELETE',
      url: `/service/floor/${floor.id}?cancelBookings=true`,
      headers: auth,
    });
    expect(confirmed.statusCode).toBe(200);
    expect(jsonOf(confirmed)).toEqual({ id: floor.id, deletedSpaces: 2, cancelledBookings: 3 });
    const rows = await t.database.db
      .selectFrom('space_bookings')
      .select(['status', 'cancelled_at', 'space_id'])
      .where('id', 'in', bookings)
      .execute();
    expect(rows.map((row) => [row.status, row.cancelled_at !== null, row.space_id])).toEqual([
      ['CANCELLED', true, null],
      ['CANCELLED', true, null],
      ['CANCELLED', true, null],
    ]);
  });
});

describe('the floors a user may book on', () => {
  it("lists the floors of the user's buildings with a public, available space", async () => {
    const {
      tenantId: company,
      buildingId: tower,
      auth: master,
    } = await tenantWithBuilding(t, { tenant: 'Booking Corp', building: 'Booking Tower' }, 'ROLE_MASTER');
    const annex = await createBuilding(t.database.db, company, 'Booking Annex');
    const make = async (name: string, building: string, space?: { public: boolean; available: boolean }) => {
      const floor = jsonOf<Floor>(
        await t.app.inject({
          method: 'POST',
          url: '/service/floor',
          headers: master,
          payload: { buildingId: building, name },
        }),
      );
      if (space)
        await t.app.inject({
          method: 'POST',
          url: '/service/space',
          headers: master,
          payload: { floorId: floor.id, name: 'Desk', ...space },
        });
      return floor;
    };
    await make('Open', tower, { public: true, available: true });
    await make('Private', tower, { public: false, available: true });
    await make('Closed', tower, { public: true, available: false });
    await make('Empty', tower);
    await make('Annex open', annex, { public: true, available: true });
    const user = await createUser(t.database.db, { tenantId: company, role: 'ROLE_USER' });
    await assignBuildings(t.database.db, user.id, [tower]);
    const floors = async (headers: Headers) =>
      jsonOf<UserFloor[]>(await t.app.inject({ method: 'GET', url: '/service/public/floor/user', headers }));
    const forUser = await floors(bearer(await logInAs(t.app, user.username)));
    expect(forUser.map((floor) => [floor.buildingName, floor.name, floor.bookableSpaces, floor.hasPlan])).toEqual([
      ['Booking Tower', 'Open', 1, false],
    ]);
    expect((await floors(master)).map((floor) => floor.name)).toEqual(['Annex open', 'Open']);
    const stranger = await tenantWithBuilding(t, { tenant: 'Stranger Corp', building: 'Stranger Tower' }, 'ROLE_USER');
    expect(await floors(stranger.auth)).toEqual([]);
  });
});
