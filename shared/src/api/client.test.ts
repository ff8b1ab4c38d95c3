import { describe, expect, it } from 'vitest';
import { ApiError, createApiClient, isPublicPath, normalizeDateString } from './client.ts';

function fakeServer(status: number, body: unknown) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const fetchImpl = async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  };
  return { calls, fetchImpl };
}

describe('API client', () => {
  it('normalises date-like strings to ISO with zero milliseconds and Z', () => {
    expect(normalizeDateString('2026-11-22T10:15:30.123Z')).toBe('2026-11-22T10:15:30.000Z');
    expect(normalizeDateString('2026-11-22T10:15:30+01:00')).toBe('2026-11-22T09:15:30.000Z');
    expect(normalizeDateString('2026-11-22 10:15:30')).toMatch(/^2026-11-22T\d\d:15:30\.000Z$/);
    expect(normalizeDateString('1234 not a date at all')).toBe('1234 not a date at all');
    expect(normalizeDateString('2026-11-22')).toBe('2026-11-22');
  });

  it('sends no bearer token on public paths', () => {
    expect(isPublicPath('/login')).toBe(true);
    expect(isPublicPath('/checkinKiosk/abc')).toBe(true);
    expect(isPublicPath('/login/impersonate')).toBe(false);
    expect(isPublicPath('/token')).toBe(false);
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
    await expect(client.get('/user/1')).rejects.toMatchObject({ status: 403, errorCode: 'FORBIDDEN' });
    const headers = server.calls[0]?.init?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer tok');
    expect(headers['Accept-Language']).toBe('fr');
    expect(failures).toEqual(['FORBIDDEN']);
  });

  it('treats a 200 carrying an errorCode as a business error', async () => {
    const server = fakeServer(200, { errorCode: 'TIME_CONFLICT', msg: 'conflict' });
    const client = createApiClient({ getToken: () => null, getLocale: () => 'en', fetchImpl: server.fetchImpl });
    const error = await client.post('/spacebooking', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).errorCode).toBe('TIME_CONFLICT');
    const allowed = await client.post<{ errorCode: string }>('/spacebooking', {}, { allowBusinessError: true });
    expect(allowed.errorCode).toBe('TIME_CONFLICT');
  });

  it('turns a network failure into SERVER_CONNECTION_ERROR', async () => {
    const client = createApiClient({
      getToken: () => null,
      getLocale: () => 'en',
      fetchImpl: () => Promise.reject(new TypeError('fetch failed')),
    });
    await expect(client.get('/x')).rejects.toMatchObject({ errorCode: 'SERVER_CONNECTION_ERROR', status: 0 });
  });
});
