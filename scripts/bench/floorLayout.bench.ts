// A floor's map with 500 spaces, on a PostgreSQL server: the two calls the admin's map view makes
// when it opens a floor, GET /space/byFloorId/{id} (the spaces with their shapes) and
// GET /floor/{id}/layout (the floor with its plan's address and size, and the same spaces),
// measured through the real Fastify app (inject: routing, the auth hook with its tenant and
// ownership checks, validation, the queries, the answer's serialisation) as a company master
// and as a supervisor of the building. The floor's company has 20 floors of 500 spaces in five
// buildings, rooms and desks, a third of them with approvers and bookings to come (counted in
// every answer), beside another company of the same size, so every query has rows to keep apart.
// BENCH_RUNS calls after a warm-up; p50, p95 and max against the 30 ms target (p95), and the ratio
// to it. BENCH_POSTGRES_URL uses a running server instead of starting one (a database of its own
// is created there). A benchmark, not a test.
import { availableParallelism, loadavg } from 'node:os';
import { sql } from 'kysely';
import { buildApp, type DatabaseHandle, loadConfig, migrateToLatest, openDatabase } from '@vestibule/server';
import { getLayout, spacesOfFloor } from '@vestibule/server/bench';
import { floorLayoutSchema } from '@vestibule/shared';
import {
  TEST_PASSWORD,
  assignBuildings,
  createBuilding,
  createFloor,
  createTenant,
  createUser,
  plainPng,
} from '@vestibule/server/testing';
import { createDatabase, startPostgres } from '../src/lib/postgres.ts';
import { type CallFigures, measureCalls, percentile } from './lib/stats.ts';

const SPACES = Number(process.env.BENCH_SPACES ?? 500);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const WARMUP = 20;
const TARGET_MS = 30;
const FLOORS_PER_BUILDING = 4;
const BUILDINGS = 5;

/** A company of five buildings, four floors each, `SPACES` spaces a floor; answers its first floor. */
async function fill(database: DatabaseHandle, name: string) {
  const db = database.db;
  const tenantId = await createTenant(db, { name });
  const master = await createUser(db, { tenantId, role: 'ROLE_MASTER' });
  const supervisor = await createUser(db, { tenantId, role: 'ROLE_SUPERVISOR' });
  const floorIds: string[] = [];
  for (let b = 0; b < BUILDINGS; b++) {
    const buildingId = await createBuilding(db, tenantId, `${name} building ${b + 1}`);
    if (b === 0) await assignBuildings(db, supervisor.id, [buildingId]);
    for (let f = 0; f < FLOORS_PER_BUILDING; f++)
      floorIds.push(await createFloor(db, tenantId, buildingId, `Level ${f}`));
  }
  const plan = plainPng(1600, 1000);
  for (const floorId of floorIds) {
    await db
      .insertInto('floor_plans')
      .values({
        floor_id: floorId,
        key: `bench${floorId.replace(/-/g, '')}`,
        content: plan,
        content_type: 'image/png',
        width: 1600,
        height: 1000,
        bytes: plan.length,
      })
      .execute();
  }
  // Desks in rows of 25 (a tenth are rooms drawn as polygons); every third has both approvers.
  await sql`insert into spaces (id, tenant_id, floor_id, name, kind, capacity, color, description,
      approver1_id, approver2_id, shape)
    select gen_random_uuid(), ${tenantId}::uuid, f.id, case when k % 10 = 0 then 'Room ' else 'Desk ' end || lpad(k::text, 4, '0'),
      case when k % 10 = 0 then 'ROOM' else 'DESK' end, case when k % 10 = 0 then 8 else 1 end,
      case when k % 10 = 0 then '#1565c0' else '#2e7d32' end, case when k % 7 = 0 then 'Near the window' end,
      case when k % 3 = 0 then ${master.id}::uuid end, case when k % 3 = 0 then ${supervisor.id}::uuid end,
      case when k % 10 = 0 then jsonb_build_object('kind', 'polygon', 'points', jsonb_build_array(
          jsonb_build_object('x', 0.01 + (k % 25) * 0.039, 'y', 0.01 + (k / 25) * 0.048),
          jsonb_build_object('x', 0.04 + (k % 25) * 0.039, 'y', 0.01 + (k / 25) * 0.048),
          jsonb_build_object('x', 0.025 + (k % 25) * 0.039, 'y', 0.05 + (k / 25) * 0.048)))
        else jsonb_build_object('kind', 'rect', 'x', 0.01 + (k % 25) * 0.039, 'y', 0.01 + (k / 25) * 0.048,
          'width', 0.03, 'height', 0.04) end
    from unnest(${sql.val(floorIds)}::uuid[]) as f(id) cross join generate_series(0, ${sql.lit(SPACES - 1)}) as k`.execute(
    db,
  );
  // Bookings: past ones everywhere, to come on a third of the spaces.
  // Each booking a series of one occurrence, under the same id.
  await sql`with made as (
      select gen_random_uuid() as id, s.tenant_id, s.id as space_id, now() + (d || ' days')::interval as starts_at
      from spaces s cross join generate_series(-5, 3) as d
      where s.tenant_id = ${tenantId} and (d < 0 or abs(hashtext(s.id::text)) % 3 = 0)
    ), series as (
      insert into space_booking_series (id, tenant_id, space_id) select id, tenant_id, space_id from made
    )
    insert into space_bookings (id, series_id, tenant_id, space_id, starts_at, ends_at, status)
    select id, id, tenant_id, space_id, starts_at, starts_at + interval '1 hour', 'APPROVED' from made`.execute(db);
  return { tenantId, floorId: floorIds[0]!, master: master.username, supervisor: supervisor.username };
}

type Figures = CallFigures;

async function timed(call: () => Promise<unknown> | unknown): Promise<Figures> {
  for (let i = 0; i < WARMUP; i++) await call();
  const latencies: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await call();
    latencies.push(performance.now() - started);
  }
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p95: percentile(latencies, 95), max: latencies.at(-1) ?? 0, bytes: 0 };
}

const external = process.env.BENCH_POSTGRES_URL;
const server = external ? { url: external, stop: async () => {} } : await startPostgres();
try {
  const database = await openDatabase({
    databaseUrl: await createDatabase(server, `vestibule_bench_floors_${Date.now()}`),
    dataDir: 'memory://',
    poolSize: 10,
  });
  try {
    await migrateToLatest(database.db);
    const filled = performance.now();
    const company = await fill(database, 'Atlas Group');
    await fill(database, 'Borealis');
    // As a server's autovacuum leaves a loaded table: analysed, its visibility map set (index-only scans).
    await sql`vacuum analyze`.execute(database.db);
    console.log(
      `filled ${2 * BUILDINGS * FLOORS_PER_BUILDING} floors of ${SPACES} spaces in ${((performance.now() - filled) / 1000).toFixed(1)} s`,
    );
    const config = loadConfig({ DATA_DIR: 'memory://', LOG_LEVEL: 'silent', VESTIBULE_DEMO: '0' });
    const app = await buildApp({ config, database, logger: false });
    try {
      await app.ready();
      const tokenOf = async (username: string) => {
        const response = await app.inject({
          method: 'POST',
          url: '/service/login',
          payload: { username, password: TEST_PASSWORD },
        });
        if (response.statusCode !== 200) throw new Error(`login of ${username}: ${response.body}`);
        return (response.json() as { token: string }).token;
      };
      const callers = { master: await tokenOf(company.master), supervisor: await tokenOf(company.supervisor) };
      const rows: [string, Figures][] = [];
      for (const [role, token] of Object.entries(callers)) {
        for (const url of [
          `/service/space/byFloorId/${company.floorId}`,
          `/service/floor/${company.floorId}/layout`,
          // The picker (names only): what any signed-in call of this floor costs besides its spaces.
          `/service/space/list/${company.floorId}`,
        ]) {
          const figures = await measureCalls(
            () =>
              app.inject({
                method: 'GET',
                url,
                headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' },
              }),
            RUNS,
            WARMUP,
          );
          rows.push([
            `${role.padEnd(10)} GET ${url.replace(company.floorId, '{id}').replace('/service', '')}`,
            figures,
          ]);
        }
      }
      // Where the time goes: the service (the queries and the mapping), the answer's check against
      // its contract schema, and its JSON.
      const spaces = await spacesOfFloor(app.ctx, company.tenantId, company.floorId);
      const layout = await getLayout(app.ctx, company.tenantId, company.floorId);
      const parts: [string, Figures][] = [
        ['service spacesOfFloor', await timed(() => spacesOfFloor(app.ctx, company.tenantId, company.floorId))],
        ['service getLayout', await timed(() => getLayout(app.ctx, company.tenantId, company.floorId))],
        ['schema check of the spaces', await timed(() => floorLayoutSchema.shape.spaces.parse(spaces))],
        ['schema check of the layout', await timed(() => floorLayoutSchema.parse(layout))],
        ['JSON of the layout', await timed(() => JSON.stringify(layout))],
      ];
      console.log('\nParts, in process:');
      for (const [name, f] of parts)
        console.log(
          `  ${name.padEnd(44)} p50 ${f.p50.toFixed(1).padStart(6)} ms  p95 ${f.p95.toFixed(1).padStart(6)} ms`,
        );
      const [load1] = loadavg();
      console.log(`\nload average ${load1?.toFixed(1)} on ${availableParallelism()} cores while measuring`);
      console.log(
        `\nA floor of ${SPACES} spaces on PostgreSQL, ${RUNS} calls each through the Fastify app (p95 target ${TARGET_MS} ms):`,
      );
      for (const [name, f] of rows) {
        const verdict = name.includes('/space/list/') ? '(reference)' : f.p95 <= TARGET_MS ? 'ok' : 'OVER TARGET';
        console.log(
          `  ${name.padEnd(44)} p50 ${f.p50.toFixed(1).padStart(6)} ms  p95 ${f.p95.toFixed(1).padStart(6)} ms  max ${f.max
            .toFixed(1)
            .padStart(
              6,
            )} ms  ${(f.bytes / 1024).toFixed(0).padStart(4)} KB  p95/target ${(f.p95 / TARGET_MS).toFixed(2)}  ${verdict}`,
        );
      }
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
} finally {
  await server.stop();
}
