// Managing users: who may manage whom, the last administrator, building assignment,
// e-mail uniqueness, the new user's verification e-mail, and an audit row for each change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User, UserList } from '@vestibule/shared';
import { createBuilding, createTenant, createUser } from '../../../test/helpers/factories.ts';
import { type TestApp, bearer, createTestApp, jsonOf, logInAs } from '../../../test/helpers/test-app.ts';

let t: TestApp;
let tenantId: string;
let otherTenant: string;
let hq: string;
let annex: string;
const tokens: Record<'admin' | 'master' | 'supervisor' | 'tech', string> = {
  admin: '',
  master: '',
  supervisor: '',
  tech: '',
};
const ids: Record<'admin' | 'master' | 'supervisor', string> = { admin: '', master: '', supervisor: '' };

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  tenantId = await createTenant(db, { name: 'Users Corp' });
  otherTenant = await createTenant(db, { name: 'Elsewhere' });
  hq = await createBuilding(db, tenantId, 'Users HQ');
  annex = await createBuilding(db, tenantId, 'Users Annex');
  for (const [key, role] of [
    ['admin', 'ROLE_ADMIN'],
    ['master', 'ROLE_MASTER'],
    ['supervisor', 'ROLE_SUPERVISOR'],
    ['tech', 'ROLE_TECH_1'],
  ] as const) {
    const user = await createUser(db, { tenantId, role });
    if (key !== 'tech') ids[key] = user.id;
    tokens[key] = await logInAs(t.app, user.username);
  }
});

afterAll(() => t.close());

async function call(
  as: keyof typeof tokens,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) {
  const response = await t.app.inject({ method, url: `/service${url}`, payload, headers: bearer(tokens[as]) });
  return { status: response.statusCode, body: jsonOf<Record<string, unknown>>(response) };
}

const newUser = (username: string, role: string, extra: object = {}) => ({
  username,
  email: `${username}@example.test`,
  firstName: 'New',
  lastName: username,
  role,
  ...extra,
});

async function actions(entityId: string) {
  const rows = await t.database.db
    .selectFrom('audit_log')
    .select(['action', 'actor_id'])
    .where('entity_id', '=', entityId)
    .where('entity', '=', 'user')
    .orderBy('at')
    .execute();
  return rows.map((row) => row.action);
}

describe('creating users', () => {
  it('creates a user with assigned buildings and e-mails them a verification link', async () => {
    const created = await call('master', 'POST', '/user', newUser('grace', 'ROLE_SUPERVISOR', { buildingIds: [hq] }));
    expect(created.status).toBe(201);
    const user = created.body as unknown as User;
    expect(user).toMatchObject({
      username: 'grace',
      role: 'ROLE_SUPERVISOR',
      verified: false,
      verificationNeeded: true,
    });
    expect((await call('master', 'GET', `/user/${user.id}/buildings`)).body).toEqual([{ id: hq, name: 'Users HQ' }]);
    const mail = await t.database.db
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('to_address', '=', 'grace@example.test')
      .executeTakeFirstOrThrow();
    expect(mail.text_body).toMatch(/\/verify\/[A-Za-z0-9_-]{40,}/);
    expect(await actions(user.id)).toEqual(['USER_CREATED']);
  });

  it('never grants a role above the creator’s, and refuses a taken username or address', async () => {
    expect(await call('supervisor', 'POST', '/user', newUser('boss', 'ROLE_MASTER'))).toMatchObject({
      status: 400,
      body: { errorCode: 'ROLE_NOT_ALLOWED' },
    });
    expect(await call('master', 'POST', '/user', newUser('root', 'ROLE_ADMIN'))).toMatchObject({
      status: 400,
      body: { errorCode: 'ROLE_NOT_ALLOWED' },
    });
    expect(await call('tech', 'POST', '/user', newUser('helper', 'ROLE_USER'))).toMatchObject({
      status: 409,
      body: { errorCode: 'USER_READ_ONLY' },
    });
    await call('master', 'POST', '/user', newUser('alan', 'ROLE_USER'));
    expect(
      await call('master', 'POST', '/user', newUser('ALAN', 'ROLE_USER', { email: 'other@example.test' })),
    ).toMatchObject({
      status: 409,
      body: { errorCode: 'USER_ALREADY_EXISTS' },
    });
    expect(
      await call('master', 'POST', '/user', newUser('alan2', 'ROLE_USER', { email: 'ALAN@example.test' })),
    ).toMatchObject({
      status: 409,
      body: { errorCode: 'EMAIL_ALREADY_EXISTS' },
    });
    expect((await call('master', 'GET', '/validateUserEmail?email=alan@example.test')).body).toEqual({ valid: false });
    expect((await call('master', 'GET', '/validateUserEmail?email=free@example.test')).body).toEqual({ valid: true });
  });

  it('refuses a building of another company, and writes nothing', async () => {
    const elsewhere = await createBuilding(t.database.db, otherTenant, 'Not ours');
    const refused = await call(
      'master',
      'POST',
      '/user',
      newUser('mallory', 'ROLE_USER', { buildingIds: [elsewhere] }),
    );
    expect(refused).toMatchObject({ status: 404, body: { errorCode: 'NOT_FOUND' } });
    const list = (await call('master', 'GET', '/user?search=mallory')).body as unknown as UserList;
    expect(list.totalDocs).toBe(0);
  });
});

describe('listing users', () => {
  it('pages, sorts, searches and filters by role and building within the company', async () => {
    await createUser(t.database.db, { tenantId: otherTenant, role: 'ROLE_USER', username: 'outsider' });
    const all = (await call('master', 'GET', '/user?limit=200')).body as unknown as UserList;
    expect(all.docs.map((user) => user.username)).not.toContain('outsider');
    expect(all.docs.every((user) => user.tenant?.id === tenantId)).toBe(true);

    const page = (await call('master', 'GET', '/user?limit=2&page=1&sort=username&order=-1'))
      .body as unknown as UserList;
    expect(page.docs).toHaveLength(2);
    expect(page.totalDocs).toBe(all.totalDocs);
    const names = page.docs.map((user) => user.username);
    expect(names).toEqual([...names].sort().reverse());

    const supervisors = (await call('master', 'GET', '/user?role=ROLE_SUPERVISOR')).body as unknown as UserList;
    expect(supervisors.docs.every((user) => user.role === 'ROLE_SUPERVISOR')).toBe(true);
    expect(supervisors.totalDocs).toBeGreaterThan(0);
    const atHq = (await call('master', 'GET', `/user?buildingId=${hq}`)).body as unknown as UserList;
    expect(atHq.docs.map((user) => user.username)).toEqual(['grace']);
    const found = (await call('master', 'GET', '/user?search=GRA')).body as unknown as UserList;
    expect(found.docs.map((user) => user.username)).toEqual(['grace']);
  });
});

describe('editing, blocking and deleting', () => {
  it('lets a supervisor manage a user but not a corporate user, and nobody demote or block themselves', async () => {
    const user = (await call('master', 'POST', '/user', newUser('katherine', 'ROLE_USER'))).body as unknown as User;
    const edited = await call('supervisor', 'PATCH', `/user/${user.id}`, { firstName: 'Katherine', blocked: true });
    expect(edited).toMatchObject({ status: 200, body: { firstName: 'Katherine', blocked: true } });
    expect(await actions(user.id)).toEqual(['USER_CREATED', 'USER_BLOCKED']);

    expect(await call('supervisor', 'PATCH', `/user/${ids.master}`, { firstName: 'Nope' })).toMatchObject({
      status: 409,
      body: { errorCode: 'USER_NOT_MANAGEABLE' },
    });
    expect(await call('supervisor', 'PATCH', `/user/${user.id}`, { role: 'ROLE_MASTER' })).toMatchObject({
      status: 400,
      body: { errorCode: 'ROLE_NOT_ALLOWED' },
    });
    expect(await call('master', 'PATCH', `/user/${ids.master}`, { role: 'ROLE_USER' })).toMatchObject({
      status: 409,
      body: { errorCode: 'SELF_CHANGE_NOT_ALLOWED' },
    });
    expect(await call('master', 'DELETE', `/user/${ids.master}`)).toMatchObject({
      status: 409,
      body: { errorCode: 'SELF_CHANGE_NOT_ALLOWED' },
    });
    expect(await call('master', 'DELETE', `/user/${user.id}`)).toEqual({ status: 200, body: { ok: true } });
    expect((await call('master', 'GET', `/user/${user.id}`)).status).toBe(404);
    expect(await actions(user.id)).toEqual(['USER_CREATED', 'USER_BLOCKED', 'USER_DELETED']);
  });

  it('tells a technical user that they read only, whatever they try to change, and changes nothing', async () => {
    const user = (await call('master', 'POST', '/user', newUser('dorothy', 'ROLE_USER'))).body as unknown as User;
    const attempts = [
      await call('tech', 'PATCH', `/user/${user.id}`, { firstName: 'Changed' }),
      await call('tech', 'PATCH', `/user/${ids.master}`, { blocked: true }),
      await call('tech', 'DELETE', `/user/${user.id}`),
      await call('tech', 'POST', `/user/${user.id}/changePassword`, {
        password: 'Another-pass1!',
        confirmPassword: 'Another-pass1!',
      }),
      await call('tech', 'POST', '/user', newUser('helper2', 'ROLE_SPACE')),
    ];
    for (const attempt of attempts) {
      expect(attempt).toMatchObject({
        status: 409,
        body: {
          errorCode: 'USER_READ_ONLY',
          msg: 'Technical users read users and companies only: they change nothing.',
        },
      });
    }
    expect((await call('master', 'GET', `/user/${user.id}`)).body).toMatchObject({ firstName: 'New' });
    expect(await actions(user.id)).toEqual(['USER_CREATED']);
  });

  it('lets an administrator remove another administrator, never themselves', async () => {
    const second = (await call('admin', 'POST', '/user', newUser('ada', 'ROLE_ADMIN'))).body as unknown as User;
    expect(second.role).toBe('ROLE_ADMIN');
    expect(await call('admin', 'PATCH', `/user/${ids.admin}`, { role: 'ROLE_MASTER' })).toMatchObject({
      status: 409,
      body: { errorCode: 'SELF_CHANGE_NOT_ALLOWED' },
    });
    expect(await call('admin', 'DELETE', `/user/${second.id}`)).toEqual({ status: 200, body: { ok: true } });
    expect(await actions(second.id)).toEqual(['USER_CREATED', 'USER_DELETED']);
  });

  it('sets a password: the user’s sessions end and the new password works', async () => {
    const user = await createUser(t.database.db, { tenantId, role: 'ROLE_USER' });
    const session = await logInAs(t.app, user.username);
    const weak = await call('master', 'POST', `/user/${user.id}/changePassword`, {
      password: 'short',
      confirmPassword: 'short',
    });
    expect(weak.status).toBe(400);
    const set = await call('master', 'POST', `/user/${user.id}/changePassword`, {
      password: 'Brand-new1!',
      confirmPassword: 'Brand-new1!',
    });
    expect(set).toEqual({ status: 200, body: { ok: true } });
    const profile = await t.app.inject({ method: 'GET', url: '/service/profile', headers: bearer(session) });
    expect(profile.statusCode).toBe(401);
    expect(await logInAs(t.app, user.username, 'Brand-new1!')).toEqual(expect.any(String));
    expect(await actions(user.id)).toEqual(['PASSWORD_SET']);
  });
});

describe('building assignment', () => {
  it('assigns and unassigns, once each, with an audit row for each change', async () => {
    const user = (await call('master', 'POST', '/user', newUser('barbara', 'ROLE_USER'))).body as unknown as User;
    for (let i = 0; i < 2; i++) {
      expect(await call('master', 'POST', `/user/${user.id}/buildings/${annex}/assign`)).toEqual({
        status: 200,
        body: { ok: true },
      });
    }
    expect((await call('master', 'GET', `/user/${user.id}/buildings`)).body).toEqual([
      { id: annex, name: 'Users Annex' },
    ]);
    expect(await call('master', 'POST', `/user/${user.id}/buildings/${annex}/unassign`)).toEqual({
      status: 200,
      body: { ok: true },
    });
    expect((await call('master', 'GET', `/user/${user.id}/buildings`)).body).toEqual([]);
    expect(await actions(user.id)).toEqual(['USER_CREATED', 'BUILDING_ASSIGNED', 'BUILDING_UNASSIGNED']);
  });
});

describe('users.csv', () => {
  it('downloads the company’s users, quoted, with accents kept and formulas made inert, in the caller’s language', async () => {
    await call(
      'master',
      'POST',
      '/user',
      newUser('csv.zoe', 'ROLE_USER', { firstName: 'Zoë', lastName: '=1+2, "quoted"' }),
    );
    const response = await t.app.inject({
      method: 'GET',
      url: '/service/users/users.csv?search=csv.',
      headers: { ...bearer(tokens.master), 'accept-language': 'fr' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="users.csv"');
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe("\uFEFFNom d'utilisateur,Prénom,Nom,Courriel,Téléphone,Rôle,Langue,Vérifié,Bloqué,Créé le");
    expect(lines[1]).toMatch(
      /^csv\.zoe,Zoë,"'=1\+2, ""quoted""",csv\.zoe@example\.test,,Utilisateur,English,non,non,\d{4}-/,
    );
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe('');
  });
});
