// The people directory's list and search with 100,000 people: a company of five
// buildings filled by bulk INSERT ... SELECT (names from fixed lists, most people employees, some
// contractors, residents and visitors, a few deactivated, some with a validity window, one in
// two with a visit in the last 20 days and today's still open, so the status column has rows to
// look at), beside another company of 20,000 so every query has a tenant to keep apart. Each
// query is what GET /people runs for the admin's People screen, called through the people
// service (the route adds only the query's parsing and the JSON): a page of 20 and the total, as
// a corporate user (the whole company) and as a supervisor (two assigned buildings of five).
// BENCH_RUNS runs a query (search terms vary from run to run) after a warm-up; p50 and p95 are
// printed with the process's peak resident memory; the target is p95 under 50 ms. On the
// embedded database (analysed, as the import and the statistics job leave it), then on a PostgreSQL server
// (analysed, as its autovacuum would). BENCH_EXPLAIN=1 prints each query's plan (EXPLAIN
// ANALYZE of the page and of the count); BENCH_EMBEDDED=0 or BENCH_POSTGRES=0 skips one
// database; BENCH_PEOPLE sets the size. A benchmark, not a test.
import { sql } from 'kysely';
import type { PeopleListQuery } from '@vestibule/shared';
import { buildApp, type DatabaseHandle, loadConfig, migrateToLatest } from '@vestibule/server';
import { type PeopleCaller, peoplePage, refreshStatistics } from '@vestibule/server/bench';
import { assignBuildings, createBuilding, createTenant, createUser } from '@vestibule/server/testing';
import { onEachDatabase } from './lib/databases.ts';
import { capturedStatements, explainStatement } from './lib/plans.ts';
import { mb, percentile } from './lib/stats.ts';

const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 100_000);
const OTHERS = Math.round(PEOPLE / 5);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const WARMUP = 10;
const TARGET_MS = 50;
const EXPLAIN = process.env.BENCH_EXPLAIN === '1';

const firstNames = [
  'Olivia',
  'Liam',
  'Emma',
  'Noah',
  'Amelia',
  'Oliver',
  'Sophia',
  'Elijah',
  'Charlotte',
  'James',
  'Ava',
  'William',
  'Isabella',
  'Benjamin',
  'Mia',
  'Lucas',
  'Evelyn',
  'Henry',
  'Harper',
  'Theodore',
  'Camille',
  'Louis',
  'Chloé',
  'Gabriel',
  'Léa',
  'Raphaël',
  'Manon',
  'Jules',
  'Lucía',
  'Mateo',
  'Sofía',
  'Santiago',
  'Valentina',
  'Diego',
  'Priya',
  'Arjun',
  'Aiko',
  'Kenji',
  'Amira',
  'Omar',
  'Fatima',
  'Yusuf',
  'Mei',
  'Wei',
  'Nadia',
  'Ivan',
  'Elena',
  'Mikhail',
  'Grace',
  'Samuel',
];
const lastNames = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Sanchez',
  'Clark',
  'Ramirez',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Torres',
  'Nguyen',
  'Hill',
  'Flores',
  'Green',
  'Adams',
  'Nelson',
  'Baker',
  'Hall',
  'Rivera',
  'Campbell',
  'Mitchell',
  'Carter',
  'Roberts',
  'Tremblay',
  'Gagnon',
  'Roy',
  'Côté',
  'Bouchard',
  'Gauthier',
  'Morin',
  'Lavoie',
  'Fortin',
  'Gagné',
  'Ouellet',
  'Pelletier',
  'Bélanger',
  'Lévesque',
  'Bergeron',
  'Leblanc',
  'Paquette',
  'Girard',
  'Simard',
  'Boucher',
  'Patel',
  'Shah',
  'Singh',
  'Kumar',
  'Chen',
  'Wang',
  'Li',
  'Zhang',
  'Liu',
  'Tanaka',
  'Suzuki',
  'Sato',
  'Kim',
  'Park',
  'Choi',
  'Haddad',
  'Khalil',
  'Mensah',
  'Okafor',
  'Adeyemi',
  'Novak',
  'Kowalski',
  'Petrov',
  'Ivanov',
  'Fischer',
  'Schmidt',
  'Weber',
  'Rossi',
  'Russo',
  'Ferrari',
];
const companies = ['Brightline Electric', 'Northern HVAC', 'CleanSweep', 'Summit Elevators', 'Guardian Security'];
const departments = ['Engineering', 'Finance', 'Sales', 'Marketing', 'Operations', 'Legal', 'IT', 'Product'];

interface Figures {
  p50: number;
  p95: number;
  max: number;
  rows: number;
  total: number;
}

/**
 * `count` people of a company in its buildings, in one INSERT ... SELECT over generate_series
 * (names, types, windows and flags derived from the row number, so every run writes the same
 * directory; only the pass identifiers are random). Validity and visits are relative to today.
 */
async function fill(database: DatabaseHandle, tenantId: string, buildings: string[], count: number, from: number) {
  await sql`insert into people (id, tenant_id, building_id, first_name, last_name, email, phone, visitor_type,
      external_id, job_title, department, company_name, default_duration, valid_from, valid_to, locale,
      pass_identifier, deactivated)
    select gen_random_uuid(), ${tenantId}::uuid, (${buildings}::uuid[])[1 + i % ${sql.lit(buildings.length)}],
      f.name, l.name,
      lower(translate(f.name || '.' || l.name, 'éèçôíáÉ', 'eecoiaE')) || i || '@bench-corp.example',
      '+1 514 555 ' || lpad((i % 10000)::text, 4, '0'),
      t.type,
      case t.type when 'EMPLOYEE' then 'EMP-' when 'CONTRACTOR' then 'CTR-' when 'RESIDENT' then 'RES-' else 'VIS-' end
        || lpad(i::text, 6, '0'),
      case when t.type = 'EMPLOYEE' then 'Specialist' end,
      case when t.type = 'EMPLOYEE' then (${departments}::text[])[1 + i % ${sql.lit(departments.length)}] end,
      case when t.type = 'CONTRACTOR' then (${companies}::text[])[1 + i % ${sql.lit(companies.length)}] end,
      case when t.type = 'EMPLOYEE' then 480 end,
      case when i % 20 = 7 then current_date - 200 when i % 20 = 8 then current_date + 30 when i % 5 = 4 then current_date - 30 end,
      case when i % 20 = 7 then current_date - 40 when i % 5 = 4 then current_date + 60 end,
      case i % 10 when 3 then 'fr' when 6 then 'es' else 'en' end,
      md5(i::text || random()::text),
      i % 50 = 0
    from generate_series(${sql.lit(from)}, ${sql.lit(from + count - 1)}) as i
      cross join lateral (select (${firstNames}::text[])[1 + (i * 7) % ${sql.lit(firstNames.length)}] as name) f
      cross join lateral (select (${lastNames}::text[])[1 + (i * 13 + i / 1000) % ${sql.lit(lastNames.length)}] as name) l
      cross join lateral (select case when i % 10 < 6 then 'EMPLOYEE' when i % 10 < 8 then 'CONTRACTOR'
        when i % 10 = 8 then 'RESIDENT' else 'VISITOR' end as type) t`.execute(database.db);
  // A visit in the last 20 days for one person in two; today's (one in twenty of them) mostly
  // still open: the status column's rows.
  await sql`insert into visits (id, tenant_id, building_id, identifier, public_identifier, pin, visitor_type,
      first_name, last_name, checked_in_at, checked_out_at, source, person_id)
    select gen_random_uuid(), p.tenant_id, p.building_id, 'B' || md5(p.id::text), md5(random()::text || p.id::text),
      '0000', p.visitor_type, p.first_name, p.last_name, now() - (n % 20) * interval '1 day' - interval '2 hours',
      case when n % 20 = 0 and n % 3 <> 0 then null else now() - (n % 20) * interval '1 day' - interval '1 hour' end,
      'KIOSK', p.id
    from (select people.*, row_number() over (order by id) as n from people where tenant_id = ${tenantId}::uuid) p
    where p.n % 2 = 0`.execute(database.db);
}

async function benchOne(label: string, database: DatabaseHandle): Promise<void> {
  let peak = process.memoryUsage().rss;
  const sample = () => {
    peak = Math.max(peak, process.memoryUsage().rss);
  };
  const timer = setInterval(sample, 5);
  await migrateToLatest(database.db);
  const db = database.db;
  const tenantId = await createTenant(db, { name: 'Bench Corp' });
  const buildings: string[] = [];
  for (const name of ['Tower A', 'Tower B', 'Annex', 'Plant', 'Depot'])
    buildings.push(await createBuilding(db, tenantId, name));
  const other = await createTenant(db, { name: 'Other Corp' });
  const otherBuilding = await createBuilding(db, other, 'Other HQ');
  const supervisor = await createUser(db, { tenantId, role: 'ROLE_SUPERVISOR' });
  await assignBuildings(db, supervisor.id, buildings.slice(0, 2));
  const fillStarted = performance.now();
  await fill(database, tenantId, buildings, PEOPLE, 1);
  await fill(database, other, [otherBuilding], OTHERS, PEOPLE + 1);
  // A server's autovacuum analyses the filled table; on the embedded database (no background
  // workers) the server's own statistics job and the people import do (db/statistics.ts).
  await refreshStatistics(db);
  const fillMs = performance.now() - fillStarted;
  const fillPeak = peak;

  const config = loadConfig({ DATA_DIR: 'memory://', LOG_LEVEL: 'silent', VESTIBULE_DEMO: '0' });
  const app = await buildApp({ config, database, logger: false });
  const corporate: PeopleCaller = { tenantId, assignedTo: undefined };
  const assigned: PeopleCaller = { tenantId, assignedTo: supervisor.id };
  const pick = <T>(list: readonly T[], i: number): T => list[i % list.length] as T;
  const prefixes = ['Mar', 'Tre', 'Gon', 'Pat', 'Nguy', 'Ko', 'Bél', 'Har', 'Sch', 'Rob'];
  const fragments = ['olivia.sm', 'noah.gar', 'elena.pa', 'camille.tre', 'amira.ha', 'lucas.mo', 'mei.le', 'jules.ro'];
  const queries: { name: string; caller: PeopleCaller; query: (i: number) => PeopleListQuery }[] = [
    { name: 'first page by last name', caller: corporate, query: () => ({ sort: 'lastName' }) },
    { name: 'page 50 by last name', caller: corporate, query: () => ({ sort: 'lastName', page: 50 }) },
    { name: 'last-name prefix', caller: corporate, query: (i) => ({ search: pick(prefixes, i) }) },
    { name: 'e-mail fragment', caller: corporate, query: (i) => ({ search: pick(fragments, i) }) },
    {
      name: 'external id',
      caller: corporate,
      query: (i) => ({ search: `EMP-${String(1 + ((i * 7919) % PEOPLE)).padStart(6, '0')}` }),
    },
    { name: 'type filter (contractors)', caller: corporate, query: () => ({ visitorType: 'CONTRACTOR' }) },
    { name: 'valid today', caller: corporate, query: () => ({ validToday: 'true' }) },
    {
      name: 'type + prefix + valid today',
      caller: corporate,
      query: (i) => ({ visitorType: 'EMPLOYEE', validToday: 'true', search: pick(prefixes, i) }),
    },
    { name: 'supervisor: first page', caller: assigned, query: () => ({ sort: 'lastName' }) },
    { name: 'supervisor: last-name prefix', caller: assigned, query: (i) => ({ search: pick(prefixes, i) }) },
  ];

  const results: [string, Figures][] = [];
  const filledRss = process.memoryUsage().rss;
  peak = filledRss;
  try {
    for (const { name, caller, query } of queries) {
      for (let i = 0; i < WARMUP; i++) await peoplePage(app.ctx, caller, { limit: 20, ...query(i) });
      const latencies: number[] = [];
      let rows = 0;
      let total = 0;
      for (let i = 0; i < RUNS; i++) {
        const started = performance.now();
        const page = await peoplePage(app.ctx, caller, { limit: 20, ...query(i) });
        latencies.push(performance.now() - started);
        rows += page.docs.length;
        total += page.totalDocs;
      }
      latencies.sort((a, b) => a - b);
      results.push([
        name,
        {
          p50: percentile(latencies, 50),
          p95: percentile(latencies, 95),
          max: latencies.at(-1) ?? 0,
          rows: rows / RUNS,
          total: total / RUNS,
        },
      ]);
    }
    sample();
  } finally {
    clearInterval(timer);
  }
  const queryPeak = peak;

  if (EXPLAIN) {
    for (const { name, caller, query } of queries) {
      const statements = await capturedStatements(db, name, (capturing) =>
        peoplePage({ ...app.ctx, db: capturing }, caller, { limit: 20, ...query(1) }),
      );
      for (const compiled of statements)
        console.log(`\n--- ${label}: ${name}\n${await explainStatement(db, compiled, true)}`);
    }
  }
  await app.close();

  console.log(
    `\n${label}: ${PEOPLE} people in 5 buildings (and ${OTHERS} in another company), filled in ${(fillMs / 1000).toFixed(1)} s; a page of 20 and the total through the people service, ${RUNS} runs a query`,
  );
  for (const [name, f] of results) {
    console.log(
      `  ${name.padEnd(30)} p50 ${f.p50.toFixed(1).padStart(6)} ms   p95 ${f.p95.toFixed(1).padStart(6)} ms   max ${f.max.toFixed(0).padStart(4)} ms   ${f.total.toFixed(0).padStart(6)} match   ${f.p95 < TARGET_MS ? 'PASS' : 'OVER'}`,
    );
  }
  console.log(
    `  peak RSS while querying ${mb(queryPeak)} (${mb(filledRss)} once filled, ${mb(fillPeak)} at most while filling); target p95 under ${TARGET_MS} ms`,
  );
}

await onEachDatabase('vestibule_bench_people', benchOne, {
  embedded: process.env.BENCH_EMBEDDED !== '0',
  postgres: process.env.BENCH_POSTGRES !== '0',
});
