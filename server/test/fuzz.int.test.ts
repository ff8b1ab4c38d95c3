import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Role, isErrorCode } from '@vestibule/shared';
import type { RegisteredRoute } from '../src/plugins/auth.plugin.ts';
import { createUser, tenantEntityFactories } from './helpers/factories.ts';
import { type TestApp, bearer, createTestApp, logInAs, seedTwoTenants } from './helpers/test-app.ts';

// Hostile input over every registered route, so routes added later join by being
// registered: NUL, lone surrogates, huge strings, deep nesting, prototype keys, huge and
// wrong-typed numbers, wrong content types. Every answer must be below 500 and, when it is a
// refusal, carry the `{errorCode, msg}` shape with a code of the catalogue. A deterministic
// table, so a failure names the exact request. Every route that takes a multipart body also
// gets broken forms, on rows of the caller's own company so the body is read, and stores
// nothing from them.

let t: TestApp;
let routes: RegisteredRoute[];
let tokens: Record<Role, string>;
let tenantA: string;

const placeholderId = '0192a0b0-0000-7000-8000-000000000001';

/** Raw path segments: percent sequences as an attacker sends them (NUL, a lone surrogate as CESU-8, bad UTF-8). */
const hostileSegments = [
  '%00',
  '%ED%A0%80',
  '%FF',
  'a'.repeat(600),
  '__proto__',
  'constructor',
  '-1',
  '1e309',
  '%7B%7D',
];
const hostileQueryValues = ['%00', '%ED%A0%80', '__proto__', 'constructor', 'toString', 'x'.repeat(5_000), '-1e999'];
/** JSON texts sent as whole bodies. */
const deep = `${'['.repeat(1_000)}${']'.repeat(1_000)}`;
const hostileBodies = [
  'null',
  '[]',
  '"text"',
  '1e999',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  deep,
  `{"a":${deep}}`,
  '{"a":"\\u0000"}',
  '{',
];
/** Values put in each declared body field, as JSON text. */
const hostileFieldValues = [
  '"\\u0000"',
  '"\\ud800"',
  '"x\\udfffy"',
  '"\\u0007bell"',
  '{}',
  '[]',
  'null',
  'true',
  '1e308',
  '-1',
  '0.5',
  '{"__proto__":{"polluted":true}}',
  deep,
];

function tokenFor(route: RegisteredRoute): string | undefined {
  if (route.access === 'public') return undefined;
  const role: Role = route.access.includes('ROLE_ADMIN') ? 'ROLE_ADMIN' : (route.access[0] as Role);
  return tokens[role];
}

function urlOf(route: RegisteredRoute, segment?: { name: string; value: string }, query = ''): string {
  const path = route.url
    .replace(/:(\w+)/g, (_, name: string) => (segment && name === segment.name ? segment.value : placeholderId))
    .replace(/\*$/, 'x');
  return query ? `${path}?${query}` : path;
}

interface Probe {
  label: string;
  url: string;
  body?: string;
  contentType?: string;
}

const boundary = 'XYZ';
const multipartType = `multipart/form-data; boundary=${boundary}`;
const filePart = (name: string, fileName: string, type: string, content: string) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n${content}\r\n`;
const textPart = (name: string, value: string) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const closing = `--${boundary}--\r\n`;
const pngBytes = `\x89PNG\r\n\x1a\n${'x'.repeat(64)}`;

interface MultipartProbe extends Probe {
  /** The code a broken form must answer; absent: any catalogue refusal below 500. */
  errorCode?: string;
}

/** Broken and oversized forms, for the routes that read a multipart body. */
function multipartProbes(url: string): MultipartProbe[] {
  const broken = (label: string, body: string, contentType = multipartType): MultipartProbe => ({
    label,
    url,
    body,
    contentType,
    errorCode: 'MALFORMED_MULTIPART',
  });
  return [
    broken('multipart without boundary', 'garbage', 'multipart/form-data'),
    broken('multipart without boundary, empty', '', 'multipart/form-data'),
    broken(
      'multipart with an empty boundary',
      filePart('file', 'a.png', 'image/png', pngBytes) + closing,
      'multipart/form-data; boundary=',
    ),
    broken('multipart of garbage', 'garbage with no part at all'),
    broken('truncated file part', filePart('file', 'a.png', 'image/png', pngBytes).slice(0, -10)),
    broken('truncated text part', `--${boundary}\r\nContent-Disposition: form-data; name="fields"\r\n\r\n{"columns":`),
    broken(
      'whole file, closing boundary missing',
      filePart('file', 'a.csv', 'text/csv', 'a;b\r\n') + `--${boundary}\r\nCont`,
    ),
    broken('part header cut off', `--${boundary}\r\nContent-Disposition: form-data; na`),
    {
      label: 'huge text field',
      url,
      body: textPart('fields', 'x'.repeat(3_000_000)) + closing,
      contentType: multipartType,
    },
    {
      label: 'huge part header',
      url,
      body: `--${boundary}\r\nContent-Disposition: form-data; name="${'n'.repeat(100_000)}"\r\n\r\nv\r\n${closing}`,
      contentType: multipartType,
    },
    {
      label: 'file over every upload limit',
      url,
      body: filePart('file', 'big.png', 'image/png', pngBytes + 'x'.repeat(5_100_000)) + closing,
      contentType: multipartType,
    },
    {
      label: 'two files',
      url,
      body:
        filePart('file', 'a.png', 'image/png', pngBytes) + filePart('file', 'b.png', 'image/png', pngBytes) + closing,
      contentType: multipartType,
    },
    {
      label: 'a prototype key as field name',
      url,
      body: textPart('__proto__', '{"polluted":true}') + closing,
      contentType: multipartType,
    },
    {
      label: 'multipart/mixed',
      url,
      body: filePart('file', 'a.png', 'image/png', pngBytes) + closing,
      contentType: 'multipart/mixed; boundary=XYZ',
    },
  ];
}

/** The route's URL with rows of the caller's company for its tenant-owned params, so the body is read. */
async function ownUrlOf(route: RegisteredRoute): Promise<string> {
  const ids: Record<string, string> = {};
  for (const [param, entity] of Object.entries(route.tenantParams)) {
    const factory = tenantEntityFactories[entity];
    if (!factory) throw new Error(`no factory for tenant entity "${entity}" (route ${route.url})`);
    ids[param] = await factory(t.database.db, tenantA);
  }
  return route.url.replace(/:(\w+)/g, (_, name: string) => ids[name] ?? placeholderId);
}

function probesOf(route: RegisteredRoute): Probe[] {
  const probes: Probe[] = [];
  const withBody = ['POST', 'PUT', 'PATCH'].includes(route.method);
  const params = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1] as string);
  for (const name of params) {
    for (const value of hostileSegments) {
      probes.push({
        label: `param ${name}=${value.slice(0, 20)}`,
        url: urlOf(route, { name, value }),
        body: withBody ? '{}' : undefined,
      });
    }
  }
  for (const name of [...route.queryFields, 'sort', 'order', 'page', 'limit']) {
    for (const value of hostileQueryValues) {
      probes.push({ label: `query ${name}=${value.slice(0, 20)}`, url: urlOf(route, undefined, `${name}=${value}`) });
    }
    probes.push({ label: `query ${name} twice`, url: urlOf(route, undefined, `${name}=a&${name}=b`) });
  }
  if (withBody) {
    for (const body of hostileBodies) probes.push({ label: `body ${body.slice(0, 30)}`, url: urlOf(route), body });
    for (const field of route.bodyFields) {
      for (const value of hostileFieldValues) {
        probes.push({ label: `body.${field}=${value.slice(0, 20)}`, url: urlOf(route), body: `{"${field}":${value}}` });
      }
    }
    probes.push({ label: 'body of 1.2 MB', url: urlOf(route), body: `{"a":"${'x'.repeat(1_200_000)}"}` });
    probes.push({ label: 'text/plain body', url: urlOf(route), body: 'hello', contentType: 'text/plain' });
    probes.push({
      label: 'multipart without boundary',
      url: urlOf(route),
      body: 'garbage',
      contentType: 'multipart/form-data',
    });
    const png = '\x89PNG\r\n\x1a\n' + 'x'.repeat(64);
    probes.push({
      label: 'multipart file named with a NUL',
      url: urlOf(route),
      body: `--XYZ\r\nContent-Disposition: form-data; name="file"; filename="logo\u0000.png"\r\nContent-Type: image/png\r\n\r\n${png}\r\n--XYZ--\r\n`,
      contentType: 'multipart/form-data; boundary=XYZ',
    });
    probes.push({
      label: 'truncated multipart',
      url: urlOf(route),
      body: '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a\u0000.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
      contentType: 'multipart/form-data; boundary=XYZ',
    });
  }
  return probes;
}

beforeAll(async () => {
  t = await createTestApp();
  ({ tokens, tenantA } = await seedTwoTenants(t));
  routes = t.app.registeredRoutes.filter((route) => !route.url.startsWith('/service/docs'));
});
afterAll(() => t.close());

describe('hostile input over every route', () => {
  it('walks the whole route table, with the fields each route declares', () => {
    expect(routes.length).toBeGreaterThan(60);
    const login = routes.find((route) => route.method === 'POST' && route.url === '/service/login');
    expect(login).toMatchObject({ bodyFields: ['username', 'password'] });
  });

  it('answers every hostile request below 500 with a catalogue errorCode and a message', async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const route of routes) {
      const token = tokenFor(route);
      for (const probe of probesOf(route)) {
        const headers: Record<string, string> = { ...(token ? bearer(token) : {}) };
        if (probe.body !== undefined) headers['content-type'] = probe.contentType ?? 'application/json';
        const response = await t.app.inject({
          method: route.method as 'GET',
          url: probe.url,
          headers,
          remoteAddress: `127.0.${Math.floor(sent / 250) % 250}.${(sent % 250) + 1}`,
          ...(probe.body !== undefined ? { payload: probe.body } : {}),
        });
        sent += 1;
        const where = `${route.method} ${route.url} [${probe.label}] -> ${response.statusCode}`;
        if (response.statusCode >= 500) {
          failures.push(`${where} ${response.body.slice(0, 200)}`);
          continue;
        }
        if (response.statusCode < 400) continue;
        let body: { errorCode?: unknown; msg?: unknown };
        try {
          body = response.json();
        } catch {
          failures.push(`${where}: not JSON: ${response.body.slice(0, 120)}`);
          continue;
        }
        if (!isErrorCode(body.errorCode) || typeof body.msg !== 'string' || body.msg === '') {
          failures.push(`${where}: shape ${response.body.slice(0, 200)}`);
        }
      }
    }
    expect(sent).toBeGreaterThan(1_000);
    expect(failures).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  }, 300_000);

  it('answers broken and oversized multipart forms on every upload route below 500, stores nothing', async () => {
    const uploads = routes.filter((route) => route.consumes.includes('multipart/form-data'));
    expect(uploads.map((route) => `${route.method} ${route.url}`).sort()).toEqual([
      'PATCH /service/building/:id/checkInLogo',
      'PATCH /service/floor/:id/layoutImage',
      'PATCH /service/people/upload',
    ]);
    // A session of its own: the hostile requests above may have ended the seeded ones.
    const admin = await logInAs(
      t.app,
      (await createUser(t.database.db, { tenantId: tenantA, role: 'ROLE_ADMIN' })).username,
    );
    const failures: string[] = [];
    for (const route of uploads) {
      const url = await ownUrlOf(route);
      for (const probe of multipartProbes(url)) {
        const response = await t.app.inject({
          method: route.method as 'PATCH',
          url: probe.url,
          headers: { ...bearer(admin), 'content-type': probe.contentType ?? multipartType },
          payload: probe.body ?? '',
        });
        const where = `${route.method} ${route.url} [${probe.label}] -> ${response.statusCode}`;
        let body: { errorCode?: unknown; msg?: unknown };
        try {
          body = response.json();
        } catch {
          failures.push(`${where}: not JSON: ${response.body.slice(0, 120)}`);
          continue;
        }
        if (response.statusCode < 400 || response.statusCode >= 500)
          failures.push(`${where} ${response.body.slice(0, 200)}`);
        else if (!isErrorCode(body.errorCode) || typeof body.msg !== 'string' || body.msg === '')
          failures.push(`${where}: shape ${response.body.slice(0, 200)}`);
        else if (probe.errorCode && (body.errorCode !== probe.errorCode || response.statusCode !== 400))
          failures.push(`${where}: ${String(body.errorCode)}, expected 400 ${probe.errorCode}`);
      }
    }
    expect(failures).toEqual([]);
    const { db } = t.database;
    expect(await db.selectFrom('building_logos').select('building_id').execute()).toEqual([]);
    expect(await db.selectFrom('floor_plans').select('floor_id').execute()).toEqual([]);
    expect(await db.selectFrom('people').select('id').where('tenant_id', '=', tenantA).execute()).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  }, 120_000);
});
