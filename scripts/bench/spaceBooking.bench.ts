// Space booking on a busy floor, on a PostgreSQL server (docs/space-booking.md): a floor of 500
// spaces (desks, a tenth of them meeting rooms) with a year of bookings, six months behind and six
// ahead: each desk booked most weekdays (a WEEKDAYS series a week), each room four meetings a
// day. The same company has a second such floor and another company a third, so every query has
// rows to keep apart (about 400,000 occurrences in all). Measured through the real Fastify app
// (inject: routing, the auth hook, validation, the queries, the answer's schema and JSON) as the
// company's master:
// - the map's availability of a time slot: the floor's occurrences overlapping one hour;
// - the week calendar of the floor (its first page of 1000) and of one meeting room.
// BENCH_RUNS calls after a warm-up; p50, p95 and max against the 50 ms target (p95), and the
// ratio to it. BENCH_POSTGRES_URL uses a running server instead of starting one (a database of
// its own is created there). A benchmark, not a test.
import { availableParallelism, loadavg } from 'node:os';
import { sql } from 'kysely';
import { buildApp, type DatabaseHandle, loadConfig, migrateToLatest, openDatabase } from '@vestibule/server';
import { TEST_PASSWORD, createBuilding, createFloor, createTenant, createUser } from '@vestibule/server/testing';
import { createDatabase, startPostgres } from '../src/lib/postgres.ts';
import { type CallFigures, measureCalls } from './lib/stats.ts';

const SPACES = Number(process.env.BENCH_SPACES ?? 500);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const TARGET_MS = 50;
const DAY = 86_400_000;

/** The Monday of the week holding `moment`, at 00:00 UTC. */
function mondayOf(moment: Date): Date {
  const day = new Date(Date.UTC(moment.getUTCFullYear(), moment.getUTCMonth(), moment.getUTCDate()));
  return new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * DAY);
}

/** A floor of `SPACES` spaces and its year of bookings; answers its id and a room's. */
async function fillFloor(database: DatabaseHandle, tenantId: string, buildingId: string, hostId: string, name: string) {
  const db = database.db;
  const floorId = await createFloor(db, tenantId, buildingId, name);
  await sql`insert into spaces (id, tenant_id, floor_id, name, kind, capacity, color, shape)
    select gen_random_uuid(), ${tenantId}::uuid, ${floorId}::uuid,
      case when k % 10 = 0 then 'Room ' else 'Desk ' end || lpad(k::text, 4, '0'),
      case when k % 10 = 0 then 'ROOM' else 'DESK' end, case when k % 10 = 0 then 8 else 1 end, '#2e7d32',
      jsonb_build_object('kind', 'rect', 'x', 0.01 + (k % 25) * 0.039, 'y', 0.01 + (k / 25) * 0.048,
        'width', 0.03, 'height', 0.04)
    from generate_series(0, ${sql.lit(SPACES - 1)}) as k`.execute(db);
  const first = mondayOf(new Date(Date.now() - 182 * DAY));
  // Desks: a WEEKDAYS series each week, 08:30 to 17:30 UTC, for three desks in four; the days
  // past approved, a few cancelled. Rooms: a series a day of four one-hour meetings.
  await sql`with weeks as (
      select s.id as space_id, s.kind, w, ${first}::timestamptz + (w * 7 || ' days')::interval as monday,
        gen_random_uuid() as series_id
      from spaces s cross join generate_series(0, 52) as w
      where s.floor_id = ${floorId} and (s.kind = 'ROOM' or abs(hashtext(s.id::text || w)) % 4 <> 0)
    ), series as (
      insert into space_booking_series (id, tenant_id, space_id, host_id, created_by, title, repeat, repeat_until, time_zone)
      select series_id, ${tenantId}::uuid, space_id, ${hostId}::uuid, ${hostId}::uuid,
        case when kind = 'ROOM' then 'Meetings' else 'Desk' end,
        case when kind = 'ROOM' then 'NONE' else 'WEEKDAYS' end, (monday + interval '4 days')::date, 'UTC'
      from weeks
    )
    insert into space_bookings (id, series_id, occurrence, tenant_id, space_id, starts_at, ends_at, status)
    select gen_random_uuid(), series_id, row_number() over (partition by series_id order by d, slot), ${tenantId}::uuid,
      space_id, starts_at, starts_at + case when kind = 'ROOM' then interval '1 hour' else interval '9 hours' end,
      case when (d + slot + w) % 37 = 0 then 'CANCELLED' else 'APPROVED' end
    from weeks cross join generate_series(0, 4) as d
      cross join lateral (select slot, monday + (d || ' days')::interval
        + case when kind = 'ROOM' then (9 + slot * 2 || ' hours')::interval else interval '8 hours 30 minutes' end as starts_at
        from generate_series(0, case when kind = 'ROOM' then 3 else 0 end) as slot) as slots`.execute(db);
  const room = await db
    .selectFrom('spaces')
    .select('id')
    .where('floor_id', '=', floorId)
    .where('kind', '=', 'ROOM')
    .orderBy('name')
    .executeTakeFirstOrThrow();
  return { floorId, roomId: room.id };
}

async function fillCompany(database: DatabaseHandle, name: string, floors: number) {
  const db = database.db;
  const tenantId = await createTenant(db, { name });
  const master = await createUser(db, { tenantId, role: 'ROLE_MASTER' });
  const buildingId = await createBuilding(db, tenantId, `${name} tower`);
  const filled = [];
  for (let f = 0; f < floors; f++)
    filled.push(await fillFloor(database, tenantId, buildingId, master.id, `${name} level ${f + 1}`));
  return { master: master.username, ...filled[0]! };
}

const external = process.env.BENCH_POSTGRES_URL;
const server = external ? { url: external, stop: async () => {} } : await startPostgres();
try {
  const database = await openDatabase({
    databaseUrl: await createDatabase(server, `vestibule_bench_booking_${Date.now()}`),
    dataDir: 'memory://',
    poolSize: 10,
  });
  try {
    await migrateToLatest(database.db);
    const started = performance.now();
    const company = await fillCompany(database, 'Atlas Group', 2);
    await fillCompany(database, 'Borealis', 1);
    // As a server's autovacuum leaves a loaded table: analysed, its visibility map set.
    await sql`vacuum analyze`.execute(database.db);
    const { n } = await database.db
      .selectFrom('space_bookings')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    console.log(
      `filled 3 floors of ${SPACES} spaces with ${Number(n).toLocaleString('en')} occurrences in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const config = loadConfig({ DATA_DIR: 'memory://', LOG_LEVEL: 'silent', VESTIBULE_DEMO: '0' });
    const app = await buildApp({ config, database, logger: false });
    try {
      await app.ready();
      const login = await app.inject({
        method: 'POST',
        url: '/service/login',
        payload: { username: company.master, password: TEST_PASSWORD },
      });
      if (login.statusCode !== 200) throw new Error(`login: ${login.body}`);
      const headers = {
        authorization: `Bearer ${(login.json() as { token: string }).token}`,
        'accept-encoding': 'identity',
      };
      // Next week's Tuesday, 10:00 to 11:00 UTC, and that week.
      const monday = mondayOf(new Date(Date.now() + 7 * DAY));
      const slotFrom = new Date(monday.getTime() + DAY + 10 * 3_600_000).toISOString();
      const slotTo = new Date(monday.getTime() + DAY + 11 * 3_600_000).toISOString();
      const weekFrom = monday.toISOString();
      const weekTo = new Date(monday.getTime() + 7 * DAY).toISOString();
      const calls: [string, Record<string, string>][] = [
        [
          "map: a slot's occurrences on the floor",
          { floorId: company.floorId, from: slotFrom, to: slotTo, limit: '1000' },
        ],
        [
          'week calendar of the floor (first 1000)',
          { floorId: company.floorId, from: weekFrom, to: weekTo, limit: '1000', status: 'all' },
        ],
        ['week calendar of a meeting room', { spaceId: company.roomId, from: weekFrom, to: weekTo, limit: '1000' }],
      ];
      const rows: [string, CallFigures, number][] = [];
      for (const [name, query] of calls) {
        const answer = await app.inject({ method: 'GET', url: '/service/spacebooking', query, headers });
        const total = (answer.json() as { totalDocs: number }).totalDocs;
        rows.push([
          name,
          await measureCalls(() => app.inject({ method: 'GET', url: '/service/spacebooking', query, headers }), RUNS),
          total,
        ]);
      }
      const [load1] = loadavg();
      console.log(`\nload average ${load1?.toFixed(1)} on ${availableParallelism()} cores while measuring`);
      console.log(
        `\nGET /spacebooking on a floor of ${SPACES} spaces with a year of bookings, PostgreSQL, ${RUNS} calls each (p95 target ${TARGET_MS} ms):`,
      );
      for (const [name, f, total] of rows)
        console.log(
          `  ${name.padEnd(42)} ${String(total).padStart(5)} rows  p50 ${f.p50.toFixed(1).padStart(6)} ms  p95 ${f.p95
            .toFixed(1)
            .padStart(
              6,
            )} ms  max ${f.max.toFixed(1).padStart(6)} ms  ${(f.bytes / 1024).toFixed(0).padStart(4)} KB  p95/target ${(
            f.p95 / TARGET_MS
          ).toFixed(2)}  ${f.p95 <= TARGET_MS ? 'ok' : 'OVER TARGET'}`,
        );
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
} finally {
  await server.stop();
}
