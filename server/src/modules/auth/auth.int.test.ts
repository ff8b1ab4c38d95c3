import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IMPERSONATION_TOKEN_LIFETIME_MINUTES,
  TOKEN_LIFETIME_MINUTES,
  joinAuthorities,
  uuidv7,
} from '@vestibule/shared';
import { createTenant, createUser } from '../../../test/helpers/factories.ts';
import { type TestApp, bearer, createTestApp, jsonOf, logInAs } from '../../../test/helpers/test-app.ts';

interface LoginBody {
  user: { username: string; role: string; authorities: { authority: string }[]; tenant: { name: string } | null };
  token: string;
  tokenExpiration: number;
}

let t: TestApp;
let tenantId: string;

beforeAll(async () => {
  t = await createTestApp();
  tenantId = await createTenant(t.database.db, { name: 'Acme' });
});
afterAll(() => t.close());

/** The key the sign-in counters keep: the SHA-256 of the text, never the text. */
const counterKey = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

function login(username: string, password: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: '/service/login', payload: { username, password }, headers });
}

describe('POST /service/login', () => {
  it('answers the user with authorities, a token and its expiry in seconds', async () => {
    const user = await createUser(t.database.db, { tenantId, role: 'ROLE_SUPERVISOR' });
    const before = Math.floor(Date.now() / 1000);
    const response = await login(user.username, user.password);
    expect(response.statusCode).toBe(200);
    const body = jsonOf<LoginBody>(response);
    expect(body.user.username).toBe(user.username);
    expect(joinAuthorities(body.user.authorities)).toBe('ROLE_SUPERVISOR');
    expect(body.user.tenant!.name).toBe('Acme');
    expect(body.tokenExpiration - before).toBeGreaterThanOrEqual(TOKEN_LIFETIME_MINUTES * 60 - 5);
    expect(body.tokenExpiration - before).toBeLessThanOrEqual(TOKEN_LIFETIME_MINUTES * 60 + 5);
    expect(response.body).not.toContain('password');
  });

  it('accepts the username in any letter case', async () => {
    const user = await createUser(t.database.db, { tenantId, role: 'ROLE_USER' });
    expect((await login(user.username.toUpperCase(), user.password)).statusCode).toBe(200);
  });

  it('refuses a wrong password and an unknown user with the same 403 WRONG_PASSWORD', async () => {
    const user = await createUser(t.database.db, { tenantId, role: 'ROLE_USER' });
    const wrong = await login(user.username, 'Not-the-pass1!');
    const unknown = await login('nobody-at-all', 'Not-the-pass1!');
    expect(wrong.statusCode).toBe(403);
    expect(unknown.statusCode).toBe(403);
    expect(jsonOf(wrong)).toEqual({ errorCode: 'WRONG_PASSWORD', msg: 'Wrong username or password.' });
    expect(jsonOf(unknown)).toEqual(jsonOf(wrong));
  });

  it('answers in the language of Accept-Language', async () => {
    const response = await login('nobody', 'x', { 'accept-language': 'fr-CA,fr;q=0.9' });
    expect(jsonOf(response).msg).toBe('Nom d’utilisateur ou mot de passe incorrect.');
    const spanish = await login('nobody', 'x', { 'accept-language': 'es' });
    expect(jsonOf(spanish).errorCode).toBe('WRONG_PASSWORD');
    expect(jsonOf(spanish).msg).not.toBe(jsonOf(response).msg);
  });

  it('blocks the username for 15 minutes after 5 failures, even with the right password', async () => {
    const user = await createUser(t.database.db, { tenantId, role: 'ROLE_USER' });
    const codes: string[] = [];
    for (let i = 0; i < 5; i++) codes.push(jsonOf(await login(user.username, 'Wrong-pass1!')).errorCode as string);
    expect(codes).toEqual(['WRONG_PASSWORD', 'WRONG_PASSWORD', 'WRONG_PASSWORD', 'WRONG_PASSWORD', 'BLOCKED_USER']);
    const right = await login(user.username, user.password);
    expect(right.statusCode).toBe(403);
    expect(jsonOf(right)).toMatchObject({ errorCode: 'BLOCKED_USER', params: { minutes: 15 } });
    const block = await t.database.db
      .selectFrom('login_blocks')
      .select('blocked_until')
      .where('username_key', '=', counterKey(`${user.username.toLowerCase()}|127.0.0.1`))
      .executeTakeFirstOrThrow();
    const minutesLeft = (new Date(block.blocked_until).getTime() - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(14);
    expect(minutesLeft).toBeLessThanOrEqual(15.1);
  });

  it('lets the user in again once the block has expired', async () => {
    const user = await createUser(t.database.db, { tenantId, role: 'ROLE_USER' });
    for (let i = 0; i < 5; i++) await login(user.username, 'Wrong-pass1!');
    await t.database.db
      .updateTable('login_blocks')
      .set({ blocked_until: new Date(Date.now() - 1000) })
      .where('username_key', '=', counterKey(`${user.username.toLowerCase()}|127.0.0.1`))
      .execute();
    expect((await login(user.username, user.password)).statusCode).toBe(200);
  });

  it('never keeps a password typed into the username field: the audit says the username was unknown', async () => {
    const user = await createUser(t.database.db, { tenantId, role: 'ROLE_USER' });
    const typedPassword = 'Summer-Holiday-2026!';
    expect((await login(typedPassword, 'anything')).statusCode).toBe(403);
    expect((await login(user.username.toUpperCase(), 'Not-the-pass1!')).statusCode).toBe(403);

    const rows = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'actor_username', 'tenant_id', 'after'])
      .where('action', '=', 'LOGIN_FAILED')
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    // The account's own username (not the letter case typed) for a known account.
    expect(rows[0]).toMatchObject({ actor_id: user.id, actor_username: user.username, tenant_id: tenantId });
    expect(rows[1]).toMatchObject({
      actor_id: null,
      actor_username: null,
      tenant_id: null,
      after: { unknownUsername: true },
    });

    // Nowhere in the database, the sign-in counters included.
    for (const table of ['audit_log', 'login_failures', 'login_blocks', 'login_known_addresses'] as const) {
      const { rows: found } = await sql<{ n: number }>`
        select count(*)::int as n from ${sql.table(table)} t where t::text ilike ${`%${typedPassword}%`}`.execute(
        t.database.db,
      );
      expect(found, table).toEqual([{ n: 0 }]);
    }
    const failures = await t.database.db
      .selectFrom('login_failures')
      .select('username_key')
      .where('username_key', '=', counterKey(typedPassword.toLowerCase()))
      .execute();
    expect(failures).toHaveLength(1);
  });

  it('refuses a user blocked by an administrator', async () => {
    const user = await createUser(t.database.db, { tenantId, role: 'ROLE_USER', blocked: true });
    expect(jsonOf(await login(user.username, user.password)).errorCode).toBe('BLOCKED_USER');
  });

  it('answers bad input with a code and never a 500', async () => {
    const empty = await login('', 'x');
    expect(empty.statusCode).toBe(400);
    expect(jsonOf(empty)).toMatchObject({ errorCode: 'IS_EMPTY', params: { field: 'username' } });
    const missing = await t.app.inject({ method: 'POST', url: '/service/login', payload: { username: 'a' } });
    expect(jsonOf(missing)).toMatchObject({ errorCode: 'MISSING', params: { field: 'password' } });
    const badJson = await t.app.inject({
      method: 'POST',
      url: '/service/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "admin"',
    });
    expect(badJson.statusCode).toBe(400);
    expect(jsonOf(badJson).errorCode).toBe('MALFORMED_JSON');
    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/service/login',
      payload: { username: 42, password: [] },
    });
    expect(wrongType.statusCode).toBe(400);
    expect(jsonOf(wrongType).errorCode).toBe('VALIDATION_FAILED');
  });

  it('refuses an oversized body with 413 PAYLOAD_TOO_LARGE', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/service/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'a', password: 'x'.repeat(2_000_000) }),
    });
    expect(response.statusCode).toBe(413);
    expect(jsonOf(response).errorCode).toBe('PAYLOAD_TOO_LARGE');
  });
});

describe('tokens', () => {
  it('GET /service/token renews a valid token and refuses a tampered one', async () => {
    const user = await createUser(t.database.db, { tenantId, role: 'ROLE_MASTER' });
    const token = await logInAs(t.app, user.username);
    const renewed = await t.app.inject({ method: 'GET', url: '/service/token', headers: bearer(token) });
    expect(renewed.statusCode).toBe(200);
    expect(jsonOf<LoginBody>(renewed).user.username).toBe(user.username);
    const tampered = `${token.slice(0, -4)}AAAA`;
    const refused = await t.app.inject({ method: 'GET', url: '/service/token', headers: bearer(tampered) });
    expect(refused.statusCode).toBe(401);
    expect(jsonOf(refused).errorCode).toBe('BAD_TOKEN');
  });

  it('refuses an expired token', async () => {
    const user = await createUser(t.database.db, { tenantId, role: 'ROLE_USER' });
    const expired = t.app.jwt.sign({ sub: user.id, usr: user.username, sid: uuidv7() }, { expiresIn: -10_000 });
    const response = await t.app.inject({ method: 'GET', url: '/service/token', headers: bearer(expired) });
    expect(response.statusCode).toBe(401);
    expect(jsonOf(response).errorCode).toBe('BAD_TOKEN');
  });

  it('refuses a token that never expires (no exp claim), even when correctly signed', async () => {
    const user = await createUser(t.database.db, { tenantId, role: 'ROLE_USER' });
    // The claims of a real, live session, signed with the server's key but without an expiry.
    const live = t.app.jwt.decode<{ sid: string }>(await logInAs(t.app, user.username))!;
    const forever = t.app.jwt.sign({ sub: user.id, usr: user.username, sid: live.sid });
    expect(t.app.jwt.decode<{ exp?: number }>(forever)).not.toHaveProperty('exp');
    const response = await t.app.inject({ method: 'GET', url: '/service/token', headers: bearer(forever) });
    expect({ status: response.statusCode, code: jsonOf(response).errorCode }).toEqual({
      status: 401,
      code: 'BAD_TOKEN',
    });
  });

  it('stops honouring the token of a user who has been blocked', async () => {
    const user = await createUser(t.database.db, { tenantId, role: 'ROLE_USER' });
    const token = await logInAs(t.app, user.username);
    await t.database.db.updateTable('users').set({ blocked: true }).where('id', '=', user.id).execute();
    const response = await t.app.inject({ method: 'GET', url: '/service/token', headers: bearer(token) });
    expect(response.statusCode).toBe(401);
  });
});

describe('impersonation', () => {
  it('gives an admin a 60-minute token of another user; renewal keeps it short', async () => {
    const admin = await createUser(t.database.db, { tenantId, role: 'ROLE_ADMIN' });
    const target = await createUser(t.database.db, { tenantId, role: 'ROLE_USER' });
    const token = await logInAs(t.app, admin.username);
    const before = Math.floor(Date.now() / 1000);
    const response = await t.app.inject({
      method: 'POST',
      url: '/service/login/impersonate',
      headers: { ...bearer(token), 'content-type': 'application/x-www-form-urlencoded' },
      payload: `username=${encodeURIComponent(target.username)}`,
    });
    expect(response.statusCode).toBe(200);
    const body = jsonOf<LoginBody>(response);
    expect(body.user.username).toBe(target.username);
    expect(body.user.role).toBe('ROLE_USER');
    const lifetime = body.tokenExpiration - before;
    expect(lifetime).toBeGreaterThanOrEqual(IMPERSONATION_TOKEN_LIFETIME_MINUTES * 60 - 5);
    expect(lifetime).toBeLessThanOrEqual(IMPERSONATION_TOKEN_LIFETIME_MINUTES * 60 + 5);
    const renewed = await t.app.inject({ method: 'GET', url: '/service/token', headers: bearer(body.token) });
    expect(jsonOf<LoginBody>(renewed).tokenExpiration - before).toBeLessThanOrEqual(
      IMPERSONATION_TOKEN_LIFETIME_MINUTES * 60 + 5,
    );
  });

  it('is refused to every role but admin, and for an unknown user', async () => {
    const master = await createUser(t.database.db, { tenantId, role: 'ROLE_MASTER' });
    const admin = await createUser(t.database.db, { tenantId, role: 'ROLE_ADMIN' });
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const refused = await t.app.inject({
      method: 'POST',
      url: '/service/login/impersonate',
      headers: { ...bearer(await logInAs(t.app, master.username)), ...form },
      payload: `username=${admin.username}`,
    });
    expect(refused.statusCode).toBe(403);
    expect(jsonOf(refused).errorCode).toBe('FORBIDDEN');
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/service/login/impersonate',
      headers: { ...bearer(await logInAs(t.app, admin.username)), ...form },
      payload: 'username=nobody-here',
    });
    expect(unknown.statusCode).toBe(404);
    expect(jsonOf(unknown).errorCode).toBe('USER_DOES_NOT_EXIST');
  });
});

describe('single sign-on', () => {
  it('signs in once with a one-time token, then answers 404', async () => {
    const admin = await createUser(t.database.db, { tenantId, role: 'ROLE_ADMIN' });
    const target = await createUser(t.database.db, { tenantId, role: 'ROLE_SUPERVISOR' });
    const created = await t.app.inject({
      method: 'POST',
      url: '/service/sso/token',
      headers: bearer(await logInAs(t.app, admin.username)),
      payload: { username: target.username },
    });
    const { token } = jsonOf<{ token: string }>(created);
    const first = await t.app.inject({ method: 'GET', url: `/service/sso/${token}` });
    expect(first.statusCode).toBe(200);
    expect(jsonOf<LoginBody>(first).user.username).toBe(target.username);
    const second = await t.app.inject({ method: 'GET', url: `/service/sso/${token}` });
    expect(second.statusCode).toBe(404);
    expect(jsonOf(second).errorCode).toBe('NOT_FOUND');
    expect((await t.app.inject({ method: 'GET', url: '/service/sso/never-issued' })).statusCode).toBe(404);
  });
});

describe('an impersonation stays one administrator at one remove', () => {
  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  const signInAs = (token: string, username: string) =>
    t.app.inject({
      method: 'POST',
      url: '/service/login/impersonate',
      headers: { ...bearer(token), ...form },
      payload: `username=${encodeURIComponent(username)}`,
    });
  const makeLink = (token: string, username: string) =>
    t.app.inject({ method: 'POST', url: '/service/sso/token', headers: bearer(token), payload: { username } });
  const sessionRow = (token: string) =>
    t.database.db
      .selectFrom('sessions')
      .select(['user_id', 'impersonator_id', 'expires_at'])
      .where('id', '=', t.app.jwt.decode<{ sid: string }>(token)!.sid)
      .executeTakeFirstOrThrow();
  const sessionsOf = (userId: string) =>
    t.database.db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute();
  const audits = (action: string, actingAs: string) =>
    t.database.db
      .selectFrom('audit_log')
      .select(['actor_id', 'actor_username', 'acting_as_id', 'entity_id', 'after'])
      .where('action', '=', action)
      .where('entity_id', '=', actingAs)
      .execute();

  it('names the administrator in the session, its answer and the audit', async () => {
    const admin = await createUser(t.database.db, { tenantId, role: 'ROLE_ADMIN' });
    const target = await createUser(t.database.db, { tenantId, role: 'ROLE_USER' });
    const response = await signInAs(await logInAs(t.app, admin.username), target.username);
    expect(response.statusCode).toBe(200);
    const body = jsonOf<LoginBody & { impersonatedBy?: string }>(response);
    expect(body.impersonatedBy).toBe(admin.username);
    expect(await sessionRow(body.token)).toMatchObject({ user_id: target.id, impersonator_id: admin.id });
    const renewed = await t.app.inject({ method: 'GET', url: '/service/token', headers: bearer(body.token) });
    expect(jsonOf(renewed).impersonatedBy).toBe(admin.username);
    expect(await audits('IMPERSONATION_STARTED', target.id)).toEqual([
      {
        actor_id: admin.id,
        actor_username: admin.username,
        acting_as_id: target.id,
        entity_id: target.id,
        after: { via: 'signInAs' },
      },
    ]);
    // A user's own session names nobody.
    const own = await login(target.username, target.password);
    expect(jsonOf(own)).not.toHaveProperty('impersonatedBy');
  });

  it('refuses an impersonated session, even of another administrator, to sign in as someone else or make a link', async () => {
    const first = await createUser(t.database.db, { tenantId, role: 'ROLE_ADMIN' });
    const second = await createUser(t.database.db, { tenantId, role: 'ROLE_ADMIN' });
    const third = await createUser(t.database.db, { tenantId, role: 'ROLE_USER' });
    const borrowed = jsonOf<{ token: string }>(await signInAs(await logInAs(t.app, first.username), second.username));

    const chained = await signInAs(borrowed.token, third.username);
    expect(chained.statusCode).toBe(409);
    expect(jsonOf(chained)).toMatchObject({ errorCode: 'IMPERSONATION_NOT_ALLOWED' });
    const link = await makeLink(borrowed.token, third.username);
    expect(link.statusCode).toBe(409);
    expect(jsonOf(link)).toMatchObject({ errorCode: 'IMPERSONATION_NOT_ALLOWED' });
    const french = await signInAs(borrowed.token, third.username);
    expect(
      jsonOf(
        await t.app.inject({
          method: 'POST',
          url: '/service/sso/token',
          headers: { ...bearer(borrowed.token), 'accept-language': 'fr' },
          payload: { username: third.username },
        }),
      ).msg,
    ).toMatch(/^Vous êtes connecté en tant qu’un autre utilisateur/);
    expect(jsonOf(french).errorCode).toBe('IMPERSONATION_NOT_ALLOWED');

    // Nothing was made for the third user: no session, no link.
    expect(await sessionsOf(third.id)).toEqual([]);
    const links = await t.database.db
      .selectFrom('sso_tokens')
      .select('token_hash')
      .where('user_id', '=', third.id)
      .execute();
    expect(links).toEqual([]);
    // A session opened by an administrator's link for another administrator may not chain either.
    const viaLink = jsonOf<{ token: string }>(await makeLink(await logInAs(t.app, first.username), second.username));
    const linked = jsonOf<{ token: string }>(
      await t.app.inject({ method: 'GET', url: `/service/sso/${viaLink.token}` }),
    );
    expect(jsonOf(await signInAs(linked.token, third.username)).errorCode).toBe('IMPERSONATION_NOT_ALLOWED');
    expect(jsonOf(await makeLink(linked.token, third.username)).errorCode).toBe('IMPERSONATION_NOT_ALLOWED');

    // The borrowed session still works as the second administrator.
    expect(
      (await t.app.inject({ method: 'GET', url: '/service/token', headers: bearer(borrowed.token) })).statusCode,
    ).toBe(200);
  });

  it("opens an administrator's sign-in link for another user as a 60-minute impersonation, audited as one", async () => {
    const admin = await createUser(t.database.db, { tenantId, role: 'ROLE_ADMIN' });
    const target = await createUser(t.database.db, { tenantId, role: 'ROLE_SUPERVISOR' });
    const made = await makeLink(await logInAs(t.app, admin.username), target.username);
    expect(made.statusCode).toBe(200);
    expect(await audits('SIGN_IN_LINK_CREATED', target.id)).toEqual([
      { actor_id: admin.id, actor_username: admin.username, acting_as_id: null, entity_id: target.id, after: null },
    ]);

    const before = Math.floor(Date.now() / 1000);
    const opened = await t.app.inject({
      method: 'GET',
      url: `/service/sso/${jsonOf<{ token: string }>(made).token}`,
      remoteAddress: '198.51.100.9',
    });
    expect(opened.statusCode).toBe(200);
    const body = jsonOf<LoginBody & { impersonatedBy?: string }>(opened);
    expect(body.user.username).toBe(target.username);
    expect(body.impersonatedBy).toBe(admin.username);
    expect(body.tokenExpiration - before).toBeLessThanOrEqual(IMPERSONATION_TOKEN_LIFETIME_MINUTES * 60 + 5);
    const session = await sessionRow(body.token);
    expect(session).toMatchObject({ user_id: target.id, impersonator_id: admin.id });
    expect(new Date(session.expires_at).getTime() / 1000 - before).toBeLessThanOrEqual(
      IMPERSONATION_TOKEN_LIFETIME_MINUTES * 60 + 5,
    );
    // Renewed, it keeps its end.
    const renewed = await t.app.inject({ method: 'GET', url: '/service/token', headers: bearer(body.token) });
    expect(jsonOf<LoginBody>(renewed).tokenExpiration - before).toBeLessThanOrEqual(
      IMPERSONATION_TOKEN_LIFETIME_MINUTES * 60 + 5,
    );
    const [started] = await t.database.db
      .selectFrom('audit_log')
      .select(['actor_id', 'acting_as_id', 'client_ip', 'after'])
      .where('action', '=', 'IMPERSONATION_STARTED')
      .where('entity_id', '=', target.id)
      .execute();
    expect(started).toEqual({
      actor_id: admin.id,
      acting_as_id: target.id,
      client_ip: '198.51.100.9',
      after: { via: 'signInLink' },
    });
  });

  it("opens an administrator's own link as their own sign-in, and no link of an administrator blocked since", async () => {
    const admin = await createUser(t.database.db, { tenantId, role: 'ROLE_ADMIN' });
    const target = await createUser(t.database.db, { tenantId, role: 'ROLE_USER' });
    const adminToken = await logInAs(t.app, admin.username);
    const own = jsonOf<{ token: string }>(await makeLink(adminToken, admin.username));
    const opened = jsonOf<LoginBody & { impersonatedBy?: string }>(
      await t.app.inject({ method: 'GET', url: `/service/sso/${own.token}` }),
    );
    expect(opened).not.toHaveProperty('impersonatedBy');
    expect(await sessionRow(opened.token)).toMatchObject({ user_id: admin.id, impersonator_id: null });

    const forTarget = jsonOf<{ token: string }>(await makeLink(adminToken, target.username));
    await t.database.db.updateTable('users').set({ blocked: true }).where('id', '=', admin.id).execute();
    const refused = await t.app.inject({ method: 'GET', url: `/service/sso/${forTarget.token}` });
    expect(refused.statusCode).toBe(404);
    expect(await sessionsOf(target.id)).toEqual([]);
  });

  it('opens no link that names no maker, as those made before makers were kept', async () => {
    const target = await createUser(t.database.db, { tenantId, role: 'ROLE_ADMIN' });
    const token = 'made-before-makers-were-kept';
    await t.database.db
      .insertInto('sso_tokens')
      .values({
        token_hash: createHash('sha256').update(token).digest('base64url'),
        user_id: target.id,
        expires_at: new Date(Date.now() + 5 * 60_000),
      })
      .execute();
    const refused = await t.app.inject({ method: 'GET', url: `/service/sso/${token}` });
    expect(refused.statusCode).toBe(404);
    expect(jsonOf(refused).errorCode).toBe('NOT_FOUND');
    expect(await sessionsOf(target.id)).toEqual([]);
  });
});

describe('rate limits', () => {
  it('answers 429 TOO_MANY_REQUESTS past the login limit', async () => {
    const limited = await createTestApp({ RATE_LIMIT_LOGIN_PER_MINUTE: '3' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const response = await limited.app.inject({
          method: 'POST',
          url: '/service/login',
          payload: { username: 'x', password: 'y' },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([403, 403, 403, 429]);
      const last = await limited.app.inject({
        method: 'POST',
        url: '/service/login',
        payload: { username: 'x', password: 'y' },
      });
      expect(jsonOf(last).errorCode).toBe('TOO_MANY_REQUESTS');
    } finally {
      await limited.close();
    }
  });
});
