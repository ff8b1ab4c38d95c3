// The offline engine's tests run it against a real Vestibule server in this process: the
// server's own app on an embedded PGlite database in memory, migrated and seeded with the demo
// data, listening on a loopback port; IndexedDB is fake-indexeddb. One server per test file
// (it starts in a few seconds), so a file's tests share Demo HQ and each makes its own kiosks.
import {
  DEMO_PASSWORD,
  type Db,
  buildApp,
  demoUsers,
  loadConfig,
  migrateToLatest,
  openDatabase,
  seedDemo,
} from '@vestibule/server';
import { Dexie } from 'dexie';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { type ApiClient, createApiClient } from '@vestibule/shared/api';
import { type BuildingSettings, buildingSettingsSchema, uuidv7 } from '@vestibule/shared';
import { credentialOf, saveEnrolment, withCredential } from './credential.ts';
import { type KioskDb, openKioskDb } from './kioskDb.ts';
import { kioskClient } from './kioskClient.ts';
import { deviceIdOf } from './outbox.ts';
import { type SyncTransport, httpTransport } from './syncEngine.ts';

/** A server's start (PGlite, migrations, demo data) takes a few seconds: the hooks' time limit. */
export const SERVER_HOOK_TIMEOUT_MS = 30_000;

export interface TestServer {
  /** Origin of the server (no trailing slash). */
  baseUrl: string;
  /** Demo HQ, the building the kiosks serve. */
  building: { id: string; qrCodeKey: string };
  /** Demo Corp's corporate (master) user, signed in: makes enrolment codes, resolves refusals. */
  manager: ApiClient;
  /** A caller with no sign-in and no kiosk credential (a visitor's phone). */
  anonymous: ApiClient;
  /** The server's database, for a change no call of the contract makes. */
  db: Db;
  close(): Promise<void>;
}

/** The service at `origin` through the apps' typed client; the server's times kept as sent. */
function serviceClient(origin: string, token: string | null = null): ApiClient {
  return createApiClient({
    baseUrl: `${origin}/service`,
    getToken: () => token,
    getLocale: () => 'en',
    rawDates: true,
  });
}

export async function startTestServer(): Promise<TestServer> {
  const config = loadConfig({
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'silent',
    // Every test enrols its own kiosks and checks the staff PIN: no rate limit gets in the way.
    RATE_LIMIT_LOGIN_PER_MINUTE: '10000',
    RATE_LIMIT_PUBLIC_PER_MINUTE: '10000',
  });
  const database = await openDatabase({ databaseUrl: undefined, dataDir: 'memory://' });
  await migrateToLatest(database.db);
  await seedDemo(database.db);
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const close = async () => {
    await app.close();
    await database.close();
  };
  try {
    const master = demoUsers.find((user) => user.role === 'ROLE_MASTER' && user.tenant === 'demo');
    if (!master) throw new Error('the demo data has no corporate user');
    const { token } = await serviceClient(baseUrl).call('POST /login', {
      body: { username: master.username, password: DEMO_PASSWORD },
    });
    const manager = serviceClient(baseUrl, token);
    const demoHq = (await manager.call('GET /building', { query: { search: 'Demo HQ' } })).docs[0];
    if (!demoHq) throw new Error('the demo data has no Demo HQ');
    // The engine's tests check in employees by a typed name (employeeCheckIn below): Demo HQ
    // lets employees check in so, as a site without a directory would.
    const settings = Object.fromEntries(
      Object.keys(buildingSettingsSchema.shape).map((key) => [key, demoHq[key as keyof typeof demoHq]]),
    ) as BuildingSettings;
    await manager.call('PATCH /building/:id/settings', {
      params: { id: demoHq.id },
      body: { ...settings, employeeCheckIn: 'TYPED_NAME' },
    });
    return {
      baseUrl,
      building: { id: demoHq.id, qrCodeKey: demoHq.qrCodeKey },
      manager,
      anonymous: serviceClient(baseUrl),
      db: database.db,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * The kiosks of one test file: each a fake-indexeddb database whose device an enrolment code of
 * Demo HQ made a kiosk (a second instance of the same database, another tab, shares its
 * credential). The client and the push transport carry the credential of the kiosk made last.
 */
export function testKiosks(server: () => TestServer) {
  const databases: KioskDb[] = [];
  let current: KioskDb | undefined;
  const currentDb = () => {
    if (!current) throw new Error('no kiosk database yet');
    return current;
  };
  /** The kiosk's client; `observe` sees each request and its answer. */
  const client = (observe?: (init: RequestInit | undefined, response: Response) => void): ApiClient => {
    const kioskFetch = withCredential(currentDb);
    return kioskClient({
      baseUrl: `${server().baseUrl}/service`,
      fetchImpl: async (input, init) => {
        const response = await kioskFetch(input, init);
        observe?.(init, response);
        return response;
      },
    });
  };

  return {
    /** A new kiosk of Demo HQ (or another tab of the named one). */
    async open(name = `kiosk-${uuidv7()}`): Promise<KioskDb> {
      const db = openKioskDb(name);
      databases.push(db);
      if (!(await credentialOf(db))) {
        const { manager, anonymous, building } = server();
        const { code } = await manager.call('POST /building/:id/devices/enrolments', {
          params: { id: building.id },
          body: { name: 'Lobby tablet' },
        });
        const deviceId = await deviceIdOf(db);
        await saveEnrolment(db, await anonymous.call('POST /kiosk/enrol', { body: { code, deviceId } }));
      }
      current = db;
      return db;
    },
    /** The kiosk's client of the test server (its calls carry the current kiosk's credential). */
    client,
    /** The kiosk's push to the test server. */
    transport: (): SyncTransport => httpTransport(client()),
    /** Closes and deletes every kiosk database opened since the last call. */
    async deleteAll(): Promise<void> {
      const opened = databases.splice(0);
      // Every tab of a database closed before it is deleted (an open one would be asked to close).
      for (const db of opened) db.close();
      for (const name of new Set(opened.map((db) => db.name))) await Dexie.delete(name);
      current = undefined;
    },
  };
}

/**
 * One server for the test file, started before its tests and closed after them, and its kiosks,
 * each test's kiosks deleted after it; `onStart` receives the server once it listens.
 */
export function serverForTests(onStart: (server: TestServer) => void) {
  let started: TestServer | undefined;
  const kiosks = testKiosks(() => {
    if (!started) throw new Error('the test server starts before the tests');
    return started;
  });
  beforeAll(async () => {
    started = await startTestServer();
    onStart(started);
  }, SERVER_HOOK_TIMEOUT_MS);
  afterAll(() => started?.close(), SERVER_HOOK_TIMEOUT_MS);
  afterEach(() => kiosks.deleteAll());
  return kiosks;
}

/** An employee's check-in as the kiosk's wizard makes it, by a typed name (Demo HQ allows it here). */
export function employeeCheckIn(qrCodeKey: string, lastName: string) {
  return { qrCodeKey, visitorType: 'EMPLOYEE', checkInForm: { firstName: 'Offline', lastName } };
}

/**
 * An invitation at Demo HQ made by its corporate user, as the entry log's New invite makes it:
 * a visitor with an e-mail and a company, hosted by an employee of the directory, starting in
 * `inMinutes` (within the kiosk's list of the day by default).
 */
export async function inviteAtDemoHq(server: TestServer, lastName: string, inMinutes = 30) {
  const { manager, building } = server;
  const hosts = await manager.call('GET /meeting/building/:id/employee', {
    params: { id: building.id },
    query: { name: 'Ortiz' },
  });
  const host = hosts.docs[0];
  if (!host) throw new Error('the demo directory has no Elena Ortiz to host');
  return manager.call('POST /meeting', {
    body: {
      buildingId: building.id,
      visitorType: 'VISITOR',
      firstName: 'Iris',
      lastName,
      email: `${lastName.toLowerCase()}@example.test`,
      companyName: 'Invited Ltd',
      hostPersonId: host.personId,
      scheduledAt: new Date(Date.now() + inMinutes * 60_000).toISOString(),
      scheduledDuration: 'PT1H',
    },
  });
}
