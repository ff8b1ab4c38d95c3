import { describe, expect, expectTypeOf, it } from 'vitest';
import { createApiClient } from '../api/client.ts';
import { isPublicCall } from './access.ts';
import { type CallOutput, type Contract, contract, methodAndPath, pathOf } from './index.ts';

describe('the contract', () => {
  it('names every call by an upper-case method and a path under the service', () => {
    for (const key of Object.keys(contract)) {
      expect(key).toMatch(/^(GET|POST|PUT|PATCH|DELETE) \/[\w\-/:.]+$/);
    }
  });

  it('declares a parameter schema for exactly the parameters its path names', () => {
    for (const [key, definition] of Object.entries(contract)) {
      const named = [...key.matchAll(/:(\w+)/g)].map((match) => match[1]).sort();
      const shape = 'params' in definition ? Object.keys(definition.params.shape).sort() : [];
      expect({ key, params: shape }).toEqual({ key, params: named });
    }
  });

  it('gives the client the access each call declares: public exactly where its definition says so', () => {
    for (const [key, definition] of Object.entries(contract)) {
      const access = 'access' in definition ? definition.access : undefined;
      expect({ key, public: isPublicCall(key as keyof typeof contract) }).toEqual({ key, public: access === 'public' });
    }
  });

  it('splits a key into its method and path', () => {
    expect(methodAndPath('GET /user/:id')).toEqual({ method: 'GET', path: '/user/:id' });
  });

  it('fills path parameters, each encoded as one segment', () => {
    expect(pathOf('GET /user/:id', { id: 'a/b c' })).toBe('/user/a%2Fb%20c');
    expect(() => pathOf('GET /user/:id', {} as { id: string })).toThrow(/missing parameter id/);
  });
});

describe('the typed client', () => {
  it('sends the method and filled path of the key and types the answer', async () => {
    const seen: string[] = [];
    const client = createApiClient({
      baseUrl: 'http://service.test/service',
      getToken: () => 'token',
      getLocale: () => 'en',
      fetchImpl: async (input, init) => {
        seen.push(`${init?.method} ${input}`);
        return new Response(JSON.stringify({ value: 'ROLE_ADMIN', label: 'Admin' }), {
          headers: { 'content-type': 'application/json' },
        });
      },
    });
    const user = client.call('GET /user/:id', { params: { id: '0192a0b0-0000-7000-8000-000000000001' } });
    expectTypeOf(user).resolves.toEqualTypeOf<CallOutput<Contract['GET /user/:id']>>();
    await user;
    expect(seen).toEqual(['GET http://service.test/service/user/0192a0b0-0000-7000-8000-000000000001']);
    // @ts-expect-error a call whose path names a parameter needs it
    await client.call('GET /user/:id').catch(() => undefined);
    // @ts-expect-error a key that is not in the contract does not compile
    await client.call('GET /users/:id', { params: { id: 'x' } }).catch(() => undefined);
  });
});
