// A user's own account: profile, password change, forgotten password, e-mail
// verification. Links come from the mail outbox, as the user would find them in the e-mail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LoginResponse, type Profile, type TokenUser } from '@vestibule/shared';
import { sql } from 'kysely';
import { createBuilding, createTenant, createUser, TEST_PASSWORD } from '../../../test/helpers/factories.ts';
import { type TestApp, bearer, createTestApp, jsonOf, logInAs } from '../../../test/helpers/test-app.ts';
import { queueVerificationLink } from '../auth/accountLinks.ts';

let t: TestApp;
let tenantId: string;
let hq: string;
let annex: string;

beforeAll(async () => {
  t = await createTestApp();
  tenantId = await createTenant(t.database.db, { name: 'Account Corp' });
  hq = await createBuilding(t.database.db, tenantId, 'Account HQ');
  annex = await createBuilding(t.database.db, tenantId, 'Account Annex');
});

afterAll(() => t.close());

const NEW_PASSWORD = 'Fresh-pass2!';

async function call(method: 'GET' | 'POST' | 'PATCH', url: string, options: { token?: string; payload?: object } = {}) {
  const response = await t.app.inject({
    method,
    url: `/service${url}`,
    payload: options.payload,
    headers: options.token ? bearer(options.token) : {},
  });
  return { status: response.statusCode, body: jsonOf<Record<string, unknown>>(response) };
}

/** The audit rows about a user's account (entity 'user'), or their sign-in events ('session'). */
async function auditRows(entityId: string, entity: 'user' | 'session' = 'user') {
  return t.database.db
    .selectFrom('audit_log')
    .selectAll()
    .where('entity_id', '=', entityId)
    .where('entity', '=', entity)
    .orderBy('at')
    .execute();
}

/** The newest e-mail to `address` and the link it carries to `page` (reset or verify). */
async function linkIn(address: string, page: 'reset' | 'verify') {
  const mail = await t.database.db
    .selectFrom('mail_outbox')
    .select(['subject', 'text_body', 'locale'])
    .where('to_address', '=', address)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  const token = new RegExp(`/${page}/([A-Za-z0-9_-]+)`).exec(mail.text_body)?.[1];
  if (!token) throw new Error(`no ${page} link in: ${mail.text_body}`);
  return { ...mail, token };
}

async function mailCount(address: string): Promise<number> {
  const row = await t.database.db
    .selectFrom('mail_outbox')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('to_address', '=', address)
    .executeTakeFirstOrThrow();
  return row.n;
}

describe('profile', () => {
  it("shows the user's own profile with the buildings they see", async () => {
    const master = await createUser(t.database.db, { tenantId, role: 'ROLE_MASTER' });
    const supervisor = await createUser(t.database.db, { tenantId, role: 'ROLE_SUPERVISOR' });
    await t.database.db.insertInto('user_buildings').values({ user_id: supervisor.id, building_id: annex }).execute();

    const ofMaster = await call('GET', '/profile', { token: await logInAs(t.app, master.username) });
    expect(ofMaster.status).toBe(200);
    expect(ofMaster.body).toMatchObject({ username: master.username, email: `${master.username}@example.test` });
    expect((ofMaster.body as unknown as Profile).userBuildings.map((b) => b.name)).toEqual([
      'Account Annex',
      'Account HQ',
    ]);

    const ofSupervisor = await call('GET', '/profile', { token: await logInAs(t.app, supervisor.username) });
    expect((ofSupervisor.body as unknown as Profile).userBuildings).toEqual([{ id: annex, name: 'Account Annex' }]);
  });

  it('saves names, language, formats and a favourite building it sees, with an audit row of before and after', async () => {
    const user = await createUser(t.database.db, { tenantId, role: 'ROLE_SUPERVISOR' });
    await t.database.db.insertInto('user_buildings').values({ user_id: user.id, building_id: hq }).execute();
    const token = await logInAs(t.app, user.username);

    const saved = await call('PATCH', '/profile', {
      token,
      payload: {
        firstName: 'Ada',
        lastName: 'Byron',
        userLocale: 'fr',
        dateFormat: 'dd/MM/yyyy',
        favouriteBuildingId: hq,
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      firstName: 'Ada',
      lastName: 'Byron',
      userLocale: 'fr',
      dateFormat: 'dd/MM/yyyy',
      favouriteBuildingId: hq,
    });
    const rows = await auditRows(user.id);
    expect(rows.map((row) => row.action)).toEqual(['PROFILE_UPDATED']);
    expect(rows[0]).toMatchObject({
      actor_id: user.id,
      entity: 'user',
      before: expect.objectContaining({ firstName: 'Test', userLocale: 'en' }) as unknown,
      after: expect.objectContaining({ firstName: 'Ada', userLocale: 'fr' }) as unknown,
    });

    // A building the supervisor is not assigned: not found, and nothing changes.
    const refused = await call('PATCH', '/profile', { token, payload: { favouriteBuildingId: annex } });
    expect(refused).toMatchObject({ status: 404, body: { errorCode: 'NOT_FOUND' } });
    expect((await call('GET', '/profile', { token })).body).toMatchObject({ favouriteBuildingId: hq });
    expect(await auditRows(user.id)).toHaveLength(1);
  });

  it('refuses a date format that is not offered', async () => {
    const user = await createUser(t.database.db, { tenantId, role: 'ROLE_USER' });
    const refused = await call('PATCH', '/profile', {
      token: await logInAs(t.app, user.username),
      payload: { dateFormat: 'yy' },
    });
    expect(refused).toMatchObject({ status: 400, body: { errorCode: 'VALIDATION_FAILED' } });
  });
});

describe('changing one’s password', () => {
  it('needs the old password and the policy; then other sessions end and this one goes on with a new token', async () => {
    const user = await createUser(t.database.db, { tenantId, role: 'ROLE_USER' });
    const token = await logInAs(t.app, user.username);
    const otherDevice = await logInAs(t.app, user.username);

    const wrongOld = await call('POST', '/profile/changePassword', {
      token,
      payload: { oldPassword: 'not-it', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(wrongOld).toMatchObject({ status: 400, body: { errorCode: 'OLD_PASSWORD_NOT_MATCH' } });
    for (const [password, confirmPassword, code] of [
      ['Ab1!', 'Ab1!', 'PASSWORD_TOO_SHORT_MIN_5'],
      ['abcdefg1!', 'abcdefg1!', 'PASSWORD_POLICY'],
      [NEW_PASSWORD, `${NEW_PASSWORD}x`, 'PASSWORDS_DONT_MATCH'],
    ] as const) {
      const refused = await call('POST', '/profile/changePassword', {
        token,
        payload: { oldPassword: TEST_PASSWORD, password, confirmPassword },
      });
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body.issues)).toContain(code);
    }
    expect(await auditRows(user.id)).toHaveLength(0);

    const changed = await call('POST', '/profile/changePassword', {
      token,
      payload: { oldPassword: TEST_PASSWORD, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(changed.status).toBe(200);
    const renewed = (changed.body as unknown as LoginResponse).token;
    expect((await call('GET', '/profile', { token: renewed })).status).toBe(200);
    expect((await call('GET', '/profile', { token })).status).toBe(401);
    expect((await call('GET', '/profile', { token: otherDevice })).status).toBe(401);
    await expect(logInAs(t.app, user.username)).rejects.toThrow();
    expect(await logInAs(t.app, user.username, NEW_PASSWORD)).toEqual(expect.any(String));
    const rows = await auditRows(user.id);
    expect(rows.map((row) => row.action)).toEqual(['PASSWORD_CHANGED']);
    expect(JSON.stringify(rows)).not.toContain(NEW_PASSWORD);
  });
});

describe('a forgotten password', () => {
  it('answers the same for an unknown address, and e-mails a link that works once', async () => {
    const user = await createUser(t.database.db, { tenantId, role: 'ROLE_USER' });
    await t.database.db.updateTable('users').set({ user_locale: 'es' }).where('id', '=', user.id).execute();
    const address = `${user.username}@example.test`;
    const session = await logInAs(t.app, user.username);

    const unknown = await call('POST', '/forgot', { payload: { email: 'nobody-here@example.test' } });
    const known = await call('POST', '/forgot', { payload: { email: address.toUpperCase() } });
    expect(unknown).toEqual(known);
    expect(known).toEqual({ status: 200, body: { ok: true } });
    expect(await mailCount('nobody-here@example.test')).toBe(0);

    const mail = await linkIn(address, 'reset');
    expect(mail.locale).toBe('es');
    expect(mail.subject).toBe('Restablezca su contraseña de Vestibule');
    const forWhom = await call('GET', `/user/byResetPasswordToken?token=${mail.token}`);
    expect(forWhom.body as unknown as TokenUser).toMatchObject({ username: user.username, email: address });

    const weak = await call('POST', '/reset', {
      payload: { token: mail.token, password: 'weakpass', confirmPassword: 'weakpass' },
    });
    expect(weak.status).toBe(400);
    const reset = await call('POST', '/reset', {
      payload: { token: mail.token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(reset).toEqual({ status: 200, body: { ok: true } });
    expect(await logInAs(t.app, user.username, NEW_PASSWORD)).toEqual(expect.any(String));
    expect((await call('GET', '/profile', { token: session })).status).toBe(401);

    const again = await call('POST', '/reset', {
      payload: { token: mail.token, password: 'Other-pass3!', confirmPassword: 'Other-pass3!' },
    });
    expect(again).toMatchObject({ status: 404, body: { errorCode: 'NOT_FOUND_OR_ALREADY_USED' } });
    expect((await call('GET', `/user/byResetPasswordToken?token=${mail.token}`)).body).toMatchObject({
      errorCode: 'NOT_FOUND_OR_ALREADY_USED',
    });
    expect((await auditRows(user.id)).map((row) => row.action)).toEqual(['PASSWORD_RESET_REQUESTED', 'PASSWORD_RESET']);
  });

  it('refuses an expired link, and an older link once a newer one was sent', async () => {
    const user = await createUser(t.database.db, { tenantId, role: 'ROLE_USER' });
    const address = `${user.username}@example.test`;
    await call('POST', '/forgot', { payload: { email: address } });
    const first = await linkIn(address, 'reset');
    await call('POST', '/forgot', { payload: { email: address } });
    const second = await linkIn(address, 'reset');
    expect(second.token).not.toBe(first.token);
    expect((await call('GET', `/user/byResetPasswordToken?token=${first.token}`)).status).toBe(404);

    await t.database.db
      .updateTable('account_tokens')
      .set({ expires_at: sql<Date>`now() - interval '1 minute'` })
      .where('user_id', '=', user.id)
      .execute();
    const expired = await call('POST', '/reset', {
      payload: { token: second.token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(expired).toMatchObject({ status: 404, body: { errorCode: 'NOT_FOUND_OR_ALREADY_USED' } });
    expect(await logInAs(t.app, user.username)).toEqual(expect.any(String));
  });

  it('keeps only a hash of each link', async () => {
    const user = await createUser(t.database.db, { tenantId, role: 'ROLE_USER' });
    const address = `${user.username}@example.test`;
    await call('POST', '/forgot', { payload: { email: address } });
    const { token } = await linkIn(address, 'reset');
    const stored = await t.database.db
      .selectFrom('account_tokens')
      .select('token_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(stored).toEqual([{ token_hash: expect.not.stringContaining(token) as unknown }]);
  });

  it('lets an administrator start a reset for a user of the company', async () => {
    const admin = await createUser(t.database.db, { tenantId, role: 'ROLE_ADMIN' });
    const user = await createUser(t.database.db, { tenantId, role: 'ROLE_USER' });
    const started = await call('POST', `/user/${user.id}/resetPassword`, {
      token: await logInAs(t.app, admin.username),
    });
    expect(started).toEqual({ status: 200, body: { ok: true } });
    const { token } = await linkIn(`${user.username}@example.test`, 'reset');
    expect((await call('GET', `/user/byResetPasswordToken?token=${token}`)).body).toMatchObject({
      username: user.username,
    });
    expect(await auditRows(user.id)).toMatchObject([{ action: 'PASSWORD_RESET_STARTED', actor_id: admin.id }]);
  });
});

describe('e-mail verification', () => {
  it('verifies once, asking for a password when the account has none', async () => {
    const user = await createUser(t.database.db, { tenantId, role: 'ROLE_MASTER' });
    await t.database.db
      .updateTable('users')
      .set({ verified: false, verification_needed: true })
      .where('id', '=', user.id)
      .execute();
    const address = `${user.username}@example.test`;
    await t.database.db
      .transaction()
      .execute((trx) =>
        queueVerificationLink(
          t.app.ctx,
          trx,
          { id: user.id, username: user.username, email: address, user_locale: 'fr', tenant_id: tenantId },
          'http://localhost',
        ),
      );
    const mail = await linkIn(address, 'verify');
    expect(mail.subject).toBe('Confirmez votre adresse courriel pour Vestibule');
    expect((await call('GET', `/user/byVerificationToken?token=${mail.token}`)).body).toEqual({
      username: user.username,
      email: address,
      passwordRequired: true,
    });

    const withoutPassword = await call('POST', '/user/verify', { payload: { token: mail.token } });
    expect(withoutPassword).toMatchObject({ status: 400, body: { errorCode: 'MISSING' } });
    const verified = await call('POST', '/user/verify', {
      payload: { token: mail.token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(verified).toEqual({ status: 200, body: { ok: true } });
    const row = await t.database.db
      .selectFrom('users')
      .select(['verified', 'verification_needed'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ verified: true, verification_needed: false });
    expect(await logInAs(t.app, user.username, NEW_PASSWORD)).toEqual(expect.any(String));

    const again = await call('POST', '/user/verify', {
      payload: { token: mail.token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(again).toMatchObject({ status: 404, body: { errorCode: 'NOT_FOUND_OR_ALREADY_VERIFIED' } });
    expect((await auditRows(user.id)).map((r) => r.action)).toEqual(['EMAIL_VERIFIED']);
  });
});

describe('the audit log', () => {
  it('is never changed once written', async () => {
    const user = await createUser(t.database.db, { tenantId, role: 'ROLE_USER' });
    await call('PATCH', '/profile', { token: await logInAs(t.app, user.username), payload: { firstName: 'Grace' } });
    await expect(
      t.database.db.updateTable('audit_log').set({ action: 'NOTHING' }).where('entity_id', '=', user.id).execute(),
    ).rejects.toThrow(/never changed/);
    await expect(t.database.db.deleteFrom('audit_log').where('entity_id', '=', user.id).execute()).rejects.toThrow(
      /never changed/,
    );
    expect((await auditRows(user.id)).map((row) => row.action)).toEqual(['PROFILE_UPDATED']);
  });
});

describe('sign-in events in the audit log', () => {
  it('records a sign-in, a failed one, a refusal of a blocked user and an impersonation, never the password', async () => {
    const user = await createUser(t.database.db, { tenantId, role: 'ROLE_USER' });
    const admin = await createUser(t.database.db, { tenantId, role: 'ROLE_ADMIN' });
    await logInAs(t.app, user.username);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/service/login',
      payload: { username: user.username, password: 'Not-it-9!' },
    });
    expect(wrong.statusCode).toBe(403);
    const impersonated = await t.app.inject({
      method: 'POST',
      url: '/service/login/impersonate',
      payload: { username: user.username },
      headers: bearer(await logInAs(t.app, admin.username)),
    });
    expect(impersonated.statusCode).toBe(200);
    await t.database.db.updateTable('users').set({ blocked: true }).where('id', '=', user.id).execute();
    await expect(logInAs(t.app, user.username)).rejects.toThrow();

    const rows = await auditRows(user.id, 'session');
    expect(rows.map((row) => [row.action, row.actor_id, row.acting_as_id])).toEqual([
      ['LOGIN', user.id, null],
      ['LOGIN_FAILED', user.id, null],
      ['IMPERSONATION_STARTED', admin.id, user.id],
      ['LOGIN_REFUSED_BLOCKED', user.id, null],
    ]);
    expect(JSON.stringify(rows)).not.toContain('Not-it-9!');
    expect(JSON.stringify(rows)).not.toContain(TEST_PASSWORD);
  });
});
