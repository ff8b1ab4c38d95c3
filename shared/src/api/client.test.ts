import { describe, expect, expectTypeOf, it } from 'vitest';
import { TENANT_HEADER } from '../constants.ts';
import type { CallOutput, Contract } from '../contract/index.ts';
import { isPublicCall, publicCalls } from '../contract/access.ts';
import { ApiError, type ConditionalAnswer, createApiClient, normalizeDateString } from './client.ts';

function fakeServer(status: number, body: unknown, headers: Record<string, string> = {}) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const fetchImpl = async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    const content = status === 304 ? null : JSON.stringify(body);
    return new Response(content, { status, headers: { 'content-type': 'application/json', ...headers } });
  };
  return { calls, fetchImpl };
}

const headersOf = (call: { init: RequestInit | undefined } | undefined) =>
  (call?.init?.headers ?? {}) as Record<string, string>;

describe('API client', () => {
  it('normalises date-like strings to ISO with zero milliseconds and Z', () => {
    expect(normalizeDateString('2026-11-22T10:15:30.123Z')).toBe('2026-11-22T10:15:30.000Z');
    expect(normalizeDateString('2026-11-22T10:15:30+01:00')).toBe('2026-11-22T09:15:30.000Z');
    expect(normalizeDateString('2026-11-22 10:15:30')).toMatch(/^2026-11-22T\d\d:15:30\.000Z$/);
    expect(normalizeDateString('1234 not a date at all')).toBe('1234 not a date at all');
    expect(normalizeDateString('2026-11-22')).toBe('2026-11-22');
  });

  it('sends no bearer token on public paths', () => {
    expect(isPublicCall('POST /login')).toBe(true);
    expect(isPublicCall('GET /checkinKiosk/:qrCodeKey')).toBe(true);
    expect(isPublicCall('POST /login/impersonate')).toBe(false);
    expect(isPublicCall('GET /token')).toBe(false);
  });

  it('sends Accept-Language and the bearer token, and throws the server errorCode', async () => {
    const server = fakeServer(403, { errorCode: 'FORBIDDEN', msg: 'no' });
    const failures: string[] = [];
    const client = createApiClient({
      getToken: () => 'tok',
      getLocale: () => 'fr',
      fetchImpl: server.fetchImpl,
      onAuthFailure: (error) => failures.push(error.errorCode),
    });
    await expect(client.call('GET /user/:id', { params: { id: '1' } })).rejects.toMatchObject({
      status: 403,
      errorCode: 'FORBIDDEN',
    });
    const headers = headersOf(server.calls[0]);
    expect(headers.Authorization).toBe('Bearer tok');
    expect(headers['Accept-Language']).toBe('fr');
    expect(failures).toEqual(['FORBIDDEN']);
  });

  it('treats a 200 carrying an errorCode as a business error', async () => {
    const server = fakeServer(200, { errorCode: 'TIME_CONFLICT', msg: 'conflict' });
    const client = createApiClient({ getToken: () => null, getLocale: () => 'en', fetchImpl: server.fetchImpl });
    const error = await client.call('POST /logout').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).errorCode).toBe('TIME_CONFLICT');
    const allowed = await client.call('POST /logout', { allowBusinessError: true });
    expect(allowed).toHaveProperty('errorCode', 'TIME_CONFLICT');
  });

  it('turns a network failure into SERVER_CONNECTION_ERROR', async () => {
    const client = createApiClient({
      getToken: () => null,
      getLocale: () => 'en',
      fetchImpl: () => Promise.reject(new TypeError('fetch failed')),
    });
    await expect(client.call('GET /actuator/health')).rejects.toMatchObject({
      errorCode: 'SERVER_CONNECTION_ERROR',
      status: 0,
    });
  });
});

describe('who carries the bearer token', () => {
  it('sends the token and the company exactly on calls the contract does not make public', async () => {
    const server = fakeServer(200, {});
    const client = createApiClient({
      getToken: () => 'tok',
      getLocale: () => 'en',
      getTenant: () => 'tenant-1',
      fetchImpl: server.fetchImpl,
    });
    await client.call('GET /token');
    await client.call('POST /login', { body: { username: 'u', password: 'p' } });
    await client.call('GET /sync/config/:qrCodeKey', { params: { qrCodeKey: 'k' } });
    const [signedIn, login, kiosk] = server.calls.map(headersOf);
    expect(signedIn).toMatchObject({ Authorization: 'Bearer tok', [TENANT_HEADER]: 'tenant-1' });
    expect(login).not.toHaveProperty('Authorization');
    expect(kiosk).not.toHaveProperty('Authorization');
    expect(login).not.toHaveProperty(TENANT_HEADER);
  });

  it('keeps the table of public calls equal to the contract by its type', () => {
    const { 'POST /login': _login, ...withoutLogin } = publicCalls;
    // @ts-expect-error a public call of the contract left out of the table does not compile
    const missing: typeof publicCalls = withoutLogin;
    // @ts-expect-error a signed-in call listed as public does not compile
    const extra: typeof publicCalls = { ...publicCalls, 'GET /token': true };
    expect(Object.keys(missing)).not.toContain('POST /login');
    expect(Object.keys(extra)).toContain('GET /token');
  });

  it('sends no Accept-Language when the client is given no language (the browser says its own)', async () => {
    const server = fakeServer(200, {});
    const client = createApiClient({ getToken: () => null, fetchImpl: server.fetchImpl });
    await client.call('GET /actuator/health');
    expect(headersOf(server.calls[0])).not.toHaveProperty('Accept-Language');
  });
});

describe('conditional and detailed calls', () => {
  it('sends the ETag as If-None-Match and answers notModified on a 304', async () => {
    const server = fakeServer(304, null, { etag: '"v1"' });
    const client = createApiClient({ getToken: () => null, fetchImpl: server.fetchImpl });
    const answer = await client.callIfChanged('GET /sync/config/:qrCodeKey', '"v1"', { params: { qrCodeKey: 'k' } });
    expect(answer).toEqual({ notModified: true });
    const [sent] = server.calls;
    expect(sent).toBeDefined();
    expect(headersOf(sent)['If-None-Match']).toBe('"v1"');
    expect(sent!.init!.cache).toBe('no-store');
    expectTypeOf(answer).toEqualTypeOf<ConditionalAnswer<'GET /sync/config/:qrCodeKey'>>();
  });

  it('answers a changed resource with its data and the ETag the server gave', async () => {
    const server = fakeServer(200, { version: 'v2' }, { etag: '"v2"' });
    const client = createApiClient({ getToken: () => null, fetchImpl: server.fetchImpl });
    const answer = await client.callIfChanged('GET /sync/config/:qrCodeKey', null, { params: { qrCodeKey: 'k' } });
    expect(answer).toEqual({ notModified: false, data: { version: 'v2' }, etag: '"v2"' });
    expect(server.calls).toHaveLength(1);
    const [sent] = server.calls;
    expect(headersOf(sent)).not.toHaveProperty('If-None-Match');
    expect(sent!.init!.cache).toBe('no-store');
    expect(sent!.url).toBe('/service/sync/config/k');
  });

  it('answers a detailed call with its status and headers, and still throws a refusal', async () => {
    const created = fakeServer(201, { code: 'ABC' }, { location: '/x' });
    const client = createApiClient({ getToken: () => 'tok', fetchImpl: created.fetchImpl });
    const answer = await client.callDetailed('POST /building/:id/devices/enrolments', {
      params: { id: 'b' },
      body: { name: 'Lobby' },
    });
    expect(answer.status).toBe(201);
    expect(answer.headers.get('location')).toBe('/x');
    expect(answer.data).toEqual({ code: 'ABC' });
    expectTypeOf(answer.data).toEqualTypeOf<CallOutput<Contract['POST /building/:id/devices/enrolments']>>();
    const refused = fakeServer(403, { errorCode: 'KIOSK_DEVICE_REVOKED', msg: 'revoked' });
    const kiosk = createApiClient({ getToken: () => null, fetchImpl: refused.fetchImpl });
    await expect(
      kiosk.callDetailed('POST /sync/staff/:qrCodeKey', { params: { qrCodeKey: 'k' }, body: { pin: '1234' } }),
    ).rejects.toMatchObject({ status: 403, errorCode: 'KIOSK_DEVICE_REVOKED' });
  });

  it('takes a time limit per call', async () => {
    const client = createApiClient({
      getToken: () => null,
      timeoutMs: 60_000,
      fetchImpl: (_url, init) =>
        new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason))),
    });
    await expect(client.call('GET /actuator/health', { timeoutMs: 10 })).rejects.toMatchObject({
      errorCode: 'SERVER_TIMEOUT_CONNECTION_ERROR',
    });
  });
});
