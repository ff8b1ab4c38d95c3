import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TENANT_HEADER } from '@vestibule/shared';
import { createTenant, createUser } from '../../../test/helpers/factories.ts';
import { type TestApp, bearer, createTestApp, jsonOf, logInAs } from '../../../test/helpers/test-app.ts';

// Sessions that end: sign-out, idle time, the impersonation's 60 minutes, account
// changes; the company chosen per tab; sign-in lockout per username and address.

let t: TestApp;
let tenantId: string;

beforeAll(async () => {
  t = await createTestApp();
  tenantId = await createTenant(t.database.db, { name: 'Sessions Inc' });
});
afterAll(() => t.close());

const renew = (token: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/service/token', headers: { ...bearer(token), ...headers } });

function outcome(response: { statusCode: number; json: () => unknown }) {
  return { status: response.statusCode, code: (response.json() as { errorCode?: string }).errorCode };
}

function sessionOf(token: string): string {
  return t.app.jwt.decode<{ sid: string }>(token)!.sid;
}

async function impersonation(adminToken: string, username: string): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/service/login/impersonate',
    headers: { ...bearer(adminToken), 'content-type': 'application/x-www-form-urlencoded' },
    payload: `username=${encodeURIComponent(username)}`,
  });
  expect(response.statusCode).toBe(200);
  return jsonOf<{ token: string }>(response).token;
}

describe('sessions', () => {
  it('signing out ends the session: the same token stops working everywhere, other sessions go on', async () => {
    const user = await createUser(t.database.db, { tenantId, role: 'ROLE_USER' });
    const laptop = await logInAs(t.app, user.username);
    const phone = await logInAs(t.app, user.username);
    const out = await t.app.inject({ method: 'POST', url: '/service/logout', headers: bearer(laptop) });
    expect(out.statusCode).toBe(200);
    expect(outcome(await renew(laptop))).toEqual({ status: 401, code: 'BAD_TOKEN' });
    expect((await renew(phone)).statusCode).toBe(200);
  });

  it('ends a session idle for longer than the idle time (30 minutes by default); renewal keeps an active one', async () => {
    const user = await createUser(t.database.db, { tenantId, role: 'ROLE_USER' });
    const token = await logInAs(t.app, user.username);
    const login = jsonOf<{ idleMinutes: number }>(
      await t.app.inject({
        method: 'POST',
        url: '/service/login',
        payload: { username: user.username, password: user.password },
      }),
    );
    expect(login.idleMinutes).toBe(30);
    const moveLastSeen = (minutes: number) =>
      t.database.db
        .updateTable('sessions')
        .set({ last_seen_at: sql<Date>`now() - make_interval(mins => ${minutes})` })
        .where('id', '=', sessionOf(token))
        .execute();
    await moveLastSeen(29);
    expect((await renew(token)).statusCode).toBe(200);
    await moveLastSeen(31);
    expect(outcome(await renew(token))).toEqual({ status: 401, code: 'SESSION_EXPIRED' });
  });

  it('keeps an impersonation to 60 minutes in all: renewal never goes past them, and it ends then', async () => {
    const admin = await createUser(t.database.db, { tenantId, role: 'ROLE_ADMIN' });
    const target = await createUser(t.database.db, { tenantId, role: 'ROLE_USER' });
    const token = await impersonation(await logInAs(t.app, admin.username), target.username);
    // 50 minutes in: a renewal gives a token that ends with the impersonation, 10 minutes on.
    await t.database.db
      .updateTable('sessions')
      .set({
        created_at: sql<Date>`now() - interval '50 minutes'`,
        expires_at: sql<Date>`now() + interval '10 minutes'`,
      })
      .where('id', '=', sessionOf(token))
      .execute();
    const renewed = jsonOf<{ token: string; tokenExpiration: number }>(await renew(token));
    const left = renewed.tokenExpiration - Date.now() / 1000;
    expect(left).toBeGreaterThan(9 * 60);
    expect(left).toBeLessThanOrEqual(10 * 60 + 1);
    await t.database.db
      .updateTable('sessions')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('id', '=', sessionOf(token))
      .execute();
    expect(outcome(await renew(renewed.token))).toEqual({ status: 401, code: 'SESSION_EXPIRED' });
  });

  it('ends an impersonation when the impersonating admin is demoted or blocked', async () => {
    for (const change of [{ role: 'ROLE_MASTER' as const }, { blocked: true }]) {
      const admin = await createUser(t.database.db, { tenantId, role: 'ROLE_ADMIN' });
      const target = await createUser(t.database.db, { tenantId, role: 'ROLE_USER' });
      const token = await impersonation(await logInAs(t.app, admin.username), target.username);
      expect((await renew(token)).statusCode).toBe(200);
      await t.database.db.updateTable('users').set(change).where('id', '=', admin.id).execute();
      expect({ change, ...outcome(await renew(token)) }).toEqual({ change, status: 401, code: 'BAD_TOKEN' });
    }
  });

  it("ends a user's sessions at the next call when they are blocked, their password or their role changes", async () => {
    const changes = [{ blocked: true }, { password_hash: 'scrypt$changed' }, { role: 'ROLE_SUPERVISOR' as const }];
    for (const change of changes) {
      const user = await createUser(t.database.db, { tenantId, role: 'ROLE_USER' });
      const token = await logInAs(t.app, user.username);
      expect((await renew(token)).statusCode).toBe(200);
      await t.database.db.updateTable('users').set(change).where('id', '=', user.id).execute();
      expect({ change, ...outcome(await renew(token)) }).toEqual({ change, status: 401, code: 'BAD_TOKEN' });
    }
    // Other changes (a name) leave the session alone.
    const user = await createUser(t.database.db, { tenantId, role: 'ROLE_USER' });
    const token = await logInAs(t.app, user.username);
    await t.database.db.updateTable('users').set({ first_name: 'Renamed' }).where('id', '=', user.id).execute();
    expect((await renew(token)).statusCode).toBe(200);
  });
});

describe('the company belongs to the tab', () => {
  it('lets two tabs of one admin work in two companies at once, each landing in its own', async () => {
    const north = await createTenant(t.database.db, { name: 'North tab' });
    const south = await createTenant(t.database.db, { name: 'South tab' });
    const admin = await createUser(t.database.db, { tenantId, role: 'ROLE_ADMIN' });
    const token = await logInAs(t.app, admin.username);
    const inTab = (tenant: string) => ({ ...bearer(token), [TENANT_HEADER]: tenant });
    for (const [tenant, name] of [
      [north, 'North questionnaire'],
      [south, 'South questionnaire'],
    ] as const) {
      const created = await t.app.inject({
        method: 'POST',
        url: '/service/questionnaire',
        headers: inTab(tenant),
        payload: { name },
      });
      expect(created.statusCode).toBe(201);
    }
    for (const [tenant, name] of [
      [north, 'North questionnaire'],
      [south, 'South questionnaire'],
    ] as const) {
      const list = jsonOf<{ docs: { name: string }[] }>(
        await t.app.inject({ method: 'GET', url: '/service/questionnaire', headers: inTab(tenant) }),
      );
      expect(list.docs.map((doc) => doc.name)).toEqual([name]);
      const row = await t.database.db
        .selectFrom('questionnaires')
        .select('tenant_id')
        .where('name', '=', name)
        .executeTakeFirstOrThrow();
      expect(row.tenant_id).toBe(tenant);
    }
  });

  it("starts a tab without a choice where the session's last choice was, and refuses an unknown company", async () => {
    const east = await createTenant(t.database.db, { name: 'East session' });
    const admin = await createUser(t.database.db, { tenantId, role: 'ROLE_ADMIN' });
    const token = await logInAs(t.app, admin.username);
    expect(
      (await t.app.inject({ method: 'GET', url: `/service/selectTenant/${east}`, headers: bearer(token) })).statusCode,
    ).toBe(200);
    const current = jsonOf<{ tenant: { id: string } }>(
      await t.app.inject({ method: 'GET', url: '/service/selectTenant', headers: bearer(token) }),
    );
    expect(current.tenant.id).toBe(east);
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/service/selectTenant',
      headers: { ...bearer(token), [TENANT_HEADER]: '0192a0b0-0000-7000-8000-00000000dead' },
    });
    expect(outcome(unknown)).toEqual({ status: 404, code: 'NOT_FOUND' });
    // Another sign-in of the same admin is another session: it starts in the admin's own company.
    const other = await logInAs(t.app, admin.username);
    const fresh = jsonOf<{ tenant: { id: string } }>(
      await t.app.inject({ method: 'GET', url: '/service/selectTenant', headers: bearer(other) }),
    );
    expect(fresh.tenant.id).toBe(tenantId);
  });

  it('ignores the company header of users who may not switch company', async () => {
    const elsewhere = await createTenant(t.database.db, { name: 'Elsewhere' });
    const master = await createUser(t.database.db, { tenantId, role: 'ROLE_MASTER' });
    const token = await logInAs(t.app, master.username);
    const current = jsonOf<{ tenant: { id: string } }>(
      await t.app.inject({
        method: 'GET',
        url: '/service/selectTenant',
        headers: { ...bearer(token), [TENANT_HEADER]: elsewhere },
      }),
    );
    expect(current.tenant.id).toBe(tenantId);
  });
});

describe('sign-in lockout per username and address', () => {
  const login = (username: string, password: string, address: string) =>
    t.app.inject({ method: 'POST', url: '/service/login', payload: { username, password }, remoteAddress: address });

  it('blocks the address that failed five times, never the right password from another address', async () => {
    const user = await createUser(t.database.db, { tenantId, role: 'ROLE_ADMIN' });
    const codes: (string | undefined)[] = [];
    for (let i = 0; i < 5; i++) codes.push(outcome(await login(user.username, 'Wrong-pass1!', '203.0.113.7')).code);
    expect(codes.at(-1)).toBe('BLOCKED_USER');
    expect(outcome(await login(user.username, user.password, '203.0.113.7'))).toEqual({
      status: 403,
      code: 'BLOCKED_USER',
    });
    expect((await login(user.username, user.password, '198.51.100.20')).statusCode).toBe(200);
  });

  it('stops a spread-out attack on a username, except the right password from an address the user signed in from before', async () => {
    const user = await createUser(t.database.db, { tenantId, role: 'ROLE_ADMIN' });
    expect((await login(user.username, user.password, '192.0.2.10')).statusCode).toBe(200);
    for (let i = 0; i < 50; i++)
      await login(user.username, 'Wrong-pass1!', `198.18.${Math.floor(i / 4)}.${(i % 4) + 1}`);
    expect(outcome(await login(user.username, user.password, '198.19.0.1'))).toEqual({
      status: 403,
      code: 'BLOCKED_USER',
    });
    expect((await login(user.username, user.password, '192.0.2.10')).statusCode).toBe(200);
    // 52 password checks, each slow on purpose: more than the default time on a loaded machine.
  }, 90_000);
});
