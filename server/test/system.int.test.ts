import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@vestibule/shared/contract';
import { type TestApp, bearer, createTestApp, jsonOf, seedTwoTenants } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('system endpoints', () => {
  it('reports health with a database check', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/service/actuator/health' });
    expect(response.statusCode).toBe(200);
    expect(jsonOf(response)).toMatchObject({ status: 'UP', components: { db: { status: 'UP' } } });
  });

  it('serves the product version', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/version.json' });
    expect(jsonOf(response).version).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('serves an OpenAPI document made from the schemas, and its browsable UI', async () => {
    const doc = jsonOf<{ openapi: string; paths: Record<string, unknown> }>(
      await t.app.inject({ method: 'GET', url: '/service/docs/json' }),
    );
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/service/login', '/service/selectTenant/{tenantId}']),
    );
    const ui = await t.app.inject({ method: 'GET', url: '/service/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });

  it('marks the public routes as needing no token in the OpenAPI document, every other route a bearer token, and those an API token may call', async () => {
    type Operation = { security?: unknown[] };
    const doc = jsonOf<{ paths: Record<string, Record<string, Operation>>; security: unknown[] }>(
      await t.app.inject({ method: 'GET', url: '/service/docs/json' }),
    );
    expect(doc.security).toEqual([{ bearer: [] }]);
    const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');
    const documented = t.app.registeredRoutes.filter((route) => !route.url.startsWith('/service/docs'));
    const publicRoutes = documented.filter((route) => route.access === 'public');
    expect(publicRoutes.length).toBeGreaterThan(20);
    for (const route of documented) {
      const operation = doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      expect({ route: `${route.method} ${route.url}`, documented: operation !== undefined }).toEqual({
        route: `${route.method} ${route.url}`,
        documented: true,
      });
      const key = `${route.method} ${route.url.replace(/^\/service/, '')}`;
      const definition = (contract as Record<string, { tokenScope?: string }>)[key];
      // A call an API token may make admits its scheme beside the session's (docs/api-tokens.md).
      const security =
        route.access === 'public' ? [] : definition?.tokenScope ? [{ bearer: [] }, { apiToken: [] }] : undefined;
      expect({ route: `${route.method} ${route.url}`, security: operation!.security }).toEqual({
        route: `${route.method} ${route.url}`,
        security,
      });
    }
  });

  it('sets security headers and leaks no stack trace', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/service/actuator/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    const bad = await t.app.inject({
      method: 'POST',
      url: '/service/login',
      headers: { 'content-type': 'application/json' },
      payload: '{',
    });
    expect(bad.body).not.toMatch(/at .*\.ts:\d+/);
  });

  it("lists the roles in the caller's language and the date and time formats", async () => {
    const { tokens } = await seedTwoTenants(t);
    const rolesFr = jsonOf<{ value: string; label: string }[]>(
      await t.app.inject({
        method: 'GET',
        url: '/service/user_roles',
        headers: { ...bearer(tokens.ROLE_USER), 'accept-language': 'fr' },
      }),
    );
    expect(rolesFr).toHaveLength(7);
    expect(rolesFr.find((role) => role.value === 'ROLE_ADMIN')!.label).toBe('Administrateur');
    const values = jsonOf(
      await t.app.inject({
        method: 'GET',
        url: '/service/preferences/possibleValues',
        headers: bearer(tokens.ROLE_USER),
      }),
    );
    expect(values.dateFormats).toContain('yyyy-MM-dd');
    expect(values.timeFormats).toContain('HH:mm');
  });
});
