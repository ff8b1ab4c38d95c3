// The self-test (both databases): it answers at once and runs in the background through the staff
// desk's services; when it ends no table holds a row more or less than before, real companies
// and their counters are untouched, a second start while one runs is refused, and what an
// interrupted run left is removed at the next start.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SelfTestRun, uuidv7 } from '@vestibule/shared';
import { createBuilding, createTenant } from '../../../test/helpers/factories.ts';
import { type TestApp, createTestApp, jsonOf, seedTwoTenants } from '../../../test/helpers/test-app.ts';
import { removeSelfTestLeftovers, selfTestEnded } from './selfTest.service.ts';
import { insertSelfTestBuilding, insertSelfTestTenant } from './selfTest.repo.ts';

let t: TestApp;
let seed: Awaited<ReturnType<typeof seedTwoTenants>>;

beforeAll(async () => {
  t = await createTestApp();
  seed = await seedTwoTenants(t);
  await createBuilding(t.database.db, seed.tenantA, 'Real HQ');
});
afterAll(() => t.close());

function start(count: number, duration: number, role: 'ROLE_ADMIN' | 'ROLE_MASTER' = 'ROLE_ADMIN') {
  return t.app.inject({
    method: 'GET',
    url: `/service/stresstest?count=${count}&duration=${duration}`,
    headers: { authorization: `Bearer ${seed.tokens[role]}` },
  });
}

async function status(): Promise<SelfTestRun | null> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/service/stresstest/status',
    headers: { authorization: `Bearer ${seed.tokens.ROLE_ADMIN}` },
  });
  expect(response.statusCode).toBe(200);
  return jsonOf<{ run: SelfTestRun | null }>(response).run;
}

/** Rows of every table but the self-test's own runs and the sign-in bookkeeping of the calls. */
async function rowCounts(): Promise<Record<string, number>> {
  const tables = await sql<{ table_name: string }>`select table_name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(t.database.db);
  const counts: Record<string, number> = {};
  for (const { table_name: name } of tables.rows) {
    if (['self_test_runs', 'rate_limits', 'sessions', 'kysely_migration', 'kysely_migration_lock'].includes(name))
      continue;
    const result = await sql<{ n: string }>`select count(*) as n from ${sql.table(name)}`.execute(t.database.db);
    counts[name] = Number(result.rows[0]?.n);
  }
  return counts;
}

/** The real companies as stored, with their buildings' rows (counters and versions included). */
async function realCompanies() {
  const db = t.database.db;
  return {
    tenants: await db.selectFrom('tenants').selectAll().orderBy('id').execute(),
    buildings: await db.selectFrom('buildings').selectAll().orderBy('id').execute(),
  };
}

describe('GET /stresstest', () => {
  it('answers at once, checks visitors in and out, and leaves no row behind nor a real company changed', async () => {
    const before = await rowCounts();
    const companies = await realCompanies();
    const response = await start(12, 1);
    expect(response.statusCode).toBe(200);
    const started = jsonOf<{ performing: boolean; run: SelfTestRun }>(response);
    expect(started).toMatchObject({ performing: true, run: { status: 'running', count: 12, durationS: 1 } });

    await selfTestEnded(started.run.id);
    const run = await status();
    expect(run).toMatchObject({ id: started.run.id, status: 'done', done: 12, errors: 0, error: null });
    const result = run?.result;
    if (!result) throw new Error('the run has no figures');
    expect(result).toMatchObject({ operations: 24, errors: 0, errorSamples: [] });
    expect(result.throughput).toBeGreaterThan(0);
    expect(result.p50Ms).toBeGreaterThan(0);
    expect(result.p99Ms).toBeGreaterThanOrEqual(result.p95Ms);
    const perSecond = result.perSecond;
    expect(perSecond.reduce((sum, second) => sum + second.operations, 0)).toBe(24);

    expect(await rowCounts()).toEqual(before);
    expect(await realCompanies()).toEqual(companies);
  }, 60_000);

  it('refuses a second run while one runs, on any instance: 409 STRESSTEST_RUNNING', async () => {
    const first = jsonOf<{ run: SelfTestRun }>(await start(4, 2));
    const second = await start(4, 1);
    expect({ status: second.statusCode, code: jsonOf(second).errorCode }).toEqual({
      status: 409,
      code: 'STRESSTEST_RUNNING',
    });
    // Meanwhile its company is nobody's to choose or list.
    const admin = { authorization: `Bearer ${seed.tokens.ROLE_ADMIN}` };
    const choices = await t.app.inject({ method: 'GET', url: '/service/selectTenant', headers: admin });
    const listed = await t.app.inject({ method: 'GET', url: '/service/tenant?limit=100', headers: admin });
    for (const response of [choices, listed]) {
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('Self-test');
    }
    const running = await t.database.db.selectFrom('tenants').select('name').where('self_test', '=', true).execute();
    expect(running.map((row) => row.name.slice(0, 10))).toEqual(['Self-test ']);
    await selfTestEnded(first.run.id);
    expect(await status()).toMatchObject({ id: first.run.id, status: 'done' });
  }, 60_000);

  it('bounds count and duration, and is for administrators only', async () => {
    const bounds: [number, number][] = [
      [0, 1],
      [2001, 1],
      [1, 0],
      [1, 301],
    ];
    for (const [count, duration] of bounds) expect((await start(count, duration)).statusCode).toBe(400);
    expect((await start(1, 1, 'ROLE_MASTER')).statusCode).toBe(403);
  });

  it('removes what an interrupted run left, at the next start', async () => {
    const db = t.database.db;
    const before = await rowCounts();
    // A run whose instance stopped mid-run: still "running", its heartbeat long silent.
    const tenantId = uuidv7();
    await insertSelfTestTenant(db, tenantId, 'Self-test interrupted');
    await insertSelfTestBuilding(db, { id: uuidv7(), tenantId, name: 'Self-test interrupted', settings: {} });
    const stale = uuidv7();
    await db
      .insertInto('self_test_runs')
      .values({
        id: stale,
        status: 'running',
        tenant_id: tenantId,
        count: 10,
        duration_s: 10,
        instance: 'gone:1',
        started_at: new Date(Date.now() - 600_000),
        heartbeat_at: new Date(Date.now() - 600_000),
      })
      .execute();
    // The server's start does the same as a new run's start.
    expect(await removeSelfTestLeftovers({ db })).toBe(1);
    const interrupted = await db.selectFrom('self_test_runs').select('status').where('id', '=', stale).execute();
    expect(interrupted).toEqual([{ status: 'interrupted' }]);
    expect(await db.selectFrom('tenants').select('id').where('id', '=', tenantId).execute()).toEqual([]);
    expect(await rowCounts()).toEqual(before);
  });

  it('never deletes a real company, even one named like a self-test', async () => {
    const db = t.database.db;
    const real = await createTenant(db, { name: 'Self-test lookalike' });
    expect(await removeSelfTestLeftovers({ db })).toBe(0);
    expect(await db.selectFrom('tenants').select('name').where('id', '=', real).execute()).toEqual([
      { name: 'Self-test lookalike' },
    ]);
  });
});
