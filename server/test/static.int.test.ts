import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import type { DatabaseHandle } from '../src/db/database.ts';
import { createTestDatabase } from './helpers/database.ts';
import { testConfig } from './helpers/test-app.ts';
import { precompressDir } from '@vestibule/build-tools';

// One process serves the API, the admin app at / and the public pages at their own paths.
let database: DatabaseHandle;
let app: FastifyInstance;

const bigScript = `export const words = ${JSON.stringify(Array.from({ length: 2000 }, (_, i) => `word${i % 50}`))};\n`;

function fakeBuild(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `vestibule-${name}-`));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), `<!doctype html><title>${name}</title>`);
  writeFileSync(join(dir, 'assets', 'app-1234.js'), `console.log('${name}')`);
  // The service worker and a large asset, with the compressed copies the build writes beside them.
  writeFileSync(join(dir, 'sw.js'), bigScript);
  writeFileSync(join(dir, 'assets', 'big-5678.js'), bigScript);
  precompressDir(dir);
  return dir;
}

beforeAll(async () => {
  database = await createTestDatabase();
  const config = { ...testConfig(), staticDirs: { admin: fakeBuild('admin'), kiosk: fakeBuild('kiosk') } };
  app = await buildApp({ config, database, serveApps: true, logger: false });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('serving the apps', () => {
  it('answers admin routes with the admin app (history mode)', async () => {
    for (const url of ['/', '/login', '/admin/users', '/no/such/page']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<title>admin</title>');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers the public pages with the kiosk app', async () => {
    for (const url of ['/checkin/abc', '/checkinKiosk/abc/def', '/checkOut/xyz', '/pinIdentification/key']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.body).toContain('<title>kiosk</title>');
    }
  });

  it('serves hashed assets as immutable and lets the kiosk service worker control the site', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    for (const encoding of ['identity', 'gzip', 'br']) {
      const sw = await app.inject({ method: 'GET', url: '/kiosk/sw.js', headers: { 'accept-encoding': encoding } });
      expect(sw.headers['content-encoding'] ?? 'identity').toBe(encoding);
      expect(sw.headers['service-worker-allowed']).toBe('/');
      expect(sw.headers['cache-control']).toBe('no-cache');
    }
  });

  it('sends a built asset precompressed as the browser accepts it, and plain to others', async () => {
    const brotli = await app.inject({
      method: 'GET',
      url: '/assets/big-5678.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.rawPayload.length).toBeLessThan(bigScript.length / 5);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(bigScript);
    expect(brotli.headers['cache-control']).toContain('immutable');
    const gzip = await app.inject({
      method: 'GET',
      url: '/assets/big-5678.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(bigScript);
    const plain = await app.inject({ method: 'GET', url: '/assets/big-5678.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(bigScript);
  });

  it('compresses API answers over 1 KB for a client that accepts it', async () => {
    const compressed = await app.inject({
      method: 'GET',
      url: '/service/docs/json',
      headers: { 'accept-encoding': 'br' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    const document = JSON.parse(brotliDecompressSync(compressed.rawPayload).toString()) as { openapi: string };
    expect(document.openapi).toMatch(/^3\./);
    const small = await app.inject({
      method: 'GET',
      url: '/service/actuator/health',
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('keeps unknown API paths and missing assets as 404 with a code', async () => {
    expect((await app.inject({ method: 'GET', url: '/service/nothing' })).json()).toMatchObject({
      errorCode: 'NOT_FOUND',
    });
    expect((await app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
  });
});
