import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listeningPort, signIn, startServer } from './helpers/serverProcess.ts';

// The real server process over a real socket: start-up, demo logins, configuration errors,
// graceful shutdown on SIGTERM, a restore from a copy of the embedded database's folder.
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('the server process', () => {
  it('starts on the embedded database with demo data, signs a demo user in, and stops cleanly on SIGTERM', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'vestibule-process-'));
    dirs.push(dataDir);
    const server = startServer({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir });
    const port = await listeningPort(server);
    expect(server.output()).toContain('Demo logins:');
    const health = await fetch(`http://127.0.0.1:${port}/service/actuator/health`);
    expect(await health.json()).toMatchObject({ status: 'UP' });
    const login = await fetch(`http://127.0.0.1:${port}/service/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'supervisor', password: 'Vestibule1!' }),
    });
    expect(login.status).toBe(200);
    expect(((await login.json()) as { user: { role: string } }).user.role).toBe('ROLE_SUPERVISOR');
    // The printed enrolment link makes a tablet a kiosk of the demo building.
    const link = /Enrol a kiosk:\s+http:\/\/localhost:\d+\/enrolKiosk\/(\S+)/.exec(server.output());
    if (!link?.[1]) throw new Error(`no enrolment link in: ${server.output()}`);
    const enrolled = await fetch(`http://127.0.0.1:${port}/service/kiosk/enrol`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: link[1], deviceId: randomUUID() }),
    });
    expect(enrolled.status).toBe(200);
    expect(((await enrolled.json()) as { buildingName: string }).buildingName).toBe('Demo HQ');
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    // A cold start (the embedded database, every migration, the demo data) in a process of its
    // own: a minute on a loaded two-core machine, like the next test's two starts.
  }, 90_000);

  it('seeds the demo data once: a second start keeps one copy', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'vestibule-process-'));
    dirs.push(dataDir);
    for (let run = 0; run < 2; run++) {
      const server = startServer({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir });
      const port = await listeningPort(server);
      const token = await signIn(`http://127.0.0.1:${port}`, 'admin', 'Vestibule1!');
      const tenants = await fetch(`http://127.0.0.1:${port}/service/selectTenant`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const body = (await tenants.json()) as { tenants: { name: string }[] };
      expect(body.tenants.map((tenant) => tenant.name)).toEqual(['Demo Corp', 'Northwind']);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    }
    // Two starts of the embedded database, each migrating or checking and seeding.
  }, 90_000);

  it("restores from a copy of the embedded database's folder taken after a stop: the copy serves, its sessions included", async () => {
    const original = mkdtempSync(join(tmpdir(), 'vestibule-process-'));
    const restored = mkdtempSync(join(tmpdir(), 'vestibule-restored-'));
    dirs.push(original, restored);
    const first = startServer({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: original });
    const firstPort = await listeningPort(first);
    const token = await signIn(`http://127.0.0.1:${firstPort}`, 'admin', 'Vestibule1!');
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    // The backup (docs/operations.md, "Backups"): the stopped server's folder, copied whole; the
    // original is gone, as after a lost disk.
    cpSync(original, restored, { recursive: true });
    rmSync(original, { recursive: true, force: true });
    const second = startServer({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: restored });
    const secondPort = await listeningPort(second);
    // The session signed in before the backup still stands: its row and the signing secret came back.
    const tenants = await fetch(`http://127.0.0.1:${secondPort}/service/selectTenant`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(tenants.status).toBe(200);
    const body = (await tenants.json()) as { tenants: { name: string }[] };
    expect(body.tenants.map((tenant) => tenant.name)).toEqual(['Demo Corp', 'Northwind']);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 90_000);

  it('refuses a bad configuration with a message naming the variable', async () => {
    const server = startServer({ PORT: 'not-a-port', DATABASE_URL: 'mysql://nope' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('Invalid configuration');
    expect(server.output()).toContain('PORT');
    expect(server.output()).toContain('DATABASE_URL: must start with postgres:// or postgresql://');
  });
});
