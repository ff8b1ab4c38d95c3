import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { type DatabaseHandle, openDatabase } from '../src/db/database.ts';
import { createTestDatabase } from './helpers/database.ts';
import { createTenant, createUser } from './helpers/factories.ts';
import { bearer, jsonOf, testConfig } from './helpers/test-app.ts';

// Two server instances behind one database, as behind a load balancer. On a PostgreSQL
// server each instance has its own connection pool; on the embedded database they share
// the one handle (PGlite serves a single process), which still shows that nothing that
// matters across requests lives in an instance's memory.
let shared: DatabaseHandle & { url: string | undefined };
let second: DatabaseHandle;
let one: FastifyInstance;
let two: FastifyInstance;

beforeAll(async () => {
  shared = await createTestDatabase();
  second = shared.url ? await openDatabase({ databaseUrl: shared.url, dataDir: 'memory://', poolSize: 3 }) : shared;
  // No JWT_SECRET: the instances must agree on the secret kept in the database.
  one = await buildApp({ config: testConfig(), database: shared, logger: false });
  two = await buildApp({ config: testConfig(), database: second, logger: false });
  await Promise.all([one.ready(), two.ready()]);
});
afterAll(async () => {
  await one.close();
  await two.close();
  if (second !== shared) await second.close();
  await shared.close();
});

describe('several instances on one database', () => {
  it('runs on separate connection pools when a PostgreSQL server is used', () => {
    expect(second !== shared).toBe(shared.url !== undefined);
  });

  it('honours on one instance a token issued by the other', async () => {
    const tenantId = await createTenant(shared.db);
    const user = await createUser(shared.db, { tenantId, role: 'ROLE_SUPERVISOR' });
    const login = await one.inject({
      method: 'POST',
      url: '/service/login',
      payload: { username: user.username, password: user.password },
    });
    const { token } = jsonOf<{ token: string }>(login);
    const renewed = await two.inject({ method: 'GET', url: '/service/token', headers: bearer(token) });
    expect(renewed.statusCode).toBe(200);
    expect(jsonOf<{ user: { username: string } }>(renewed).user.username).toBe(user.username);
  });

  it('counts login failures across instances and honours the block on both', async () => {
    const tenantId = await createTenant(shared.db);
    const user = await createUser(shared.db, { tenantId, role: 'ROLE_USER' });
    const wrong = { username: user.username, password: 'Wrong-pass1!' };
    const codes: string[] = [];
    for (const app of [one, two, one, two, one]) {
      codes.push(
        jsonOf(await app.inject({ method: 'POST', url: '/service/login', payload: wrong })).errorCode as string,
      );
    }
    expect(codes.at(-1)).toBe('BLOCKED_USER');
    const right = { username: user.username, password: user.password };
    expect(jsonOf(await two.inject({ method: 'POST', url: '/service/login', payload: right })).errorCode).toBe(
      'BLOCKED_USER',
    );
    expect(jsonOf(await one.inject({ method: 'POST', url: '/service/login', payload: right })).errorCode).toBe(
      'BLOCKED_USER',
    );
  });

  it('sees on one instance the tenant chosen through the other', async () => {
    const home = await createTenant(shared.db);
    const other = await createTenant(shared.db, { name: 'Chosen Elsewhere' });
    const admin = await createUser(shared.db, { tenantId: home, role: 'ROLE_ADMIN' });
    const { token } = jsonOf<{ token: string }>(
      await one.inject({
        method: 'POST',
        url: '/service/login',
        payload: { username: admin.username, password: admin.password },
      }),
    );
    await one.inject({ method: 'GET', url: `/service/selectTenant/${other}`, headers: bearer(token) });
    const seen = jsonOf<{ tenant: { name: string } }>(
      await two.inject({ method: 'GET', url: '/service/selectTenant', headers: bearer(token) }),
    );
    expect(seen.tenant.name).toBe('Chosen Elsewhere');
  });
});
