import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_BASE } from '@vestibule/shared';
import { contract } from '@vestibule/shared/contract';
import { type TestApp, createTestApp } from './helpers/test-app.ts';

// The shared contract and the server's routes are one list: a call the apps can make has a
// route, and a route the server answers is a call of the contract.

let t: TestApp;
let served: string[];

beforeAll(async () => {
  t = await createTestApp();
  served = t.app.registeredRoutes.map((route) => `${route.method} ${route.url.slice(SERVICE_BASE.length)}`);
});
afterAll(() => t.close());

describe('the contract and the routes', () => {
  it('serves every call of the contract', () => {
    expect(Object.keys(contract).filter((key) => !served.includes(key))).toEqual([]);
  });

  it('declares every route it serves in the contract', () => {
    const keys = new Set(Object.keys(contract));
    expect(served.filter((key) => !keys.has(key) && !key.startsWith('GET /docs'))).toEqual([]);
  });
});
