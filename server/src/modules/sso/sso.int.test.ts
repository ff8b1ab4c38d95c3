// Single sign-on (docs/sso.md) against a real OpenID Connect provider on loopback
// (test/helpers/oidcProvider.ts): a company's provider set up by its keepers (the secret never
// answered nor audited), found from an e-mail or a company's name, and the whole sign-in: the
// provider's page, the code exchange with PKCE, the ID token's checks, users matched or created
// by e-mail, and each refusal (replayed or expired state, another audience, an expired token, a
// domain not allowed, no account, a blocked user), audited.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type LoginResponse, SSO_ERROR_PARAM, type SsoDiscovered, type SsoSettings } from '@vestibule/shared';
import { createTenant, createUser } from '../../../test/helpers/factories.ts';
import { TEST_ROLE_CLAIM, type TestOidcProvider, startOidcProvider } from '../../../test/helpers/oidcProvider.ts';
import { type TestApp, bearer, createTestApp, jsonOf, logInAs } from '../../../test/helpers/test-app.ts';
import { pruneLogins } from './sso.repo.ts';

let t: TestApp;
let idp: TestOidcProvider;
let world: Awaited<ReturnType<typeof seedWorld>>;

async function seedWorld() {
  const db = t.database.db;
  const tenantId = await createTenant(db, { name: 'Single Sign Ltd' });
  const master = await createUser(db, { tenantId, role: 'ROLE_MASTER' });
  const supervisor = await createUser(db, { tenantId, role: 'ROLE_SUPERVISOR' });
  const other = await createTenant(db, { name: 'Elsewhere Ltd' });
  const otherMaster = await createUser(db, { tenantId: other, role: 'ROLE_MASTER' });
  return {
    tenantId,
    other,
    master: bearer(await logInAs(t.app, master.username)),
    supervisor: bearer(await logInAs(t.app, supervisor.username)),
    otherMaster: bearer(await logInAs(t.app, otherMaster.username)),
  };
}

function call(
  headers: Record<string, string>,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  return t.app.inject({ method, url: `/service${url}`, headers, payload });
}

const setup = (overrides: Record<string, unknown> = {}) => ({
  enabled: true,
  displayName: 'Acme Identity',
  issuer: idp.issuer,
  clientId: idp.clientId,
  clientSecret: idp.clientSecret,
  allowedDomains: ['sso.test'],
  roleClaim: TEST_ROLE_CLAIM,
  createUsers: true,
  defaultRole: 'ROLE_USER',
  ...overrides,
});

async function configure(overrides: Record<string, unknown> = {}) {
  const response = await call(world.master, 'PUT', '/ssoProvider', setup(overrides));
  expect(response.statusCode).toBe(200);
  return jsonOf<SsoSettings>(response);
}

/** Starts a sign-in for the company and answers the provider's address. */
async function start(tenantId = world.tenantId): Promise<string> {
  const response = await call({}, 'GET', `/sso/oidc/${tenantId}/start`);
  expect(response.statusCode).toBe(302);
  return String(response.headers.location);
}

/** The provider's answer handed to the callback; answers where the browser is sent then. */
async function callback(returned: URL): Promise<string> {
  const response = await call({}, 'GET', `/sso/oidc/callback${returned.search}`);
  expect(response.statusCode).toBe(302);
  return String(response.headers.location);
}

/** A whole sign-in as `email`: where the browser lands. */
async function signIn(email: string): Promise<string> {
  return callback(await idp.authorise(await start(), email));
}

/** The session the one-time link of a successful sign-in opens. */
async function sessionOf(location: string): Promise<LoginResponse> {
  expect(location).toMatch(/^\/sso\/[\w-]+$/);
  const response = await call({}, 'GET', `/sso/${location.slice('/sso/'.length)}`);
  expect(response.statusCode).toBe(200);
  return jsonOf<LoginResponse>(response);
}

const refused = (code: string) => `/login?${SSO_ERROR_PARAM}=${code}`;

async function auditRows(action: string) {
  return t.database.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .where('tenant_id', '=', world.tenantId)
    .orderBy('at')
    .orderBy('id')
    .execute();
}

beforeAll(async () => {
  t = await createTestApp({ WEBHOOK_ALLOW_LOOPBACK: '1' });
  world = await seedWorld();
  const settings = jsonOf<SsoSettings>(await call(world.master, 'GET', '/ssoProvider'));
  idp = await startOidcProvider({ redirectUri: settings.redirectUri });
});
afterAll(async () => {
  await t.close();
  await idp.close();
});
beforeEach(() => {
  idp.accounts.clear();
  idp.tamperIdToken = null;
});

describe('a company sets up its provider', () => {
  it('keeps the secret to itself, checks the issuer answers, and audits without the secret', async () => {
    const before = jsonOf<SsoSettings>(await call(world.master, 'GET', '/ssoProvider'));
    expect(before.provider).toBeNull();
    expect(before.redirectUri).toMatch(/\/service\/sso\/oidc\/callback$/);

    const first = await call(world.master, 'PUT', '/ssoProvider', setup({ clientSecret: undefined }));
    expect([first.statusCode, jsonOf(first).errorCode]).toEqual([400, 'MISSING']);
    const notHttps = await call(world.master, 'PUT', '/ssoProvider', setup({ issuer: 'http://idp.example.com' }));
    expect([notHttps.statusCode, jsonOf(notHttps).errorCode]).toEqual([400, 'SSO_ISSUER_NOT_ALLOWED']);
    const silent = await call(world.master, 'PUT', '/ssoProvider', setup({ issuer: 'http://127.0.0.1:9/' }));
    expect([silent.statusCode, jsonOf(silent).errorCode]).toEqual([400, 'SSO_ISSUER_UNREACHABLE']);
    expect(jsonOf<SsoSettings>(await call(world.master, 'GET', '/ssoProvider')).provider).toBeNull();

    const saved = await configure({ allowedDomains: ['@SSO.test'] });
    expect(saved.provider).toEqual({
      enabled: true,
      displayName: 'Acme Identity',
      issuer: idp.issuer,
      clientId: idp.clientId,
      allowedDomains: ['sso.test'],
      roleClaim: TEST_ROLE_CLAIM,
      createUsers: true,
      defaultRole: 'ROLE_USER',
      requireSso: false,
      updatedAt: expect.any(String) as string,
    });
    // Saved again without a secret, the one saved before stays.
    await configure({ clientSecret: undefined, displayName: 'Acme SSO' });
    const answers = JSON.stringify(await call(world.master, 'GET', '/ssoProvider').then((r) => r.json()));
    expect(answers).not.toContain(idp.clientSecret);
    const stored = await t.database.db.selectFrom('sso_providers').selectAll().executeTakeFirstOrThrow();
    expect(stored.client_secret_sealed).not.toContain(idp.clientSecret);
    const audits = await auditRows('SSO_PROVIDER_SET');
    expect(audits.map((row) => (row.after as { clientSecretReplaced: boolean }).clientSecretReplaced)).toEqual([
      true,
      false,
    ]);
    expect(JSON.stringify(audits)).not.toContain(idp.clientSecret);
  });

  it('is kept by administrators and corporate users only, and a domain leads to one company', async () => {
    await configure();
    expect((await call(world.supervisor, 'GET', '/ssoProvider')).statusCode).toBe(403);
    expect((await call(world.supervisor, 'PUT', '/ssoProvider', setup())).statusCode).toBe(403);
    const taken = await call(world.otherMaster, 'PUT', '/ssoProvider', setup({ allowedDomains: ['sso.test'] }));
    expect([taken.statusCode, jsonOf(taken).errorCode]).toEqual([409, 'SSO_DOMAIN_TAKEN']);
    // Another company sees its own (none), never this one's.
    expect(jsonOf<SsoSettings>(await call(world.otherMaster, 'GET', '/ssoProvider')).provider).toBeNull();
  });
});

describe('the sign-in page finds the provider', () => {
  it('from a work e-mail or the company name; nothing for others or a disabled provider', async () => {
    await configure({ displayName: 'Acme Identity' });
    const discover = async (login: string) =>
      jsonOf<SsoDiscovered>(await call({}, 'POST', '/sso/discover', { login })).provider;
    const found = { id: world.tenantId, displayName: 'Acme Identity' };
    expect(await discover('Kim.Lee@SSO.test')).toEqual(found);
    expect(await discover('single sign ltd')).toEqual(found);
    expect(await discover('kim@elsewhere.test')).toBeNull();
    expect(await discover('Elsewhere Ltd')).toBeNull();
    await configure({ enabled: false, clientSecret: undefined });
    expect(await discover('kim@sso.test')).toBeNull();
    expect((await call({}, 'GET', `/sso/oidc/${world.tenantId}/start`)).statusCode).toBe(404);
  });
});

describe('signing in at the provider', () => {
  it('creates a new employee with the default role, verified, and audits the creation and the sign-in', async () => {
    await configure({ defaultRole: 'ROLE_SUPERVISOR' });
    idp.accounts.set('new.hire@sso.test', { email: 'New.Hire@sso.test', givenName: 'Nina', familyName: 'Hire' });
    const session = await sessionOf(await signIn('new.hire@sso.test'));
    expect([session.user.email, session.user.firstName, session.user.lastName, session.user.roles]).toEqual([
      'New.Hire@sso.test',
      'Nina',
      'Hire',
      ['ROLE_SUPERVISOR'],
    ]);
    expect(session.user.tenant).toMatchObject({ id: world.tenantId });
    const row = await t.database.db
      .selectFrom('users')
      .select(['verified', 'verification_needed'])
      .where('id', '=', session.user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ verified: true, verification_needed: false });
    const created = await auditRows('USER_CREATED');
    expect(created.map((audit) => [audit.entity_id, (audit.after as { via: string }).via])).toEqual([
      [session.user.id, 'sso'],
    ]);
    expect((await auditRows('LOGIN_SSO')).map((audit) => audit.actor_id)).toContain(session.user.id);

    // The token works as a password session's does.
    const me = await call(bearer(session.token), 'GET', '/ssoProvider');
    expect(me.statusCode).toBe(403);
  });

  it('matches an existing user by e-mail in any case, and gives the role the provider claims', async () => {
    await configure({ createUsers: false });
    const user = await createUser(t.database.db, { tenantId: world.tenantId, role: 'ROLE_USER' });
    await t.database.db.updateTable('users').set({ email: 'kim.lee@sso.test' }).where('id', '=', user.id).execute();
    idp.accounts.set('kim.lee@sso.test', { email: 'KIM.LEE@sso.test', role: ['staff', 'Master'] });
    const session = await sessionOf(await signIn('kim.lee@sso.test'));
    expect([session.user.id, session.user.roles]).toEqual([user.id, ['ROLE_MASTER']]);
    const changed = await auditRows('USER_ROLE_SET_BY_SSO');
    expect(changed.map((audit) => [audit.entity_id, audit.before, audit.after])).toEqual([
      [user.id, { role: 'ROLE_USER' }, { role: 'ROLE_MASTER' }],
    ]);
  });

  it('refuses a blocked user, an address without an account, and a domain the company does not allow', async () => {
    await configure({ createUsers: false, allowedDomains: ['sso.test', 'acme.test'] });
    const blocked = await createUser(t.database.db, { tenantId: world.tenantId, role: 'ROLE_USER', blocked: true });
    await t.database.db.updateTable('users').set({ email: 'blocked@sso.test' }).where('id', '=', blocked.id).execute();
    idp.accounts.set('blocked@sso.test', { email: 'blocked@sso.test' });
    expect(await signIn('blocked@sso.test')).toBe(refused('BLOCKED_USER'));

    idp.accounts.set('nobody@sso.test', { email: 'nobody@sso.test' });
    expect(await signIn('nobody@sso.test')).toBe(refused('SSO_NO_ACCOUNT'));

    // The provider vouches for an address of a domain the company did not list.
    idp.accounts.set('someone@gmail.test', { email: 'someone@gmail.test' });
    expect(await signIn('someone@gmail.test')).toBe(refused('SSO_DOMAIN_NOT_ALLOWED'));

    // An address the provider does not say it verified.
    idp.accounts.set('unverified@sso.test', { email: 'unverified@sso.test', emailVerified: false });
    expect(await signIn('unverified@sso.test')).toBe(refused('SSO_FAILED'));

    const failures = await auditRows('LOGIN_SSO_FAILED');
    expect(failures.slice(-4).map((audit) => (audit.after as { code: string }).code)).toEqual([
      'BLOCKED_USER',
      'SSO_NO_ACCOUNT',
      'SSO_DOMAIN_NOT_ALLOWED',
      'SSO_FAILED',
    ]);
    const users = await t.database.db
      .selectFrom('users')
      .select('email')
      .where('email', 'in', ['nobody@sso.test', 'someone@gmail.test', 'unverified@sso.test'])
      .execute();
    expect(users).toEqual([]);
  });

  it('takes a state once and within ten minutes', async () => {
    await configure();
    idp.accounts.set('once@sso.test', { email: 'once@sso.test' });
    const returned = await idp.authorise(await start(), 'once@sso.test');
    await sessionOf(await callback(returned));
    // The same answer again (a replay, a reload): refused, no second session.
    expect(await callback(returned)).toBe(refused('SSO_FAILED'));

    const late = await idp.authorise(await start(), 'once@sso.test');
    await t.database.db
      .updateTable('sso_logins')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('used_at', 'is', null)
      .execute();
    expect(await callback(late)).toBe(refused('SSO_FAILED'));

    const forged = new URL(returned);
    forged.searchParams.set('state', 'made-up-state');
    expect(await callback(forged)).toBe(refused('SSO_FAILED'));

    // A day after they end, sign-ins are pruned; a fresh one stays.
    await start();
    await t.database.db
      .updateTable('sso_logins')
      .set({ expires_at: new Date(Date.now() - 2 * 86_400_000) })
      .where('used_at', 'is not', null)
      .execute();
    const kept = await t.database.db
      .selectFrom('sso_logins')
      .select('state_hash')
      .where('used_at', 'is', null)
      .execute();
    expect(await pruneLogins(t.database.db)).toBeGreaterThan(0);
    const left = await t.database.db.selectFrom('sso_logins').select('state_hash').execute();
    expect(left.map((row) => row.state_hash).sort()).toEqual(kept.map((row) => row.state_hash).sort());
  });

  it('refuses an ID token for another audience or already expired, though signed by the provider', async () => {
    await configure();
    idp.accounts.set('token@sso.test', { email: 'token@sso.test' });
    idp.tamperIdToken = (claims) => ({ ...claims, aud: 'another-client' });
    expect(await signIn('token@sso.test')).toBe(refused('SSO_FAILED'));
    const now = Math.floor(Date.now() / 1000);
    idp.tamperIdToken = (claims) => ({ ...claims, iat: now - 7200, exp: now - 3600 });
    expect(await signIn('token@sso.test')).toBe(refused('SSO_FAILED'));
    const reasons = (await auditRows('LOGIN_SSO_FAILED'))
      .slice(-2)
      .map((audit) => (audit.after as { reason: string }).reason);
    expect(reasons[0]).toMatch(/aud/);
    expect(reasons[1]).toMatch(/exp/);
    const users = await t.database.db.selectFrom('users').select('id').where('email', '=', 'token@sso.test').execute();
    expect(users).toEqual([]);

    // Untouched, the same account signs in.
    idp.tamperIdToken = null;
    expect((await sessionOf(await signIn('token@sso.test'))).user.email).toBe('token@sso.test');
  });

  it('answers a provider that refused with the sign-in page and SSO_FAILED', async () => {
    await configure();
    const startUrl = new URL(await start());
    const returned = new URL(String(startUrl.searchParams.get('redirect_uri')));
    returned.searchParams.set('state', String(startUrl.searchParams.get('state')));
    returned.searchParams.set('error', 'access_denied');
    expect(await callback(returned)).toBe(refused('SSO_FAILED'));
    expect((await auditRows('LOGIN_SSO_FAILED')).at(-1)!.after).toMatchObject({ reason: 'provider: access_denied' });
  });
});

describe('requiring single sign-on', () => {
  it('refuses a password to the company’s users of its domains, once the password is right', async () => {
    const db = t.database.db;
    const inDomain = await createUser(db, { tenantId: world.tenantId, role: 'ROLE_USER' });
    await db.updateTable('users').set({ email: 'Pat.Ward@SSO.test' }).where('id', '=', inDomain.id).execute();
    const contractor = await createUser(db, { tenantId: world.tenantId, role: 'ROLE_USER' });
    const password = (username: string, secret = inDomain.password) =>
      call({}, 'POST', '/login', { username, password: secret });

    await configure({ requireSso: true });
    const refusedSignIn = await password(inDomain.username);
    expect([refusedSignIn.statusCode, jsonOf(refusedSignIn)]).toEqual([
      403,
      expect.objectContaining({ errorCode: 'SSO_REQUIRED', params: { provider: 'Acme Identity' } }),
    ]);
    // A wrong password says only that, as for anyone.
    expect(jsonOf(await password(inDomain.username, 'not-the-password')).errorCode).toBe('WRONG_PASSWORD');
    // An address of another domain (a contractor's) still signs in with a password.
    expect((await password(contractor.username)).statusCode).toBe(200);
    expect((await auditRows('LOGIN_REFUSED_SSO_REQUIRED')).map((audit) => audit.entity_id)).toEqual([inDomain.id]);

    await configure({ requireSso: false, clientSecret: undefined });
    expect((await password(inDomain.username)).statusCode).toBe(200);
  });
});

describe('removing the provider', () => {
  it('takes it off the sign-in page and refuses sign-ins under way', async () => {
    await configure();
    idp.accounts.set('late@sso.test', { email: 'late@sso.test' });
    const returned = await idp.authorise(await start(), 'late@sso.test');
    expect((await call(world.master, 'DELETE', '/ssoProvider')).statusCode).toBe(200);
    expect(
      jsonOf<SsoDiscovered>(await call({}, 'POST', '/sso/discover', { login: 'late@sso.test' })).provider,
    ).toBeNull();
    expect(await callback(returned)).toBe(refused('SSO_FAILED'));
    expect((await call(world.master, 'DELETE', '/ssoProvider')).statusCode).toBe(404);
    expect((await auditRows('SSO_PROVIDER_REMOVED')).length).toBeGreaterThan(0);
  });
});
