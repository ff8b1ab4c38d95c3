import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import {
  KIOSK_CREDENTIAL_HEADER,
  type Role,
  type SyncPushResponse,
  kioskCredentialValue,
  roles,
  seesWholeCompany,
  uuidv7,
} from '@vestibule/shared';
import { buildApp } from '../../src/app.ts';
import { type AppConfig, loadConfig } from '../../src/config.ts';
import type { DatabaseHandle } from '../../src/db/database.ts';
import { createEnrolment, enrolKiosk } from '../../src/modules/kiosks/kiosks.service.ts';
import { createTestDatabase } from './database.ts';
import { TEST_PASSWORD, assignBuildings, createBuilding, createTenant, createUser } from './factories.ts';

export function testConfig(overrides: NodeJS.ProcessEnv = {}): AppConfig {
  return loadConfig({
    DATA_DIR: 'memory://',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    VESTIBULE_DEMO: '0',
    RATE_LIMIT_LOGIN_PER_MINUTE: '10000',
    RATE_LIMIT_PUBLIC_PER_MINUTE: '10000',
    ...overrides,
  });
}

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  close: () => Promise<void>;
}

/** An app on a fresh migrated database; close() closes both. */
export async function createTestApp(env: NodeJS.ProcessEnv = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const app = await buildApp({ config: testConfig(env), database, logger: process.env.TEST_LOG_LEVEL !== undefined });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

export async function logInAs(app: FastifyInstance, username: string, password = TEST_PASSWORD): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/service/login', payload: { username, password } });
  if (response.statusCode !== 200) throw new Error(`login of ${username} failed: ${response.body}`);
  return (response.json() as { token: string }).token;
}

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

export function jsonOf<T = Record<string, unknown>>(response: LightMyRequestResponse): T {
  return response.json() as T;
}

/** Two tenants, with one signed-in user per role in tenant A and the ids of tenant B. */
export async function seedTwoTenants(testApp: TestApp) {
  const { db } = testApp.database;
  const tenantA = await createTenant(db, { name: 'Tenant A' });
  const tenantB = await createTenant(db, { name: 'Tenant B' });
  const tokens = {} as Record<Role, string>;
  const users = {} as Record<Role, { id: string; username: string }>;
  for (const role of roles) {
    const user = await createUser(db, { tenantId: tenantA, role });
    users[role] = user;
    tokens[role] = await logInAs(testApp.app, user.username);
  }
  return { tenantA, tenantB, tokens, users, password: TEST_PASSWORD };
}

/** A one-time enrolment code for a building, as the admin's "Enrol a kiosk" dialog makes one. */
export async function enrolmentCode(app: FastifyInstance, buildingId: string): Promise<string> {
  const building = await app.ctx.db
    .selectFrom('buildings')
    .select('tenant_id')
    .where('id', '=', buildingId)
    .executeTakeFirstOrThrow();
  const { code } = await createEnrolment(app.ctx, {
    tenantId: building.tenant_id,
    buildingId,
    name: 'Lobby tablet',
    userId: null,
    origin: 'http://localhost',
  });
  return code;
}

/**
 * An enrolled kiosk of a building (as an admin's enrolment code and the tablet's enrolment make
 * it): its device id and the credential header every kiosk call carries.
 */
export async function enrolledKiosk(app: FastifyInstance, buildingId: string, deviceId: string = uuidv7()) {
  const code = await enrolmentCode(app, buildingId);
  const enrolled = await enrolKiosk(app.ctx, { code, deviceId, ip: '127.0.0.1' });
  return {
    deviceId,
    headers: { [KIOSK_CREDENTIAL_HEADER]: kioskCredentialValue(deviceId, enrolled.secret) },
  };
}

/**
 * One push of an enrolled kiosk's queued entries, as its sync engine sends them: numbered from 1,
 * made now, each with a new mutation id. Answers the push's results.
 */
export async function pushAsKiosk(
  app: FastifyInstance,
  kiosk: { deviceId: string; headers: Record<string, string> },
  qrCodeKey: string,
  entries: readonly { type: 'checkIn' | 'checkOut'; visitId: string; payload: object }[],
): Promise<SyncPushResponse> {
  const now = new Date().toISOString();
  const response = await app.inject({
    method: 'POST',
    url: '/service/sync/push',
    headers: kiosk.headers,
    payload: {
      deviceId: kiosk.deviceId,
      sentAt: now,
      qrCodeKey,
      pendingCount: 0,
      mutations: entries.map((entry, index) => ({
        mutationId: uuidv7(),
        deviceId: kiosk.deviceId,
        seq: index + 1,
        occurredAt: now,
        ...entry,
      })),
    },
  });
  return jsonOf<SyncPushResponse>(response);
}

/** A tenant with one building and a signed-in user of `role` in it: the start of most module tests. */
export async function tenantWithBuilding(
  testApp: TestApp,
  names: { tenant: string; building: string },
  role: Role = 'ROLE_ADMIN',
): Promise<{ tenantId: string; buildingId: string; auth: { authorization: string } }> {
  const db = testApp.database.db;
  const tenantId = await createTenant(db, { name: names.tenant });
  const buildingId = await createBuilding(db, tenantId, names.building);
  const user = await createUser(db, { tenantId, role });
  // A supervisor or user sees only assigned buildings: this one is theirs.
  if (!seesWholeCompany(role)) await assignBuildings(db, user.id, [buildingId]);
  return { tenantId, buildingId, auth: bearer(await logInAs(testApp.app, user.username)) };
}
