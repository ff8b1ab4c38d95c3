import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Camera } from '@vestibule/shared';
import { createBuilding, createTenant, createUser } from '../../../test/helpers/factories.ts';
import { type TestApp, bearer, createTestApp, jsonOf, logInAs } from '../../../test/helpers/test-app.ts';

// A small thermal camera on loopback: /info and /snapshot.jpg behind basic auth.
let camera: Server;
let cameraAddress: string;
const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);
const expectedAuth = `Basic ${Buffer.from('cam:secret').toString('base64')}`;

let t: TestApp;
let auth: { authorization: string };
let buildingId: string;

beforeAll(async () => {
  camera = createServer((request, response) => {
    if (request.headers.authorization !== expectedAuth) {
      response.writeHead(401).end();
      return;
    }
    if (request.url === '/redirect/info') {
      // A camera that sends the server elsewhere (here, to its own metadata-like page).
      response.writeHead(302, { location: '/info' }).end();
    } else if (request.url === '/info') {
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ entries: [{ maxTemperature: 36.7 }] }));
    } else if (request.url === '/snapshot.jpg') {
      response.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg);
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => camera.listen(0, '127.0.0.1', resolve));
  cameraAddress = `127.0.0.1:${(camera.address() as AddressInfo).port}`;
  // The camera of these tests listens on loopback, which a real deployment refuses.
  t = await createTestApp({ CAMERA_ALLOW_LOCAL_ADDRESSES: '1' });
  const tenantId = await createTenant(t.database.db);
  buildingId = await createBuilding(t.database.db, tenantId);
  const admin = await createUser(t.database.db, { tenantId, role: 'ROLE_ADMIN' });
  auth = bearer(await logInAs(t.app, admin.username));
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => camera.close(resolve));
});

const input = (overrides: Record<string, unknown> = {}) => ({
  name: 'Lobby entrance',
  ipAddress: cameraAddress,
  authUser: 'cam',
  authPassword: 'secret',
  cameraPlace: 'ENTRY',
  ...overrides,
});

describe('cameras', () => {
  it('answers the full list on every change and never sends a password back', async () => {
    const added = await t.app.inject({
      method: 'POST',
      url: `/service/camera/${buildingId}`,
      headers: auth,
      payload: input(),
    });
    expect(added.statusCode).toBe(200);
    expect(added.body).not.toContain('secret');
    const second = jsonOf<Camera[]>(
      await t.app.inject({
        method: 'POST',
        url: `/service/camera/${buildingId}`,
        headers: auth,
        payload: input({ name: 'Exit', cameraPlace: 'EXIT', authPassword: null, authUser: null }),
      }),
    );
    expect(second.map((c) => [c.name, c.cameraPlace, c.hasPassword])).toEqual([
      ['Lobby entrance', 'ENTRY', true],
      ['Exit', 'EXIT', false],
    ]);
    const removed = jsonOf<Camera[]>(
      await t.app.inject({ method: 'DELETE', url: `/service/camera/${second[1]?.id}`, headers: auth }),
    );
    expect(removed.map((c) => c.name)).toEqual(['Lobby entrance']);
  });

  it('reads a real camera over HTTP with basic auth, keeping the password on edit', async () => {
    const [lobby] = jsonOf<Camera[]>(
      await t.app.inject({ method: 'GET', url: `/service/camera/${buildingId}`, headers: auth }),
    );
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/service/camera/${lobby?.id}`,
      headers: auth,
      payload: input({ name: 'Lobby', authPassword: '' }),
    });
    expect(jsonOf<Camera[]>(edited)[0]).toMatchObject({ name: 'Lobby', hasPassword: true });
    const info = await t.app.inject({ method: 'GET', url: `/service/camera/info/${lobby?.id}`, headers: auth });
    expect(jsonOf(info)).toEqual({ entries: [{ maxTemperature: 36.7 }], simulated: false });
    const picture = await t.app.inject({
      method: 'GET',
      url: `/service/camera/picture/${lobby?.id}?x=${Date.now()}`,
      headers: auth,
    });
    expect(picture.headers['content-type']).toBe('image/jpeg');
    expect(picture.rawPayload.equals(jpeg)).toBe(true);
  });

  it('changes on edit only the fields sent: the user name, the password, the place and the switches stay', async () => {
    const created = jsonOf<Camera[]>(
      await t.app.inject({
        method: 'POST',
        url: `/service/camera/${buildingId}`,
        headers: auth,
        payload: input({ name: 'Back door', cameraPlace: 'EXIT', active: false }),
      }),
    ).find((c) => c.name === 'Back door')!;
    const edit = (payload: object) =>
      t.app.inject({ method: 'PATCH', url: `/service/camera/${created.id}`, headers: auth, payload });
    const stored = () =>
      t.database.db.selectFrom('cameras').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    const before = await stored();

    const renamed = await edit({ name: 'Rear door' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(jsonOf<Camera[]>(renamed).find((c) => c.id === created.id)).toEqual({
      ...created,
      name: 'Rear door',
    });
    expect(await stored()).toEqual({ ...before, name: 'Rear door' });
    // The credentials kept still open the camera.
    const info = await t.app.inject({ method: 'GET', url: `/service/camera/info/${created.id}`, headers: auth });
    expect(info.statusCode, info.body).toBe(200);

    // Emptying the user name is a change asked for: the user goes, the password stays.
    const cleared = jsonOf<Camera[]>(await edit({ authUser: '' })).find((c) => c.id === created.id);
    expect(cleared).toMatchObject({ authUser: null, hasPassword: true, cameraPlace: 'EXIT', active: false });

    // A field sent empty that may not be is refused, and nothing changes.
    const refused = await edit({ name: ' ', cameraPlace: 'ENTRY' });
    expect(refused.statusCode).toBe(400);
    expect(jsonOf(refused).params).toEqual({ field: 'name' });
    expect(await stored()).toMatchObject({ name: 'Rear door', camera_place: 'EXIT', auth_password: 'secret' });
  });

  it('answers 502 CAMERA_UNREACHABLE with wrong credentials or no camera', async () => {
    const list = jsonOf<Camera[]>(
      await t.app.inject({
        method: 'POST',
        url: `/service/camera/${buildingId}`,
        headers: auth,
        payload: input({ name: 'Wrong', authPassword: 'nope' }),
      }),
    );
    const wrong = list.find((c) => c.name === 'Wrong');
    const response = await t.app.inject({ method: 'GET', url: `/service/camera/info/${wrong?.id}`, headers: auth });
    expect(response.statusCode).toBe(502);
    expect(jsonOf(response).errorCode).toBe('CAMERA_UNREACHABLE');
  });

  it('offers a simulated camera with readings between 34.0 and 40.0 and a picture', async () => {
    const list = jsonOf<Camera[]>(
      await t.app.inject({
        method: 'POST',
        url: `/service/camera/${buildingId}`,
        headers: auth,
        payload: input({ name: 'Demo', ipAddress: 'simulated', simulated: true }),
      }),
    );
    const simulated = list.find((c) => c.name === 'Demo');
    for (let i = 0; i < 20; i++) {
      const info = jsonOf<{ entries: { maxTemperature: number }[] }>(
        await t.app.inject({ method: 'GET', url: `/service/camera/info/${simulated?.id}`, headers: auth }),
      );
      const reading = info.entries[0]?.maxTemperature ?? 0;
      expect(reading).toBeGreaterThanOrEqual(34);
      expect(reading).toBeLessThanOrEqual(40);
    }
    const picture = await t.app.inject({
      method: 'GET',
      url: `/service/camera/picture/${simulated?.id}`,
      headers: auth,
    });
    expect(picture.headers['content-type']).toBe('image/svg+xml');
  });

  it('refuses bad camera input with a code', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/service/camera/${buildingId}`,
      headers: auth,
      payload: input({ name: 'x'.repeat(129) }),
    });
    expect(response.statusCode).toBe(400);
    expect(jsonOf(response).params).toEqual({ field: 'name' });
    const noPlace = await t.app.inject({
      method: 'POST',
      url: `/service/camera/${buildingId}`,
      headers: auth,
      payload: input({ cameraPlace: 'ROOF' }),
    });
    expect(noPlace.statusCode).toBe(400);
  });

  it('never follows a redirect from a camera (CAMERA_UNREACHABLE)', async () => {
    const list = jsonOf<Camera[]>(
      await t.app.inject({
        method: 'POST',
        url: `/service/camera/${buildingId}`,
        headers: auth,
        payload: input({ name: 'Redirecting', ipAddress: `http://${cameraAddress}/redirect` }),
      }),
    );
    const redirecting = list.find((c) => c.name === 'Redirecting')!;
    const response = await t.app.inject({
      method: 'GET',
      url: `/service/camera/info/${redirecting.id}`,
      headers: auth,
    });
    expect({ status: response.statusCode, code: jsonOf(response).errorCode }).toEqual({
      status: 502,
      code: 'CAMERA_UNREACHABLE',
    });
  });
});

describe('camera addresses on a real deployment (no CAMERA_ALLOW_LOCAL_ADDRESSES)', () => {
  let strict: TestApp;
  let strictAuth: { authorization: string };
  let strictBuilding: string;
  beforeAll(async () => {
    strict = await createTestApp();
    const tenantId = await createTenant(strict.database.db);
    strictBuilding = await createBuilding(strict.database.db, tenantId);
    const admin = await createUser(strict.database.db, { tenantId, role: 'ROLE_ADMIN' });
    strictAuth = bearer(await logInAs(strict.app, admin.username));
  });
  afterAll(() => strict.close());

  it('refuses loopback, link-local, metadata and non-http addresses on save, and keeps private ranges', async () => {
    for (const ipAddress of [
      cameraAddress,
      'localhost:8080',
      'http://169.254.169.254/latest',
      '[::1]:80',
      'file:///etc/passwd',
    ]) {
      const response = await strict.app.inject({
        method: 'POST',
        url: `/service/camera/${strictBuilding}`,
        headers: strictAuth,
        payload: input({ ipAddress }),
      });
      expect({ ipAddress, status: response.statusCode, code: jsonOf(response).errorCode }).toEqual({
        ipAddress,
        status: 400,
        code: 'CAMERA_ADDRESS_NOT_ALLOWED',
      });
    }
    const privateRange = await strict.app.inject({
      method: 'POST',
      url: `/service/camera/${strictBuilding}`,
      headers: strictAuth,
      payload: input({ name: 'Building network', ipAddress: '192.168.40.12:8080' }),
    });
    expect(privateRange.statusCode).toBe(200);
    const cameras = await strict.database.db.selectFrom('cameras').select('ip_address').execute();
    expect(cameras).toEqual([{ ip_address: '192.168.40.12:8080' }]);
  });

  it('refuses at read time a stored address the server must not call, without calling it', async () => {
    const [row] = await strict.database.db.selectFrom('cameras').select('id').execute();
    await strict.database.db
      .updateTable('cameras')
      .set({ ip_address: cameraAddress })
      .where('id', '=', row!.id)
      .execute();
    const response = await strict.app.inject({
      method: 'GET',
      url: `/service/camera/info/${row!.id}`,
      headers: strictAuth,
    });
    expect({ status: response.statusCode, code: jsonOf(response).errorCode }).toEqual({
      status: 400,
      code: 'CAMERA_ADDRESS_NOT_ALLOWED',
    });
  });
});
