// The building report at a million visits, on a PostgreSQL server: 20 companies and their
// buildings (the entry log bench's shape: the target company has a fifth of the visits, its tower
// 60% of that, 120,000), BENCH_VISITS visits (1,000,000) made over the last 180 days, so a 90-day
// report has 90 days of history before it (returning visitors are looked up there), filled by
// bulk INSERT ... SELECT over generate_series in chunks, in the order they were made. The mix:
// 56% walk-ins in for 15 min to 5 h, out by hand or by the automatic check-out (15%), the last
// hours' still inside; 41.5% invitations 1 to 7 days ahead, 82% came, 8% cancelled, the rest
// no-shows; 2.5% refused at the door. Each building's visitors come from a pool a quarter the size
// of its visits (by e-mail: about four visits each), hosts from 200 names, companies from 30.
//
// The migrations mark every day of the fill dirty (or, on a fresh fill, the visits' trigger does);
// the rollups' job then rebuilds them all, as a deployment has them, before anything is measured.
//
// Measured, through the service as the route calls it (the route adds parsing and JSON): the
// tower's last 90 days (target p95 200 ms), the target company's five buildings side by side over
// 90 days, the tower over the last 30 days and over a whole year. BENCH_RUNS runs each after a
// warm-up; p50, p95 and max are printed, with the tower's visits in the period, and every
// statement's EXPLAIN ANALYZE of the 90-day tower report. BENCH_EMBEDDED=1 also runs it on the
// embedded database (BENCH_EMBEDDED_VISITS, 200,000 by default: its fill is slow); BENCH_POSTGRES=0
// skips the server; BENCH_POSTGRES_URL uses a running server instead of starting one and leaves the
// bench's database there, BENCH_REUSE=1 queries it again without filling. A benchmark, not a test.
import { sql } from 'kysely';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '@vestibule/server';
import { type ReportCaller, buildingReport, rebuildDirtyRollups, refreshStatistics } from '@vestibule/server/bench';
import { createBuilding, createTenant, createUser } from '@vestibule/server/testing';
import { createDatabase, startPostgres } from '../src/lib/postgres.ts';
import { capturedStatements, explainStatement } from './lib/plans.ts';
import { percentile } from './lib/stats.ts';
import { visitorCompanies } from './lib/names.ts';

const VISITS = Number(process.env.BENCH_VISITS ?? 1_000_000);
const EMBEDDED_VISITS = Number(process.env.BENCH_EMBEDDED_VISITS ?? 200_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const WARMUP = 3;
const TARGET_MS = 200;
const CHUNK = 50_000;
const SPAN_DAYS = 180;
const DAY = 86_400_000;
const REUSE = process.env.BENCH_REUSE === '1' && process.env.BENCH_POSTGRES_URL !== undefined;

const companies = [
  'Atlas Group',
  'Borealis Bank',
  'Cedar Health',
  'Delta Foods',
  'Evergreen Energy',
  'Falcon Air',
  'Granite Insurance',
  'Harbor Logistics',
  'Iris Media',
  'Juniper Labs',
  'Keystone Legal',
  'Lumen Retail',
  'Maple Telecom',
  'Nimbus Cloud',
  'Orion Motors',
  'Pioneer Steel',
  'Quartz Pharma',
  'Redwood Realty',
  'Summit Hotels',
  'Titan Works',
];

interface Building {
  id: string;
  tenantId: string;
  visits: number;
}

/** The visits of each company's buildings: the target a fifth (its tower 60% of that), the others the rest. */
function plan(total: number): { name: string; shares: number[] }[] {
  const target = Math.round(total / 5);
  const each = Math.floor((total - target) / (companies.length - 1));
  return companies.map((name, c) => {
    if (c === 0) return { name, shares: [0.6, 0.125, 0.075, 0.15, 0.05].map((share) => Math.round(target * share)) };
    const count = 3 + (c % 2);
    return { name, shares: Array.from({ length: count }, () => Math.floor(each / count)) };
  });
}

async function fillVisits(
  database: DatabaseHandle,
  buildings: Building[],
  slots: number[],
  from: number,
  to: number,
  total: number,
  now: Date,
) {
  const at = sql`${now}::timestamptz`;
  await sql`insert into visits (id, tenant_id, building_id, identifier, public_identifier, pin, visitor_type,
      first_name, last_name, email, phone, company_name, host, scheduled_at, scheduled_duration, checked_in_at,
      checked_out_at, cancelled_at, allowed, refusal_reason, source, is_invitation, checkout_method, created_at)
    with drawn as (
      select i, random() as r, random() as r2, random() as r3, random() as r4, random() as r5,
        (${slots}::int[])[1 + floor(random() * ${sql.lit(slots.length)})::int] as b,
        ${at} - interval '1 day' * ${sql.lit(SPAN_DAYS)} * (1 - i::float8 / ${sql.lit(total)}) as made
      from generate_series(${sql.lit(from)}, ${sql.lit(to)}) as i
    ), kinds as (
      select drawn.*, (${buildings.map((b) => b.id)}::uuid[])[b] as building_id,
        (${buildings.map((b) => b.tenantId)}::uuid[])[b] as tenant_id,
        greatest(1, (${buildings.map((b) => b.visits)}::int[])[b] / 4) as pool,
        case when r < 0.56 then 'walkin' when r < 0.975 then 'invited' else 'refused' end as kind,
        (array['PT1H','PT1H','PT2H','PT2H','PT4H','PT8H',null])[1 + floor(r3 * 7)::int] as duration
      from drawn
    ), timed as (
      select kinds.*,
        case when kind = 'invited' then date_trunc('hour', made + (1 + r4 * 6) * interval '1 day') end as scheduled,
        (15 + r2 * r2 * 300) * interval '1 minute' as stay
      from kinds
    ), arrival as (
      select timed.*,
        case when kind = 'walkin' then made
          when kind = 'invited' and r5 < 0.82 and scheduled + (r2 * 40 - 10) * interval '1 minute' < ${at}
            then scheduled + (r2 * 40 - 10) * interval '1 minute' end as came
      from timed
    ), outcome as (
      select arrival.*,
        case when came is null then null
          when r4 < 0.15 and came + coalesce(duration::interval, interval '0') + interval '1 hour' < ${at}
            then came + coalesce(duration::interval, interval '0') + interval '1 hour'
          when r4 >= 0.15 and came + stay < ${at} then came + stay end as went,
        floor(r3 * r5 * pool)::int as visitor
      from arrival
    )
    select gen_random_uuid(), tenant_id, building_id, 'V' || lpad(i::text, 8, '0'), md5('visit' || i::text),
      lpad((i % 10000)::text, 4, '0'),
      case when r2 < 0.8 then 'VISITOR' when r2 < 0.95 then 'CONTRACTOR' else 'EMPLOYEE' end,
      'Visitor', 'No ' || visitor, 'visitor' || visitor || '@' || left(building_id::text, 8) || '.example',
      '+1 514 555 ' || lpad((visitor % 10000)::text, 4, '0'),
      (${visitorCompanies}::text[])[1 + visitor % ${sql.lit(visitorCompanies.length)}],
      'Host ' || (visitor * 7919) % 200,
      scheduled, duration, came, went,
      case when kind = 'invited' and came is null and r5 >= 0.92 then made end,
      kind <> 'refused', case when kind = 'refused' then 'ALERT_ANSWER' end,
      case when kind = 'invited' then 'STAFF' else 'KIOSK' end, kind = 'invited',
      case when went is null then null when r4 < 0.15 then 'AUTO_TIMEOUT' else 'KIOSK' end, made
    from outcome order by i`.execute(database.db);
}

async function fill(database: DatabaseHandle, total: number, now: Date): Promise<Building[][]> {
  const byCompany: Building[][] = [];
  for (const { name, shares } of plan(total)) {
    const tenantId = await createTenant(database.db, { name });
    const buildings: Building[] = [];
    for (const [index, visits] of shares.entries())
      buildings.push({ id: await createBuilding(database.db, tenantId, `${name} ${index + 1}`), tenantId, visits });
    byCompany.push(buildings);
  }
  const all = byCompany.flat();
  const slots = all.flatMap((b, index) => Array<number>(Math.round((b.visits / total) * 10_000)).fill(index + 1));
  for (let from = 1; from <= total; from += CHUNK)
    await fillVisits(database, all, slots, from, Math.min(total, from + CHUNK - 1), total, now);
  return byCompany;
}

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The target company's buildings of a database filled before (BENCH_REUSE=1), the tower first. */
async function filledTarget(database: DatabaseHandle): Promise<Building[]> {
  const rows = await sql<Building>`select b.id, b.tenant_id as "tenantId", count(v.id)::int as visits
    from buildings b join tenants t on t.id = b.tenant_id left join visits v on v.building_id = b.id
    where t.name = ${companies[0]} group by b.id, b.tenant_id order by b.name`.execute(database.db);
  return rows.rows;
}

async function benchOne(label: string, database: DatabaseHandle, total: number, reuse = false): Promise<void> {
  await migrateToLatest(database.db);
  const started = performance.now();
  const target = reuse ? await filledTarget(database) : ((await fill(database, total, new Date()))[0] as Building[]);
  await refreshStatistics(database.db);
  if (database.kind === 'postgres') await sql`vacuum analyze visits`.execute(database.db);
  const fillSeconds = (performance.now() - started) / 1000;
  // The daily rollups a deployment has: its job rebuilds every closed day the fill marked dirty.
  const rollupsStarted = performance.now();
  let rolledUp = 0;
  for (let batch = await rebuildDirtyRollups(database.db); batch > 0; batch = await rebuildDirtyRollups(database.db))
    rolledUp += batch;
  if (database.kind === 'postgres')
    await sql`vacuum analyze building_day_rollups, person_first_visits`.execute(database.db);
  const rollupSeconds = (performance.now() - rollupsStarted) / 1000;
  const tower = target[0]!;
  const supervisor = await createUser(database.db, { tenantId: tower.tenantId, role: 'ROLE_SUPERVISOR' });
  const ctx = { db: database.db } as Parameters<typeof buildingReport>[0];
  const corporate: ReportCaller = { tenantId: tower.tenantId, assignedTo: undefined };
  const today = Date.now();
  const last = (days: number) => ({ from: dayOf(today - (days - 1) * DAY), to: dayOf(today) });
  const cases = [
    { name: 'tower, 90 days', query: { buildingIds: [tower.id], ...last(90) } },
    { name: 'five buildings side by side, 90 days', query: { buildingIds: target.map((b) => b.id), ...last(90) } },
    { name: 'tower, 30 days', query: { buildingIds: [tower.id], ...last(30) } },
    { name: 'tower, a year', query: { buildingIds: [tower.id], ...last(365) } },
  ];
  console.log(
    `\n${label}: ${total.toLocaleString('en')} visits filled in ${fillSeconds.toFixed(0)} s; ${rolledUp.toLocaleString('en')} building-days rolled up in ${rollupSeconds.toFixed(0)} s; supervisor ${supervisor.id}`,
  );
  console.log('report                                   p50 ms   p95 ms   max ms   tower visits');
  for (const { name, query } of cases) {
    const times: number[] = [];
    let visits = 0;
    for (let i = 0; i < WARMUP + RUNS; i++) {
      const t0 = performance.now();
      const report = await buildingReport(ctx, corporate, query);
      const ms = performance.now() - t0;
      if (i >= WARMUP) times.push(ms);
      visits = report.buildings[0]!.totals.visits;
    }
    times.sort((a, b) => a - b);
    const p95 = percentile(times, 95);
    console.log(
      `${name.padEnd(40)} ${percentile(times, 50).toFixed(1).padStart(6)} ${p95.toFixed(1).padStart(8)} ${(times.at(-1) ?? 0).toFixed(1).padStart(8)}   ${visits.toLocaleString('en')}${name === 'tower, 90 days' ? (p95 <= TARGET_MS ? '  (target 200 ms: met)' : '  (target 200 ms: MISSED)') : ''}`,
    );
  }
  const statements = await capturedStatements(database.db, 'buildingReport', (capturing) =>
    buildingReport({ ...ctx, db: capturing }, corporate, cases[0]!.query),
  );
  for (const compiled of statements) {
    // The report's own statements; its settings (`set local`) apply to the EXPLAIN as to the report.
    if (!/^\s*(select|with)/i.test(compiled.sql)) continue;
    console.log(`\nEXPLAIN ANALYZE (${label}, tower, 90 days): ${compiled.sql.replace(/\s+/g, ' ').slice(0, 100)}...`);
    const plan = await database.db.transaction().execute(async (trx) => {
      await sql`set local jit = off`.execute(trx);
      await sql`set local work_mem = '64MB'`.execute(trx);
      return explainStatement(trx, compiled, true);
    });
    console.log(plan);
  }
}

if (process.env.BENCH_EMBEDDED === '1') {
  const embedded = await openDatabase({ databaseUrl: undefined, dataDir: 'memory://' });
  try {
    await benchOne('embedded PGlite', embedded, EMBEDDED_VISITS);
  } finally {
    await embedded.close();
  }
}

if (process.env.BENCH_POSTGRES !== '0') {
  // BENCH_POSTGRES_URL: a server already running, whose bench database is left there; with
  // BENCH_REUSE=1 the database a run left is queried again without filling.
  const external = process.env.BENCH_POSTGRES_URL;
  const server = external ? { url: external, stop: async () => {} } : await startPostgres();
  const name = 'vestibule_bench_building_report';
  try {
    const database = await openDatabase({
      databaseUrl: REUSE ? server.url.replace(/\/postgres$/, `/${name}`) : await createDatabase(server, name),
      dataDir: 'memory://',
      poolSize: 10,
    });
    try {
      await benchOne(`PostgreSQL server${REUSE ? ' (filled before)' : ''}`, database, VISITS, REUSE);
    } finally {
      await database.close();
    }
  } finally {
    await server.stop();
  }
}
