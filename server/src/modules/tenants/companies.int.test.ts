// Managing companies: a company with its corporate user, editing, deactivating (its
// users stop at once), deleting only an empty one; administrators write, technical users read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tenant, TenantList, User } from '@vestibule/shared';
import { createBuilding, createTenant, createUser } from '../../../test/helpers/factories.ts';
import { type TestApp, bearer, createTestApp, jsonOf, logInAs } from '../../../test/helpers/test-app.ts';

let t: TestApp;
let admin: string;
let tech: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await logInAs(t.app, (await createUser(t.database.db, { tenantId: null, role: 'ROLE_ADMIN' })).username);
  tech = await logInAs(t.app, (await createUser(t.database.db, { tenantId: null, role: 'ROLE_TECH_1' })).username);
});

afterAll(() => t.close());

async function call(token: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  const response = await t.app.inject({ method, url: `/service${url}`, payload, headers: bearer(token) });
  return { status: response.statusCode, body: jsonOf<Record<string, unknown>>(response) };
}

const company = (name: string, username: string) => ({
  tenant: { name, city: 'Montréal', countryCode: 'ca', licencesCount: 2 },
  master: { username, email: `${username}@example.test`, firstName: 'First', lastName: 'Master', userLocale: 'fr' },
});

describe('companies', () => {
  it('creates a company with its corporate user, who gets a verification e-mail in their language', async () => {
    const created = await call(admin, 'POST', '/tenantWithMaster', company('Acme Québec', 'acme.master'));
    expect(created.status).toBe(201);
    const { tenant, master } = created.body as unknown as { tenant: Tenant; master: User };
    expect(tenant).toMatchObject({
      name: 'Acme Québec',
      countryCode: 'CA',
      licencesCount: 2,
      buildingLimit: 2,
      active: true,
    });
    expect(master).toMatchObject({
      username: 'acme.master',
      role: 'ROLE_MASTER',
      tenant: { id: tenant.id },
      verified: false,
    });
    const mail = await t.database.db
      .selectFrom('mail_outbox')
      .select(['subject', 'text_body'])
      .where('to_address', '=', 'acme.master@example.test')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Confirmez votre adresse courriel pour Vestibule');
    expect(mail.text_body).toMatch(/\/verify\/[A-Za-z0-9_-]{40,}/);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'entity'])
      .where('tenant_id', '=', tenant.id)
      .execute();
    // One transaction: both rows have the same time.
    expect(audit).toHaveLength(2);
    expect(audit).toEqual(
      expect.arrayContaining([
        { action: 'TENANT_CREATED', entity: 'tenant' },
        { action: 'USER_CREATED', entity: 'user' },
      ]),
    );
  });

  it('creates nothing when the corporate user’s name is taken', async () => {
    await call(admin, 'POST', '/tenantWithMaster', company('First Co', 'taken.name'));
    const refused = await call(admin, 'POST', '/tenantWithMaster', company('Second Co', 'taken.name'));
    expect(refused).toMatchObject({ status: 409, body: { errorCode: 'USER_ALREADY_EXISTS' } });
    const list = (await call(admin, 'GET', '/tenant?search=second co')).body as unknown as TenantList;
    expect(list.totalDocs).toBe(0);
  });

  it('lists and searches companies for technical users, who cannot change them', async () => {
    const list = (await call(tech, 'GET', '/tenant?search=acme')).body as unknown as TenantList;
    expect(list.docs.map((tenant) => tenant.name)).toEqual(['Acme Québec']);
    const refused = await call(tech, 'PATCH', `/tenant/${list.docs[0]?.id ?? ''}`, { name: 'Hijacked' });
    expect(refused).toMatchObject({ status: 403, body: { errorCode: 'FORBIDDEN' } });
  });

  it('deactivating a company stops its users’ sessions and sign-ins at once; activating lets them back', async () => {
    const tenantId = await createTenant(t.database.db, { name: 'Sleepy Co' });
    const user = await createUser(t.database.db, { tenantId, role: 'ROLE_MASTER' });
    const session = await logInAs(t.app, user.username);
    expect((await call(session, 'GET', '/profile')).status).toBe(200);

    expect(await call(admin, 'PATCH', `/tenant/${tenantId}`, { active: false })).toMatchObject({
      status: 200,
      body: { active: false },
    });
    expect(await call(session, 'GET', '/profile')).toMatchObject({ status: 401, body: { errorCode: 'BAD_TOKEN' } });
    const login = await t.app.inject({
      method: 'POST',
      url: '/service/login',
      payload: { username: user.username, password: 'Test-pass1!' },
    });
    expect(login.statusCode).toBe(403);
    expect(jsonOf(login).errorCode).toBe('TENANT_INACTIVE');

    await call(admin, 'PATCH', `/tenant/${tenantId}`, { active: true });
    expect(await logInAs(t.app, user.username)).toEqual(expect.any(String));
  });

  it('deletes only a company without buildings or users', async () => {
    const tenantId = await createTenant(t.database.db, { name: 'Busy Co' });
    const buildingId = await createBuilding(t.database.db, tenantId, 'Busy HQ');
    expect(await call(admin, 'DELETE', `/tenant/${tenantId}`)).toMatchObject({
      status: 409,
      body: { errorCode: 'TENANT_NOT_EMPTY' },
    });
    await t.database.db.deleteFrom('buildings').where('id', '=', buildingId).execute();
    expect(await call(admin, 'DELETE', `/tenant/${tenantId}`)).toEqual({ status: 200, body: { ok: true } });
    expect((await call(admin, 'GET', `/tenant/${tenantId}`)).status).toBe(404);
  });
});
