// The attendance report and the entry report at a million visits, on a PostgreSQL server: the
// target building (Europe/Paris) has 5,000 people of the directory (4,000 employees, 1,000
// residents, in 20 departments) who each came in on about 70% of the working days of the last 120
// days (about 300,000 visits, a tenth of them checked in twice a day), and 100,000 walk-ins and
// invited visitors with hosts of its directory and visitors' companies; other companies' buildings
// hold the rest of the BENCH_VISITS visits (1,000,000), interleaved in time as a real table grows.
//
// Measured through the reports' services as the routes call them (the route adds only parsing and
// JSON), BENCH_RUNS runs after a warm-up, p50, p95 and max against the 200 ms target: the
// attendance report of the last full month for the 5,000 people (first page, by name; by rate; the
// never-seen filter; one department; the people CSV), and the entry report of the last 90 days
// grouped by host, company, type and day, and one host's visits (the drill-down's first page).
// Each query's EXPLAIN ANALYZE is printed once (BENCH_EXPLAIN=0 leaves them out). BENCH_POSTGRES_URL
// uses a running server instead of starting one (its database is kept), BENCH_REUSE=<database URL>
// measures again the data a run of the last hour left there; BENCH_ONLY=<regexp> keeps the queries whose name matches. A benchmark, not a test.
import { sql } from 'kysely';
import { type DatabaseHandle, migrateToLatest, openDatabase, type ServerContext } from '@vestibule/server';
import {
  type VisitCaller,
  attendanceReport,
  entryReport,
  entryReportVisits,
  refreshStatistics,
} from '@vestibule/server/bench';
import { createBuilding, createTenant } from '@vestibule/server/testing';
import { createDatabase, startPostgres } from '../src/lib/postgres.ts';
import { capturedStatements, explainStatement } from './lib/plans.ts';
import { percentile } from './lib/stats.ts';

const VISITS = Number(process.env.BENCH_VISITS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const WARMUP = 3;
const TARGET_MS = 200;
const PEOPLE = 5_000;
const EXPLAIN = process.env.BENCH_EXPLAIN !== '0';
const REUSE = process.env.BENCH_REUSE;
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : undefined;
const DAYS = 120;
const ZONE = 'Europe/Paris';

const day = (date: Date) => date.toISOString().slice(0, 10);

async function fill(database: DatabaseHandle, now: Date) {
  const db = database.db;
  const tenantId = await createTenant(db, { name: 'Atlas Group' });
  const buildingId = await createBuilding(db, tenantId, 'Atlas Tower');
  await sql`update buildings set settings = settings || ${JSON.stringify({ timeZoneId: ZONE, workingDays: [1, 2, 3, 4, 5] })}::jsonb
    where id = ${buildingId}`.execute(db);
  const at = sql`${now}::timestamptz`;
  // The directory: employees then residents, in 20 departments; a few join or leave mid-period.
  await sql`insert into people (id, tenant_id, building_id, first_name, last_name, email, visitor_type, department,
      valid_from, valid_to, default_duration, locale, pass_identifier)
    select md5('person' || k)::uuid, ${tenantId}::uuid, ${buildingId}::uuid, 'First' || k, 'Last' || lpad(k::text, 5, '0'),
      'p' || k || '@atlas.example', case when k <= 4000 then 'EMPLOYEE' else 'RESIDENT' end, 'Department ' || (k % 20),
      case when k % 50 = 0 then (${at} - interval '20 days')::date end,
      case when k % 70 = 0 and k % 50 <> 0 then (${at} - interval '40 days')::date end,
      case when k <= 4000 then 480 end, 'en', md5('pass' || k)
    from generate_series(1, ${sql.lit(PEOPLE)}) as k`.execute(db);
  // The people's days: about 70% of the working days, on the building's clock, a tenth twice.
  await sql`insert into visits (id, tenant_id, building_id, identifier, public_identifier, pin, visitor_type, person_id,
      first_name, last_name, company_name, checked_in_at, checked_out_at, source, checkout_method, created_at)
    select gen_random_uuid(), ${tenantId}::uuid, ${buildingId}::uuid, 'P' || lpad((row_number() over ())::text, 9, '0'),
      md5('p-visit' || k || d || n), '1234', case when k <= 4000 then 'EMPLOYEE' else 'RESIDENT' end, md5('person' || k)::uuid,
      'First' || k, 'Last' || lpad(k::text, 5, '0'), 'Atlas Group', came, case when came + interval '8 hours' < ${at} then came + interval '8 hours' end,
      'KIOSK', 'KIOSK', came
    from generate_series(1, ${sql.lit(PEOPLE)}) as k
      cross join generate_series((${at} at time zone ${ZONE})::date - ${sql.lit(DAYS)}, (${at} at time zone ${ZONE})::date, interval '1 day') as d
      cross join generate_series(1, 2) as n
      cross join lateral (select ((d::date)::timestamp + interval '7 hours' + random() * interval '3 hours' + (n - 1) * interval '5 hours')
        at time zone ${ZONE} as came) c
    where extract(isodow from d) < 6 and random() < 0.7 and (n = 1 or random() < 0.1) and came < ${at}`.execute(db);
  const own = Number(
    (await sql<{ n: string }>`select count(*) as n from visits where building_id = ${buildingId}`.execute(db)).rows[0]
      ?.n,
  );
  // Visitors of the building: hosts of its directory (200 of them), 30 companies.
  const visitors = Math.min(100_000, Math.max(0, VISITS - own));
  await sql`insert into visits (id, tenant_id, building_id, identifier, public_identifier, pin, visitor_type,
      first_name, last_name, email, company_name, host, host_person_id, checked_in_at, checked_out_at, source, created_at)
    select gen_random_uuid(), ${tenantId}::uuid, ${buildingId}::uuid, 'W' || lpad(i::text, 9, '0'), md5('w-visit' || i), '1234',
      case when i % 5 = 0 then 'CONTRACTOR' else 'VISITOR' end, 'Guest' || (i % 9000), 'Visitor' || (i % 7000),
      'guest' || (i % 20000) || '@visitor.example', 'Company ' || (i % 30), 'First' || (1 + i % 200) || ' Last' || lpad((1 + i % 200)::text, 5, '0'),
      md5('person' || (1 + i % 200))::uuid, came, case when came + interval '90 minutes' < ${at} then came + interval '90 minutes' end,
      'KIOSK', came
    from generate_series(1, ${sql.lit(visitors)}) as i
      cross join lateral (select ${at} - interval '1 day' * ${sql.lit(DAYS)} * random() as came) c`.execute(db);
  // The rest: nine other companies' buildings.
  const rest = Math.max(0, VISITS - own - visitors);
  const others: string[] = [];
  for (let c = 0; c < 9; c++) {
    const other = await createTenant(db, { name: `Other ${c}` });
    others.push(await createBuilding(db, other, `Other ${c} HQ`));
  }
  const tenants = await db.selectFrom('buildings').select(['id', 'tenant_id']).where('id', 'in', others).execute();
  for (let from = 1; from <= rest; from += 100_000) {
    await sql`insert into visits (id, tenant_id, building_id, identifier, public_identifier, pin, visitor_type,
        first_name, last_name, company_name, host, checked_in_at, checked_out_at, source, created_at)
      select gen_random_uuid(), (${tenants.map((t) => t.tenant_id)}::uuid[])[1 + i % 9], (${tenants.map((t) => t.id)}::uuid[])[1 + i % 9],
        'O' || lpad(i::text, 9, '0'), md5('o-visit' || i), '1234', 'VISITOR', 'Guest' || i, 'Other', 'Company ' || (i % 40),
        'Host ' || (i % 150), came, came + interval '1 hour', 'KIOSK', came
      from generate_series(${sql.lit(from)}, ${sql.lit(Math.min(rest, from + 99_999))}) as i
        cross join lateral (select ${at} - interval '1 day' * ${sql.lit(DAYS)} * random() as came) c`.execute(db);
  }
  await refreshStatistics(db);
  await sql`vacuum analyze visits`.execute(db);
  await sql`vacuum analyze people`.execute(db);
  const total = (await sql<{ n: string }>`select count(*) as n from visits`.execute(db)).rows[0]?.n;
  return { tenantId, buildingId, total: Number(total), own: own + visitors };
}

/** The data set a previous run left in the BENCH_REUSE database (filled within the hour). */
async function filled(database: DatabaseHandle) {
  const { rows } = await sql<{ tenant_id: string; id: string; total: string; own: string }>`
    select b.tenant_id, b.id, (select count(*) from visits) as total,
      (select count(*) from visits v where v.building_id = b.id) as own
    from buildings b where b.name = 'Atlas Tower'`.execute(database.db);
  const row = rows[0];
  if (!row) throw new Error('BENCH_REUSE names a database without the benchmark data');
  return { tenantId: row.tenant_id, buildingId: row.id, total: Number(row.total), own: Number(row.own) };
}

interface Bench {
  name: string;
  run: (ctx: ServerContext) => Promise<unknown>;
}

async function measure(ctx: ServerContext, bench: Bench) {
  for (let i = 0; i < WARMUP; i++) await bench.run(ctx);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await bench.run(ctx);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), max: times.at(-1) ?? 0 };
}

async function plans(ctx: ServerContext, bench: Bench): Promise<string[]> {
  const statements = await capturedStatements(ctx.db, bench.name, (capturing) => bench.run({ ...ctx, db: capturing }));
  const out: string[] = [];
  for (const compiled of statements) {
    if (!/^\s*(select|with)/i.test(compiled.sql)) continue;
    out.push(await explainStatement(ctx.db, compiled, true));
  }
  return out;
}

async function benchOn(database: DatabaseHandle) {
  await migrateToLatest(database.db);
  const now = new Date();
  const started = performance.now();
  const { tenantId, buildingId, total, own } = REUSE ? await filled(database) : await fill(database, now);
  console.log(
    `filled ${total.toLocaleString('en')} visits (${own.toLocaleString('en')} in the target building, ${PEOPLE.toLocaleString('en')} people) in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  const ctx = { db: database.db } as ServerContext;
  const caller: VisitCaller = { tenantId, assignedTo: undefined };
  // The last full month on the building's clock, and the last 90 days.
  const today = new Date(now.toLocaleString('en-CA', { timeZone: ZONE }).slice(0, 10));
  const monthEnd = new Date(Date.UTC(today.getFullYear(), today.getMonth(), 0));
  const monthStart = new Date(Date.UTC(monthEnd.getUTCFullYear(), monthEnd.getUTCMonth(), 1));
  const month = { buildingIds: [buildingId], from: day(monthStart), to: day(monthEnd) };
  const quarter = { buildingIds: [buildingId], from: day(new Date(now.getTime() - 89 * 86_400_000)), to: day(now) };
  const host = (await entryReport(ctx, caller, { ...quarter, groupBy: 'host' })).groups[0]?.key ?? '';
  const benches: Bench[] = [
    {
      name: 'attendance, month, by name, first page',
      run: (c) => attendanceReport(c, caller, { ...month, limit: 50 }),
    },
    {
      name: 'attendance, month, lowest rate first',
      run: (c) => attendanceReport(c, caller, { ...month, sort: 'rate', limit: 50 }),
    },
    {
      name: 'attendance, month, never seen',
      run: (c) => attendanceReport(c, caller, { ...month, neverSeen: 'true', limit: 50 }),
    },
    {
      name: 'attendance, month, one department',
      run: (c) => attendanceReport(c, caller, { ...month, department: 'Department 7', limit: 50 }),
    },
    { name: 'entries, 90 days, by host', run: (c) => entryReport(c, caller, { ...quarter, groupBy: 'host' }) },
    { name: 'entries, 90 days, by company', run: (c) => entryReport(c, caller, { ...quarter, groupBy: 'company' }) },
    { name: 'entries, 90 days, by type', run: (c) => entryReport(c, caller, { ...quarter, groupBy: 'type' }) },
    { name: 'entries, 90 days, by day', run: (c) => entryReport(c, caller, { ...quarter, groupBy: 'day' }) },
    {
      name: "entries, 90 days, a host's visits (first page)",
      run: (c) => entryReportVisits(c, caller, { ...quarter, groupBy: 'host', key: host, limit: 50 }),
    },
  ];
  if (ONLY) benches.splice(0, benches.length, ...benches.filter((bench) => ONLY.test(bench.name)));
  console.log(`attendance month ${month.from}..${month.to}; entries ${quarter.from}..${quarter.to}`);
  console.log(
    `${'query'.padEnd(50)} ${'p50'.padStart(8)} ${'p95'.padStart(8)} ${'max'.padStart(8)}  target ${TARGET_MS} ms`,
  );
  for (const bench of benches) {
    const figures = await measure(ctx, bench);
    const ms = (value: number) => `${value.toFixed(1)}`.padStart(8);
    console.log(
      `${bench.name.padEnd(50)} ${ms(figures.p50)} ${ms(figures.p95)} ${ms(figures.max)}  ${figures.p95 <= TARGET_MS ? 'ok' : 'OVER'}`,
    );
  }
  if (EXPLAIN) {
    for (const bench of benches) {
      console.log(`\n--- ${bench.name}`);
      for (const plan of await plans(ctx, bench)) console.log(plan, '\n');
    }
  }
}

const external = process.env.BENCH_POSTGRES_URL;
const server = external || REUSE ? { url: external ?? '', stop: async () => {} } : await startPostgres();
try {
  const database = await openDatabase({
    databaseUrl: REUSE ?? (await createDatabase(server, `vestibule_bench_absence_${Date.now()}`)),
    dataDir: 'memory://',
    poolSize: 10,
  });
  try {
    await benchOn(database);
  } finally {
    await database.close();
  }
} finally {
  await server.stop();
}
