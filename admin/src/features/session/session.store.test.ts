import { ApiError } from '@vestibule/shared/api';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { storageKeys, tabTenantKey } from '../../storage/storageKeys.ts';
import { type Answers, answerSession, json } from '../../test/answerCalls.ts';
import { acme, globex, loginResponse, tenantSelection } from '../../test/fixtures.ts';
import { useLoadingStore } from '../loading/loading.store.ts';
import { useNotificationStore } from '../notifications/notification.store.ts';
import { createSessionStore, tokenNeedsRenewal, type SessionEnvironment } from './session.store.ts';

const now = Date.UTC(2026, 4, 1, 12, 0, 0);
const nowSeconds = now / 1000;

/** The session's calls answered at fetch (`answers` where they name one), and the rest of its world. */
function environment(answers: Answers = {}) {
  const navigate = vi.fn<(path: string) => void>();
  const reloadAt = vi.fn<(path: string) => void>();
  const calls = answerSession({
    'GET /token': () => loginResponse('admin', ['ROLE_ADMIN'], 'renewed-token'),
    'GET /selectTenant': () => tenantSelection(acme),
    'GET /selectTenant/:tenantId': ({ params }) => tenantSelection(params.tenantId === globex.id ? globex : acme),
    ...answers,
  });
  const env: SessionEnvironment = {
    storage: localStorage,
    noticeStorage: sessionStorage,
    now: () => now,
    navigate,
    reloadAt,
    currentPath: () => '/admin/buildings',
  };
  return { env, calls, navigate, reloadAt };
}

function storeSession(username: string, role: string, tokenExpiration: number): void {
  localStorage.setItem(storageKeys.user, JSON.stringify({ username, role }));
  localStorage.setItem(storageKeys.token, `token-of-${username}`);
  localStorage.setItem(storageKeys.tokenExpiration, String(tokenExpiration));
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  useNotificationStore.getState().clearBanners();
  useLoadingStore.getState().reset();
});

describe('login', () => {
  it('stores the joined role string and the user without authorities, then goes home', async () => {
    const { env, navigate } = environment({
      'POST /login': () => loginResponse('space', ['ROLE_SPACE', 'ROLE_USER']),
    });
    const store = createSessionStore(env);

    await expect(store.getState().login({ username: 'space', password: 'Vestibule1!' })).resolves.toBe(true);

    expect(store.getState().user!.role).toBe('ROLE_SPACE,ROLE_USER');
    const saved = JSON.parse(localStorage.getItem(storageKeys.user) ?? '{}') as Record<string, unknown>;
    expect(saved.role).toBe('ROLE_SPACE,ROLE_USER');
    expect(saved).not.toHaveProperty('authorities');
    expect(localStorage.getItem(storageKeys.token)).toBe('token-of-space');
    expect(localStorage.getItem(storageKeys.tokenExpiration)).toBe(String(Date.UTC(2030, 0, 1) / 1000));
    expect(JSON.parse(localStorage.getItem(storageKeys.tenant) ?? 'null')).toEqual(acme);
    expect(navigate).toHaveBeenCalledWith('/check-in-out');
  });

  it('sends technical users to the users page', async () => {
    const { env, navigate } = environment({ 'POST /login': () => loginResponse('tech1', ['ROLE_TECH_1']) });
    await createSessionStore(env).getState().login({ username: 'tech1', password: 'Vestibule1!' });
    expect(navigate).toHaveBeenCalledWith('/admin/users');
  });

  it("switches the interface to the language saved in the user's profile", async () => {
    const french = loginResponse('user', ['ROLE_USER']);
    french.user.userLocale = 'fr';
    const { env } = environment({ 'POST /login': () => french });
    const applyLanguage = vi.fn(async () => undefined);
    await createSessionStore({ ...env, applyLanguage })
      .getState()
      .login({ username: 'user', password: 'x' });
    expect(applyLanguage).toHaveBeenCalledWith('fr');
  });

  it('uses the remembered path first, then forgets it', async () => {
    const { env, navigate } = environment();
    const store = createSessionStore(env);
    store.getState().rememberRedirect('/admin/people?page=2');

    await store.getState().login({ username: 'admin', password: 'Vestibule1!' });

    expect(navigate).toHaveBeenCalledWith('/admin/people?page=2');
    expect(store.getState().redirectPath).toBeNull();
  });

  it('shows the wrong-password message and stops loading', async () => {
    const { env, navigate } = environment({
      'POST /login': () => json(403, { errorCode: 'WRONG_PASSWORD', msg: 'Wrong username or password.' }),
    });
    const store = createSessionStore(env);

    await expect(store.getState().login({ username: 'admin', password: 'nope' })).resolves.toBe(false);

    expect(useNotificationStore.getState().error!.messages).toEqual([
      expect.objectContaining({ key: 'errors.WRONG_PASSWORD' }),
    ]);
    expect(store.getState().authLoading).toBe(false);
    expect(store.getState().token).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('start', () => {
  it('restores the stored session', () => {
    storeSession('master', 'ROLE_MASTER', nowSeconds + 3600);
    localStorage.setItem(storageKeys.tenant, JSON.stringify(acme));
    const store = createSessionStore(environment().env);
    expect(store.getState()).toMatchObject({ user: { username: 'master' }, token: 'token-of-master', tenant: acme });
  });

  it('renews an expired token with GET /token', async () => {
    storeSession('admin', 'ROLE_ADMIN', nowSeconds - 60);
    const { env, calls } = environment();
    const store = createSessionStore(env);

    await store.getState().start();

    expect(calls.of('GET /token')).toHaveLength(1);
    expect(store.getState().token).toBe('renewed-token');
    expect(localStorage.getItem(storageKeys.token)).toBe('renewed-token');
  });

  it('renews a token that expires within a few minutes, and not a fresh one', async () => {
    expect(tokenNeedsRenewal(nowSeconds + 120, now)).toBe(true);
    expect(tokenNeedsRenewal(null, now)).toBe(true);
    storeSession('admin', 'ROLE_ADMIN', nowSeconds + 3600);
    const { env, calls } = environment();
    await createSessionStore(env).getState().start();
    expect(calls.of('GET /token')).toHaveLength(0);
  });

  it('passes the stored tenant for admin and tech, and none for the others', async () => {
    storeSession('admin', 'ROLE_ADMIN', nowSeconds + 3600);
    localStorage.setItem(storageKeys.tenant, JSON.stringify(globex));
    const admin = environment();
    await createSessionStore(admin.env).getState().start();
    expect(admin.calls.of('GET /selectTenant/:tenantId').map((request) => request.params)).toContainEqual({
      tenantId: globex.id,
    });

    storeSession('user', 'ROLE_USER', nowSeconds + 3600);
    const user = environment();
    await createSessionStore(user.env).getState().start();
    // No company named: the user's own.
    expect(user.calls.of('GET /selectTenant')).not.toHaveLength(0);
  });
});

describe('logInAs', () => {
  async function signedInAdmin() {
    const tools = environment();
    storeSession('admin', 'ROLE_ADMIN', nowSeconds + 3600);
    const store = createSessionStore(tools.env);
    return { ...tools, store };
  }

  it('saves the administrator, swaps in the other user and says so', async () => {
    const { store, calls, navigate } = await signedInAdmin();

    await expect(store.getState().logInAs('user')).resolves.toBe(true);

    expect(calls.of('POST /login/impersonate').map((request) => request.body)).toContainEqual({ username: 'user' });
    expect(store.getState().user).toMatchObject({ username: 'user', role: 'ROLE_USER' });
    expect(localStorage.getItem(storageKeys.token)).toBe('token-of-user');
    expect(JSON.parse(localStorage.getItem(storageKeys.originalUser) ?? '{}')).toMatchObject({ username: 'admin' });
    expect(localStorage.getItem(storageKeys.originalToken)).toBe('token-of-admin');
    expect(localStorage.getItem(storageKeys.originalTokenExpiration)).toBe(String(nowSeconds + 3600));
    expect(navigate).toHaveBeenCalledWith('/check-in-out');
    expect(useNotificationStore.getState().success!.message).toEqual({
      key: 'login.LOGGED_IN_AS_SUCCESS',
      params: { username: 'user' },
    });
  });

  it('restores the administrator at logout, says so after the reload, and opens the users', async () => {
    const { store, env, reloadAt, navigate } = await signedInAdmin();
    await store.getState().logInAs('user');
    navigate.mockClear();

    store.getState().logout();

    expect(store.getState()).toMatchObject({ user: { username: 'admin' }, token: 'token-of-admin', original: null });
    expect(localStorage.getItem(storageKeys.token)).toBe('token-of-admin');
    expect(localStorage.getItem(storageKeys.originalUser)).toBeNull();
    expect(localStorage.getItem(storageKeys.originalToken)).toBeNull();
    expect(localStorage.getItem(storageKeys.originalTokenExpiration)).toBeNull();
    expect(reloadAt).toHaveBeenCalledWith('/admin/users');
    expect(navigate).not.toHaveBeenCalled();

    // The reloaded page shows the message.
    useNotificationStore.getState().clearBanners();
    const reloaded = createSessionStore(env);
    await reloaded.getState().start();
    expect(reloaded.getState().user!.username).toBe('admin');
    expect(useNotificationStore.getState().success!.message).toEqual({
      key: 'login.LOGGED_OUT_AS_SUCCESS',
      params: { username: 'user' },
    });
  });

  it('never chains: while working as someone, signing in as a third user calls nobody', async () => {
    const { store, calls } = await signedInAdmin();
    await store.getState().logInAs('user');
    await expect(store.getState().logInAs('another')).resolves.toBe(false);
    expect(calls.of('POST /login/impersonate')).toHaveLength(1);
    expect(store.getState()).toMatchObject({ user: { username: 'user' }, original: { user: { username: 'admin' } } });
  });

  it('shows the error and keeps the administrator when the call fails', async () => {
    const { store, calls } = await signedInAdmin();
    calls.once('POST /login/impersonate', json(404, { errorCode: 'USER_DOES_NOT_EXIST', msg: 'no' }));

    await expect(store.getState().logInAs('ghost')).resolves.toBe(false);

    expect(store.getState()).toMatchObject({ user: { username: 'admin' }, original: null });
    expect(localStorage.getItem(storageKeys.originalToken)).toBeNull();
    expect(useNotificationStore.getState().error!.messages[0]!.key).toBe('errors.USER_DOES_NOT_EXIST');
  });
});

describe('logout', () => {
  it('removes user, token and expiry and goes to the login page', () => {
    storeSession('user', 'ROLE_USER', nowSeconds + 3600);
    const { env, navigate } = environment();
    const store = createSessionStore(env);

    store.getState().logout();

    expect(store.getState().token).toBeNull();
    expect(localStorage.getItem(storageKeys.user)).toBeNull();
    expect(localStorage.getItem(storageKeys.token)).toBeNull();
    expect(localStorage.getItem(storageKeys.tokenExpiration)).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('stays put when silent', () => {
    storeSession('user', 'ROLE_USER', nowSeconds + 3600);
    const { env, navigate } = environment();
    createSessionStore(env).getState().logout({ silent: true });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('on a 401 or 403: loading off, banners cleared, logout, and back here after login', () => {
    storeSession('user', 'ROLE_USER', nowSeconds + 3600);
    const { env, navigate } = environment();
    const store = createSessionStore(env);
    useLoadingStore.getState().track(1);
    useNotificationStore.getState().showError({ key: 'errors.NOT_FOUND' });

    store.getState().forceLogout();

    expect(useLoadingStore.getState().pending).toBe(0);
    expect(useNotificationStore.getState().error).toBeNull();
    expect(store.getState().token).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login');
    expect(store.getState().redirectPath).toBe('/admin/buildings');
  });
});

describe('single sign-on', () => {
  const linkFromAdmin = () => ({
    ...loginResponse('dora', ['ROLE_SUPERVISOR'], 'token-of-dora'),
    impersonatedBy: 'admin',
  });

  it("keeps the administrator's own session as the way back when their link for someone else opens here", async () => {
    storeSession('admin', 'ROLE_ADMIN', nowSeconds + 3600);
    const { env, reloadAt } = environment({ 'GET /sso/:token': linkFromAdmin });
    const store = createSessionStore(env);
    await expect(store.getState().loginWithSso('one-time')).resolves.toBe(true);

    expect(store.getState().user).toMatchObject({ username: 'dora', impersonatedBy: 'admin' });
    expect(store.getState().original).toMatchObject({ user: { username: 'admin' }, token: 'token-of-admin' });
    expect(localStorage.getItem(storageKeys.originalToken)).toBe('token-of-admin');

    store.getState().logout();
    expect(store.getState()).toMatchObject({ user: { username: 'admin' }, token: 'token-of-admin', original: null });
    expect(reloadAt).toHaveBeenCalledWith('/admin/users');
  });

  it('knows a link-opened impersonation after a reload, with no way back to keep in another browser', async () => {
    const { env, navigate } = environment({ 'GET /sso/:token': linkFromAdmin });
    await createSessionStore(env).getState().loginWithSso('one-time');
    const reloaded = createSessionStore(env);
    expect(reloaded.getState()).toMatchObject({ user: { username: 'dora', impersonatedBy: 'admin' }, original: null });
    await expect(reloaded.getState().logInAs('someone')).resolves.toBe(false);
    navigate.mockClear();
    reloaded.getState().logout();
    expect(reloaded.getState().token).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it("drops another user's session kept aside when a link of someone else opens", async () => {
    storeSession('mallory', 'ROLE_ADMIN', nowSeconds + 3600);
    const { env } = environment({ 'GET /sso/:token': linkFromAdmin });
    const store = createSessionStore(env);
    await store.getState().loginWithSso('one-time');
    expect(store.getState().original).toBeNull();
    expect(localStorage.getItem(storageKeys.originalToken)).toBeNull();
  });

  it('goes to the login page without a message when the token is unknown', async () => {
    const { env, navigate } = environment({
      'GET /sso/:token': () => json(404, { errorCode: 'NOT_FOUND', msg: 'Not found' }),
    });
    await expect(createSessionStore(env).getState().loginWithSso('nope')).resolves.toBe(false);
    expect(navigate).toHaveBeenCalledWith('/login');
    expect(useNotificationStore.getState().error).toBeNull();
  });
});

describe('sessions that end', () => {
  /** A store whose clock the test moves. */
  function clocked(answers: Answers = {}) {
    let clock = now;
    const base = environment(answers);
    const env: SessionEnvironment = { ...base.env, now: () => clock };
    return { ...base, env, advance: (ms: number) => (clock += ms), at: () => clock };
  }

  it('signs an idle tab out after the idle time without input, says why, and ends the session on the server', async () => {
    storeSession('admin', 'ROLE_ADMIN', nowSeconds + 24 * 3600);
    const { env, calls, navigate, advance } = clocked();
    const store = createSessionStore(env);
    store.getState().noteActivity();
    advance(29 * 60_000);
    await store.getState().checkSession();
    expect(store.getState().token).toBe('token-of-admin');
    advance(60_000);
    await store.getState().checkSession();
    expect(store.getState().token).toBeNull();
    expect(calls.of('POST /logout')).toHaveLength(1);
    expect(navigate).toHaveBeenLastCalledWith('/login');
    expect(useNotificationStore.getState().error!.messages).toEqual([
      { key: 'login.IDLE_SIGNED_OUT', params: { minutes: 30 } },
    ]);
  });

  it('takes the idle time the server gives at sign-in, and counts input made in another tab', async () => {
    const { env, advance, at } = clocked({
      'POST /login': () => ({ ...loginResponse('admin', ['ROLE_ADMIN']), idleMinutes: 5 }),
    });
    const store = createSessionStore(env);
    await store.getState().login({ username: 'admin', password: 'Vestibule1!' });
    expect(store.getState().idleMinutes).toBe(5);
    store.getState().noteActivity();
    advance(4 * 60_000);
    // Another tab of the same session had input just now (the tabs share localStorage).
    localStorage.setItem(storageKeys.lastActivityAt, String(at()));
    advance(2 * 60_000);
    await store.getState().checkSession();
    expect(store.getState().token).not.toBeNull();
    advance(4 * 60_000);
    await store.getState().checkSession();
    expect(store.getState().token).toBeNull();
  });

  it('renews the token only while the user is active (or when it is about to expire)', async () => {
    storeSession('admin', 'ROLE_ADMIN', nowSeconds + 24 * 3600);
    const { env, calls, advance } = clocked();
    const store = createSessionStore(env);
    store.getState().noteActivity();
    advance(11 * 60_000);
    await store.getState().checkSession();
    // Input long ago, none since the store started: no renewal.
    expect(calls.of('GET /token')).toHaveLength(0);
    store.getState().noteActivity();
    await store.getState().checkSession();
    expect(calls.of('GET /token')).toHaveLength(1);
    advance(60_000);
    await store.getState().checkSession();
    expect(calls.of('GET /token')).toHaveLength(1);
  });

  it('ends the session on the server at sign-out, and says so when the server ended it', async () => {
    storeSession('admin', 'ROLE_ADMIN', nowSeconds + 3600);
    const { env, calls } = environment();
    const store = createSessionStore(env);
    store.getState().logout();
    expect(calls.of('POST /logout')).toHaveLength(1);

    storeSession('admin', 'ROLE_ADMIN', nowSeconds + 3600);
    const again = createSessionStore(environment().env);
    again.getState().forceLogout(new ApiError(401, 'SESSION_EXPIRED', 'ended'));
    expect(again.getState().token).toBeNull();
    expect(useNotificationStore.getState().error!.messages).toMatchObject([{ key: 'errors.SESSION_EXPIRED' }]);
  });

  it("keeps the tab's own company (sessionStorage) over the last one chosen in another tab", async () => {
    storeSession('admin', 'ROLE_ADMIN', nowSeconds + 3600);
    localStorage.setItem(storageKeys.tenant, JSON.stringify({ id: acme.id, name: acme.name }));
    sessionStorage.setItem(tabTenantKey, JSON.stringify({ id: globex.id, name: globex.name }));
    const { env, calls } = environment();
    const store = createSessionStore(env);
    expect(store.getState().tenant!.id).toBe(globex.id);
    await store.getState().selectTenant();
    expect(calls.of('GET /selectTenant/:tenantId').map((request) => request.params)).toContainEqual({
      tenantId: globex.id,
    });
    await store.getState().selectTenant(acme.id);
    expect(JSON.parse(sessionStorage.getItem(tabTenantKey) ?? 'null')).toMatchObject({ id: acme.id });
  });
});

describe('own account changes', () => {
  it('goes on with the session a password change answers: new token and expiry stored, same page', () => {
    storeSession('user', 'ROLE_USER', nowSeconds + 3600);
    const { env, navigate } = environment();
    const store = createSessionStore(env);
    const answer = { ...loginResponse('user', ['ROLE_USER'], 'token-after-change'), idleMinutes: 20 };

    store.getState().adoptSession(answer);

    expect(store.getState()).toMatchObject({
      user: { username: 'user', role: 'ROLE_USER' },
      token: 'token-after-change',
      tokenExpiration: answer.tokenExpiration,
      idleMinutes: 20,
    });
    expect(localStorage.getItem(storageKeys.token)).toBe('token-after-change');
    expect(localStorage.getItem(storageKeys.tokenExpiration)).toBe(String(answer.tokenExpiration));
    expect(navigate).not.toHaveBeenCalled();
    // A reload goes on with the new token.
    expect(createSessionStore(env).getState().token).toBe('token-after-change');
  });

  it("keeps the user's profile changes, in the store and for the next page load", () => {
    storeSession('user', 'ROLE_USER', nowSeconds + 3600);
    const { env } = environment();
    const store = createSessionStore(env);

    store.getState().updateUser({ dateFormat: 'dd/MM/yyyy', timeFormat: 'hh:mm a', userLocale: 'fr' });

    expect(store.getState().user).toMatchObject({ username: 'user', dateFormat: 'dd/MM/yyyy', userLocale: 'fr' });
    expect(store.getState().token).toBe('token-of-user');
    expect(createSessionStore(env).getState().user).toMatchObject({ dateFormat: 'dd/MM/yyyy', timeFormat: 'hh:mm a' });
  });
});
