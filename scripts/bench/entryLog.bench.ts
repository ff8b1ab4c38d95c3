// The entry log at a million visits: 20 companies, their buildings and people, and
// BENCH_VISITS visits (1,000,000) made over the last 90 days, filled by bulk INSERT ... SELECT
// over generate_series in chunks, in the order they were made (the companies' visits interleaved,
// as a real table grows). The target company has a fifth of them (200,000; its tower 120,000); the
// other 19 share the rest. The mix: walk-ins (kiosk, phone, staff) checked out by hand or by the
// auto check-out, the last hours' still inside and some of them overdue; invitations (staff,
// registration) that came, never came (expired) or were cancelled, and those of the coming week;
// refusals at the door; hosts from the people directory, one visit in four of a person of it.
//
// Measured, through the meetings service as the routes call it (the route adds only parsing and
// JSON): the entry log's first page (default order, the screen's 10 rows, with the count the
// list shows) and each filter of the list (every status, two types, a range of check-in,
// check-out and schedule, host, search by name, e-mail and code, the visitor's company, one
// combination), each as a corporate user over the whole company, as the screen asks for one
// building (the tower), as a supervisor of two buildings, and as the supervisor's screen asks
// for one of them; an admin in another company; the counters of a building. BENCH_RUNS runs a
// query after a warm-up; p50, p95 and max are printed against the 50 ms target, with whether a
// plan reads visits by a sequential scan. meetings.csv of 10,000 and of 100,000 rows is read
// through the service's generator, with the process's peak RSS and the heap it keeps: constant
// memory is the same peak for both. The live fan-out's target (50 clients within 1 s) is
// scripts/bench/liveFanout.bench.ts.
//
// On the embedded database (analysed, as the statistics job leaves it; it has no autovacuum),
// then on a PostgreSQL server (vacuumed and analysed, as its autovacuum leaves a filled table).
// BENCH_EXPLAIN=1 prints each query's EXPLAIN ANALYZE; BENCH_ONLY=<regexp> keeps the queries whose
// name matches ('csv' for meetings.csv); BENCH_EMBEDDED=0 or BENCH_POSTGRES=0 skips one database;
// BENCH_EMBEDDED_VISITS sets the embedded database's size apart (its fill is the slow part);
// BENCH_POSTGRES_URL uses a running server instead of starting one and leaves the bench's database
// there, BENCH_EMBEDDED_DIR puts the embedded one in a directory; BENCH_REUSE=1 queries either
// again without filling. A benchmark, not a test.
import { createHash } from 'node:crypto';
import { loadavg } from 'node:os';
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { sql } from 'kysely';
import type { VisitListQuery } from '@vestibule/shared';
import {
  buildApp,
  type DatabaseHandle,
  loadConfig,
  migrateToLatest,
  openDatabase,
  type ServerContext,
} from '@vestibule/server';
import { type VisitCaller, listVisits, refreshStatistics, visitStats, visitsCsv } from '@vestibule/server/bench';
import { assignBuildings, createBuilding, createTenant, createUser } from '@vestibule/server/testing';
import { createDatabase, startPostgres } from '../src/lib/postgres.ts';
import { capturedStatements, explainStatement } from './lib/plans.ts';
import { mb, percentile } from './lib/stats.ts';
import { visitorCompanies } from './lib/names.ts';

const VISITS = Number(process.env.BENCH_VISITS ?? 1_000_000);
const EMBEDDED_VISITS = Number(process.env.BENCH_EMBEDDED_VISITS ?? VISITS);
const RUNS = Number(process.env.BENCH_RUNS ?? 60);
const WARMUP = 5;
const LIMIT = 10;
const TARGET_MS = 50;
const EXPLAIN = process.env.BENCH_EXPLAIN === '1';
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : undefined;
const CSV_ROWS = [10_000, 100_000];
/** Query the server's database a run with BENCH_POSTGRES_URL filled before, without filling it again. */
const REUSE = process.env.BENCH_REUSE === '1' && process.env.BENCH_POSTGRES_URL !== undefined;
/** Rows a fill statement writes at most (a statement's work kept small on the embedded database). */
const CHUNK = 50_000;
const DAY = 86_400_000;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

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
  'Camille',
  'Louis',
  'Chloé',
  'Gabriel',
  'Léa',
  'Manon',
  'Lucía',
  'Mateo',
  'Sofía',
  'Diego',
  'Priya',
  'Arjun',
  'Aiko',
  'Kenji',
  'Amira',
  'Omar',
  'Mei',
  'Wei',
  'Nadia',
  'Ivan',
];
const lastNames = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Garcia',
  'Miller',
  'Davis',
  'Martinez',
  'Lopez',
  'Wilson',
  'Anderson',
  'Taylor',
  'Martin',
  'Lee',
  'Thompson',
  'White',
  'Harris',
  'Clark',
  'Lewis',
  'Walker',
  'Young',
  'King',
  'Scott',
  'Nguyen',
  'Hill',
  'Green',
  'Baker',
  'Rivera',
  'Campbell',
  'Tremblay',
  'Gagnon',
  'Roy',
  'Côté',
  'Bouchard',
  'Gauthier',
  'Morin',
  'Lavoie',
  'Fortin',
  'Pelletier',
  'Bélanger',
  'Patel',
  'Shah',
  'Singh',
  'Chen',
  'Wang',
  'Tanaka',
  'Sato',
  'Kim',
  'Park',
  'Haddad',
  'Mensah',
  'Okafor',
  'Novak',
  'Kowalski',
  'Petrov',
  'Fischer',
  'Schmidt',
  'Rossi',
  'Russo',
  'Ferrari',
];
const companyNames = [
  'Atlas Group',
  'Borealis Bank',
  'Cedar Health',
  'Delta Foods',
  'Evergreen Labs',
  'Fjord Shipping',
  'Granite Insurance',
  'Harbor Media',
  'Ion Energy',
  'Juniper Law',
  'Keystone Retail',
  'Lumen Studios',
  'Maple Telecom',
  'Nimbus Cloud',
  'Orchid Pharma',
  'Pioneer Rail',
  'Quartz Mining',
  'Riverstone Hotels',
  'Sequoia Capital Partners',
  'Tundra Outfitters',
];

interface Building {
  id: string;
  name: string;
  /** Its share of the visits (drawn: the filled count is near). */
  visits: number;
  /** Its people are numbered from `from`: `hosts` employees, then as many others. */
  from: number;
  hosts: number;
}
interface Company {
  id: string;
  name: string;
  buildings: Building[];
}

/** The id of a building's `n`th host (people's ids are made from their number, see personId). */
function hostId(building: Building, n: number): string {
  const hex = createHash('md5')
    .update(`person${building.from + (n % building.hosts)}`)
    .digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The visits of each building: the target company a fifth of all (its tower 60% of that), the rest shared. */
function plan(total: number): { name: string; buildings: [string, number][] }[] {
  const target = Math.round(total / 5);
  const rest = total - target;
  const companies = [
    {
      name: companyNames[0] as string,
      buildings: [
        ['Atlas Tower', 0.6],
        ['Atlas Annex', 0.125],
        ['Atlas Plant', 0.075],
        ['Atlas Labs', 0.15],
        ['Atlas Depot', 0.05],
      ].map(([name, share]) => [name, Math.round(target * (share as number))] as [string, number]),
    },
  ];
  const others = companyNames.slice(1);
  const each = Math.floor(rest / others.length);
  others.forEach((name, c) => {
    const count = 3 + (c % 2);
    const visits = c === others.length - 1 ? rest - each * (others.length - 1) : each;
    const buildings: [string, number][] = [];
    for (let b = 0; b < count; b++) {
      const share = b === count - 1 ? visits - Math.floor(visits / count) * (count - 1) : Math.floor(visits / count);
      buildings.push([`${name.split(' ')[0]} ${['HQ', 'North', 'South', 'East'][b]}`, share]);
    }
    companies.push({ name, buildings });
  });
  return companies;
}

/** A person's id from their number: visits name their person and host without a lookup. */
const personId = (no: ReturnType<typeof sql>) => sql`md5('person' || (${no})::text)::uuid`;
/** A person's first and last names from their number (the visit of a person of the directory repeats them). */
const firstOf = (no: ReturnType<typeof sql>) =>
  sql`(${firstNames}::text[])[1 + ((${no}) * 7) % ${sql.lit(firstNames.length)}]`;
const lastOf = (no: ReturnType<typeof sql>) =>
  sql`(${lastNames}::text[])[1 + ((${no}) * 13 + (${no}) / 1000) % ${sql.lit(lastNames.length)}]`;

/**
 * A building's directory, people numbered from `from`: `hosts` employees (the hosts), then as
 * many contractors (two in three) and residents.
 */
async function fillPeople(database: DatabaseHandle, tenantId: string, building: Building) {
  const { from, hosts } = building;
  const k = sql`k`;
  await sql`insert into people (id, tenant_id, building_id, first_name, last_name, email, visitor_type, external_id,
      job_title, company_name, default_duration, locale, pass_identifier)
    select ${personId(k)}, ${tenantId}::uuid, ${building.id}::uuid, f.name, l.name,
      lower(translate(f.name || '.' || l.name, 'éèçôíáÉ', 'eecoiaE')) || k || '@people.example',
      t.type, 'P' || lpad(k::text, 7, '0'), case when t.type = 'EMPLOYEE' then 'Specialist' end,
      case when t.type = 'CONTRACTOR' then (${visitorCompanies}::text[])[1 + k % ${sql.lit(visitorCompanies.length)}] end,
      case when t.type = 'EMPLOYEE' then 480 end, 'en', md5('person' || k::text)
    from generate_series(${sql.lit(from)}, ${sql.lit(from + 2 * hosts - 1)}) as k
      cross join lateral (select ${firstOf(k)} as name) f
      cross join lateral (select ${lastOf(k)} as name) l
      cross join lateral (select case when k < ${sql.lit(from + hosts)} then 'EMPLOYEE'
        when k % 3 = 0 then 'RESIDENT' else 'CONTRACTOR' end as type) t`.execute(database.db);
}

/**
 * Visits `from` to `to` of `total`, in one INSERT ... SELECT, in the order they were made: visit
 * n was made at now - 90 days + n / total of 90 days, so the table grows as a real one does (the
 * companies' visits interleaved, the newest last). Its building is drawn by the buildings' shares
 * (`slots`: 10,000 entries of building numbers), its kind and times from random():
 * - 56% walk-ins: in for 15 min to 5 h, out by kiosk, phone or staff, or by the auto check-out an
 *   hour past the expected end (15%); the last hours' still inside, some overdue;
 * - 41.5% invitations, for 1 to 8 hours later (30%) or 1 to 7 days later: 82% came, 10% never
 *   came (expired once past), 8% cancelled; the last week's are the expected, today and soon;
 * - 2.5% refused at the door (an alert answer or a fever), never checked in.
 * A visit in four is of a person of the directory (its type and name); hosts from the directory
 * for every invitation and 70% of walk-ins.
 */
async function fillVisits(
  database: DatabaseHandle,
  buildings: (Building & { tenantId: string })[],
  slots: number[],
  range: { from: number; to: number; total: number },
  now: Date,
) {
  const at = sql`${now}::timestamptz`;
  const ids = buildings.map((b) => b.id);
  const tenants = buildings.map((b) => b.tenantId);
  const names = buildings.map((b) => b.name);
  const froms = buildings.map((b) => b.from);
  const hosts = buildings.map((b) => b.hosts);
  const person = sql`(p_from + i % (2 * p_hosts))`;
  const host = sql`(p_from + (i::bigint * 7919) % p_hosts)`;
  await sql`insert into visits (id, tenant_id, building_id, identifier, public_identifier, pin, visitor_type, person_id,
      first_name, last_name, email, phone, company_name, host, host_person_id, scheduled_at, scheduled_duration,
      checked_in_at, checked_out_at, cancelled_at, expired_at, allowed, refusal_reason, temp_measure1, source,
      is_invitation, invitation_sent_at, host_notified_at, checkout_method, consent_accepted, created_at, updated_at)
    with drawn as (
      select i, random() as r, random() as r2, random() as r3, random() as r4, random() as r5, random() as r6,
        random() as r7, (${slots}::int[])[1 + floor(random() * ${sql.lit(slots.length)})::int] as b,
        ${at} - interval '90 days' * (1 - i::float8 / ${sql.lit(range.total)}) - random() * interval '10 minutes' as made
      from generate_series(${sql.lit(range.from)}, ${sql.lit(range.to)}) as i
    ), kinds as (
      select drawn.*,
        (${ids}::uuid[])[b] as building_id, (${tenants}::uuid[])[b] as tenant_id, (${names}::text[])[b] as building_name,
        (${froms}::int[])[b] as p_from, (${hosts}::int[])[b] as p_hosts,
        case when r < 0.56 then 'walkin' when r < 0.975 then 'invited' else 'refused' end as kind,
        (array['PT1H','PT1H','PT1H','PT2H','PT2H','PT2H','PT4H','PT4H','PT8H',null])[1 + floor(r3 * 10)::int]
          as duration,
        r6 < 0.25 as linked
      from drawn
    ), timed as (
      select kinds.*,
        case when kind = 'invited' then date_trunc('hour', made + case when r2 < 0.3 then (1 + r4 * 7) * interval '1 hour'
          else (1 + r4 * 6) * interval '1 day' end) + interval '15 minutes' * floor(r7 * 4) end as scheduled,
        coalesce(duration::interval, interval '2 hours') as planned,
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
          when r4 < 0.15 and came + planned + interval '1 hour' < ${at} then came + planned + interval '1 hour'
          when r4 >= 0.15 and came + stay < ${at} then came + stay end as went,
        case when r4 < 0.15 then 'AUTO_TIMEOUT' when r4 < 0.5 then 'KIOSK' when r4 < 0.85 then 'OWN_DEVICE' else 'STAFF' end
          as went_by,
        case when came is null and kind = 'invited' and r5 >= 0.92 then least(made + (scheduled - made) * r2, ${at}) end
          as cancelled
      from arrival
    ), visitor as (
      select outcome.*,
        case when not linked then case when r6 < 0.80 then 'VISITOR' when r6 < 0.95 then 'CONTRACTOR' else 'EMPLOYEE' end
          when ${person} < p_from + p_hosts then 'EMPLOYEE' when ${person} % 3 = 0 then 'RESIDENT' else 'CONTRACTOR' end
          as type,
        case when linked then ${firstOf(person)} else ${firstOf(sql`i`)} end as first,
        case when linked then ${lastOf(person)} else ${lastOf(sql`i`)} end as last,
        (${visitorCompanies}::text[])[1 + (i * 31) % ${sql.lit(visitorCompanies.length)}] as company,
        kind = 'invited' or r7 < 0.7 as hosted
      from outcome
    )
    select gen_random_uuid(), tenant_id, building_id, 'V' || lpad(i::text, 8, '0'), md5('visit' || i::text),
      lpad((i % 10000)::text, 4, '0'), type, case when linked then ${personId(person)} end,
      first, last, lower(translate(first || '.' || last, 'éèçôíáÉ', 'eecoiaE')) || '@' || lower(replace(company, ' ', '')) || '.example',
      '+1 514 555 ' || lpad((i % 10000)::text, 4, '0'), case when type = 'EMPLOYEE' then building_name else company end,
      case when hosted then ${firstOf(host)} || ' ' || ${lastOf(host)} end,
      case when hosted then ${personId(host)} end,
      scheduled, duration, came, went, cancelled,
      case when kind = 'invited' and came is null and cancelled is null and scheduled + planned < ${at}
        then scheduled + planned end,
      kind <> 'refused',
      case when kind = 'refused' then case when r2 < 0.5 then 'ALERT_ANSWER' else 'TEMPERATURE' end end,
      case when kind = 'refused' and r2 >= 0.5 then 38.4 end,
      case when kind = 'invited' then case when r3 < 0.7 then 'STAFF' else 'REGISTRATION' end
        when r5 < 0.55 then 'KIOSK' when r5 < 0.9 then 'OWN_DEVICE' else 'STAFF' end,
      kind = 'invited', case when kind = 'invited' then made end,
      case when came is not null and hosted then came + interval '5 seconds' end,
      case when went is not null then went_by end,
      true, made, coalesce(went, came, cancelled, made)
    from visitor
    order by i`.execute(database.db);
}

interface Bench {
  name: string;
  run: (ctx: ServerContext, i: number) => Promise<number>;
}

interface Figures {
  p50: number;
  p95: number;
  max: number;
  matches: number;
  /** How the plans read visits: by indexes only, or by a sequential scan (under a limit, or not). */
  reads: 'indexed' | 'seq+limit' | 'SEQ SCAN';
}

async function fill(database: DatabaseHandle, total: number, now: Date) {
  const db = database.db;
  const companies: Company[] = [];
  let personNo = 1;
  for (const { name, buildings } of plan(total)) {
    const company: Company = { id: await createTenant(db, { name }), name, buildings: [] };
    for (const [buildingName, visits] of buildings) {
      const hosts = Math.max(20, Math.round(visits / 500));
      const building: Building = {
        id: await createBuilding(db, company.id, buildingName),
        name: buildingName,
        visits,
        from: personNo,
        hosts,
      };
      await fillPeople(database, company.id, building);
      personNo += 2 * hosts;
      company.buildings.push(building);
    }
    companies.push(company);
  }
  const all = companies.flatMap((c) => c.buildings.map((b) => ({ ...b, tenantId: c.id })));
  const slots = all.flatMap((b, index) => Array<number>(Math.round((b.visits / total) * 10_000)).fill(index + 1));
  for (let from = 1; from <= total; from += CHUNK) {
    await fillVisits(database, all, slots, { from, to: Math.min(total, from + CHUNK - 1), total }, now);
    if (process.env.BENCH_PROGRESS === '1') console.log(`  ${Math.min(total, from + CHUNK - 1)} visits`);
  }
  return companies;
}

/**
 * The companies of a database this bench filled before (BENCH_REUSE=1): their buildings in the
 * order filled, each building's people numbers read back from the external ids.
 */
async function filledCompanies(database: DatabaseHandle): Promise<Company[]> {
  const db = database.db;
  const companies: Company[] = [];
  for (const name of companyNames) {
    const id = (await db.selectFrom('tenants').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
    const rows = await db
      .selectFrom('buildings')
      .innerJoin('people', 'people.building_id', 'buildings.id')
      .select((eb) => [
        'buildings.id',
        'buildings.name',
        eb.fn.min<string>('people.external_id').as('first'),
        eb.fn.count<string>(sql`case when people.visitor_type = 'EMPLOYEE' then 1 end`).as('hosts'),
        sql<string>`(select count(*) from visits where visits.building_id = buildings.id)`.as('visits'),
      ])
      .where('buildings.tenant_id', '=', id)
      .groupBy(['buildings.id', 'buildings.name'])
      .orderBy(sql`min(people.external_id)`)
      .execute();
    const buildings = rows.map((row) => ({
      id: row.id,
      name: row.name,
      visits: Number(row.visits),
      from: Number(row.first.slice(1)),
      hosts: Number(row.hosts),
    }));
    companies.push({ id, name, buildings });
  }
  return companies;
}

async function benchOne(label: string, database: DatabaseHandle, total: number, reuse = false): Promise<void> {
  await migrateToLatest(database.db);
  const db = database.db;
  const filledAt = new Date();
  const fillStarted = performance.now();
  const companies = reuse ? await filledCompanies(database) : await fill(database, total, filledAt);
  const insertMs = performance.now() - fillStarted;
  // On the embedded database (no background workers) the server's statistics job analyses the
  // table (db/statistics.ts), and nothing vacuums it. A server's autovacuum vacuums and analyses a
  // table after a bulk insert (autovacuum_vacuum_insert_threshold): done here, so the queries
  // neither race its run nor measure the hour after a million inserts.
  await refreshStatistics(db);
  if (database.kind === 'postgres') await sql`vacuum analyze visits`.execute(db);
  const fillMs = performance.now() - fillStarted;
  const [target, other] = companies as [Company, Company];
  const [tower, annex, plant] = target.buildings as [Building, Building, Building];
  const supervisor = await createUser(db, { tenantId: target.id, role: 'ROLE_SUPERVISOR' });
  await assignBuildings(db, supervisor.id, [annex.id, plant.id]);

  const config = loadConfig({ DATA_DIR: 'memory://', LOG_LEVEL: 'silent', VESTIBULE_DEMO: '0' });
  const app = await buildApp({ config, database, logger: false });
  const corporate: VisitCaller = { tenantId: target.id, assignedTo: undefined };
  const assigned: VisitCaller = { tenantId: target.id, assignedTo: supervisor.id };
  const admin: VisitCaller = { tenantId: other.id, assignedTo: undefined };
  const pick = <T>(list: readonly T[], i: number): T => list[i % list.length] as T;
  const now = Date.now();
  const iso = (offsetDays: number) => new Date(now + offsetDays * DAY).toISOString();
  const prefixes = ['gar', 'mart', 'ngu', 'trem', 'smi', 'patel', 'bél', 'kow', 'tan', 'fis'];
  const emails = ['olivia.sm', 'noah.gar', 'camille.tr', 'amira.ha', 'mei.le', 'ivan.pe'];
  const companyPrefixes = ['glob', 'init', 'acme', 'contoso', 'north', 'wood'];
  const codes = await db
    .selectFrom('visits')
    .select('identifier')
    .where('building_id', 'in', [tower.id, annex.id, plant.id])
    .orderBy('identifier')
    .limit(50)
    .execute();

  type Filter = { name: string; query: (i: number, building: Building) => Omit<VisitListQuery, 'limit'> };
  const filters: Filter[] = [
    { name: 'first page', query: () => ({}) },
    ...(['in', 'late', 'soon', 'today', 'expected', 'expired', 'out'] as const).map((status) => ({
      name: `status ${status}`,
      query: () => ({ status }),
    })),
    { name: 'type contractor', query: () => ({ visitorType: 'CONTRACTOR' as const }) },
    { name: 'type resident', query: () => ({ visitorType: 'RESIDENT' as const }) },
    { name: 'check-in, 7 days', query: () => ({ dateFilter: 'checkInAt' as const, from: iso(-7), to: iso(0) }) },
    { name: 'check-out, 30 days', query: () => ({ dateFilter: 'checkOutAt' as const, from: iso(-30), to: iso(0) }) },
    {
      name: 'scheduled, -7..+14 days',
      query: () => ({ dateFilter: 'scheduledAt' as const, from: iso(-7), to: iso(14) }),
    },
    { name: 'host', query: (i, building) => ({ hostPersonId: hostId(building, i * 7) }) },
    { name: 'search name prefix', query: (i) => ({ search: pick(prefixes, i) }) },
    { name: 'search e-mail', query: (i) => ({ search: pick(emails, i) }) },
    { name: 'search visit code', query: (i) => ({ search: pick(codes, i).identifier.toLowerCase() }) },
    { name: 'visitor company', query: (i) => ({ companyName: pick(companyPrefixes, i) }) },
    {
      name: 'contractors out, 7 days',
      query: () => ({
        visitorType: 'CONTRACTOR' as const,
        status: 'out' as const,
        dateFilter: 'checkInAt' as const,
        from: iso(-7),
        to: iso(0),
      }),
    },
  ];
  const scopes = [
    { name: 'company', caller: corporate, building: undefined, hostsOf: tower },
    { name: 'tower', caller: corporate, building: tower.id, hostsOf: tower },
    { name: 'supervisor', caller: assigned, building: undefined, hostsOf: annex },
    { name: 'supervisor, one building', caller: assigned, building: plant.id, hostsOf: plant },
  ];
  const benches: Bench[] = [];
  for (const scope of scopes) {
    for (const filter of filters) {
      benches.push({
        name: `${scope.name}: ${filter.name}`,
        run: async (ctx, i) => {
          const query = { limit: LIMIT, ...filter.query(i, scope.hostsOf) };
          const page = await listVisits(
            ctx,
            scope.caller,
            scope.building ? { ...query, buildingId: scope.building } : query,
          );
          return page.totalDocs;
        },
      });
    }
  }
  benches.push(
    {
      name: `admin in ${other.name}: first page`,
      run: async (ctx) => (await listVisits(ctx, admin, { limit: LIMIT })).totalDocs,
    },
    {
      name: `admin in ${other.name}: search`,
      run: async (ctx, i) => (await listVisits(ctx, admin, { limit: LIMIT, search: pick(prefixes, i) })).totalDocs,
    },
    {
      name: 'counters: tower',
      run: async (ctx) => (await visitStats(ctx, corporate, tower.id)).inBuilding,
    },
    {
      name: 'counters: supervisor, annex',
      run: async (ctx) => (await visitStats(ctx, assigned, annex.id)).inBuilding,
    },
  );
  const selected = benches.filter((bench) => !ONLY || ONLY.test(bench.name));

  const results: [string, Figures][] = [];
  const load: number[] = [];
  for (const bench of selected) {
    for (let i = 0; i < WARMUP; i++) await bench.run(app.ctx, i);
    const latencies: number[] = [];
    let matches = 0;
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      matches += await bench.run(app.ctx, i);
      latencies.push(performance.now() - started);
    }
    latencies.sort((a, b) => a - b);
    const plans = await explain(app.ctx, bench, false);
    results.push([
      bench.name,
      {
        p50: percentile(latencies, 50),
        p95: percentile(latencies, 95),
        max: latencies.at(-1) ?? 0,
        matches: matches / RUNS,
        reads: readsOf(plans),
      },
    ]);
    if (EXPLAIN) {
      for (const text of await explain(app.ctx, bench, true)) console.log(`\n--- ${label}: ${bench.name}\n${text}`);
    }
    load.push(loadavg()[0] ?? 0);
  }

  // The tower's visits as filled (its share is drawn: a small fill may hold a few less).
  const inTower = await db
    .selectFrom('visits')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('building_id', '=', tower.id)
    .executeTakeFirstOrThrow();
  const csv =
    ONLY && !ONLY.test('csv')
      ? []
      : await csvBench(
          app.ctx,
          corporate,
          tower.id,
          CSV_ROWS.map((rows) => Math.min(rows, Number(inTower.count))),
        );
  await app.close();

  const counts = await db
    .selectFrom('visits')
    .select((eb) => [
      eb.fn.countAll<string>().as('all'),
      eb.fn.count<string>(sql`case when tenant_id = ${target.id} then 1 end`).as('target'),
      eb.fn.count<string>(sql`case when building_id = ${tower.id} then 1 end`).as('tower'),
    ])
    .executeTakeFirstOrThrow();
  console.log(
    `\n${label}: ${Number(counts.all).toLocaleString('en')} visits in ${companies.length} companies (${companies.reduce((n, c) => n + c.buildings.length, 0)} buildings); ${target.name} ${Number(counts.target).toLocaleString('en')}, its tower ${Number(counts.tower).toLocaleString('en')}. ${reuse ? 'Filled by an earlier run' : `Filled in ${(insertMs / 1000).toFixed(0)} s`} (+ ${database.kind === 'postgres' ? 'VACUUM ' : ''}ANALYZE: ${((fillMs - insertMs) / 1000).toFixed(0)} s). ${RUNS} runs a query, a page of ${LIMIT}, count capped at 10,000; load average ${load.length ? `${Math.min(...load).toFixed(1)}–${Math.max(...load).toFixed(1)}` : loadavg()[0]?.toFixed(1)} while querying`,
  );
  for (const [name, f] of results) {
    console.log(
      `  ${name.padEnd(46)} p50 ${f.p50.toFixed(1).padStart(6)} ms  p95 ${f.p95.toFixed(1).padStart(6)} ms  max ${f.max.toFixed(0).padStart(4)} ms  ${f.matches.toFixed(0).padStart(6)} match  ${f.reads.padEnd(9)}  ${f.p95 < TARGET_MS ? 'PASS' : 'OVER'}`,
    );
  }
  const over = results.filter(([, f]) => f.p95 >= TARGET_MS).length;
  console.log(`  ${results.length - over} of ${results.length} within p95 ${TARGET_MS} ms`);
  for (const c of csv) {
    console.log(
      `  meetings.csv ${c.rows.toLocaleString('en').padStart(7)} rows: ${(c.ms / 1000).toFixed(1)} s (${Math.round(c.rows / (c.ms / 1000)).toLocaleString('en')} rows/s), ${mb(c.bytes)} written; peak RSS ${mb(c.peakRss)} (${c.peakRss >= c.startRss ? '+' : ''}${mb(c.peakRss - c.startRss)} over its start), heap kept at most ${mb(c.peakHeap)} (${c.peakHeap >= c.startHeap ? '+' : ''}${mb(c.peakHeap - c.startHeap)})`,
    );
  }
  console.log('  live fan-out to 50 clients within 1 s: scripts/bench/liveFanout.bench.ts');
}

/**
 * Whether the plans read visits by a sequential scan: under a Limit (the count stops at the cap:
 * the planner reads the table until it has that many of the company's rows, which are spread
 * through it) or a whole scan.
 */
function readsOf(plans: string[]): Figures['reads'] {
  let reads: Figures['reads'] = 'indexed';
  for (const plan of plans) {
    const lines = plan.split('\n');
    const seq = lines.findIndex((line) => line.includes('Seq Scan on visits'));
    if (seq < 0) continue;
    if (!lines.slice(0, seq).some((line) => /\bLimit\b/.test(line))) return 'SEQ SCAN';
    reads = 'seq+limit';
  }
  return reads;
}

/** The statements of one run of a bench, EXPLAINed (with ANALYZE when `analyze`). */
async function explain(ctx: ServerContext, bench: Bench, analyze: boolean): Promise<string[]> {
  const { db } = ctx;
  const statements = await capturedStatements(db, bench.name, (capturing) => bench.run({ ...ctx, db: capturing }, 1));
  const plans: string[] = [];
  for (const compiled of statements) {
    // The plugin also sees a subquery compiled on its own (the count's): only whole statements.
    if (!/^\s*select/i.test(compiled.sql)) continue;
    if (statements.some((other) => other !== compiled && other.sql.includes(compiled.sql))) continue;
    plans.push(await explainStatement(db, compiled, analyze));
  }
  return plans;
}

interface CsvFigures {
  rows: number;
  ms: number;
  bytes: number;
  startRss: number;
  peakRss: number;
  startHeap: number;
  peakHeap: number;
}

/**
 * meetings.csv of the tower, read from the service's generator until `rows` rows, as the route
 * streams it; the process's RSS sampled every 5 ms, the heap measured after a collection every
 * 10,000 rows.
 */
async function csvBench(
  ctx: ServerContext,
  caller: VisitCaller,
  buildingId: string,
  sizes: number[],
): Promise<CsvFigures[]> {
  const figures: CsvFigures[] = [];
  for (const rows of sizes) {
    gc();
    const startRss = process.memoryUsage().rss;
    const startHeap = process.memoryUsage().heapUsed;
    let peakRss = startRss;
    let peakHeap = startHeap;
    const timer = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
    }, 5);
    const started = performance.now();
    let lines = -1; // the heading
    let bytes = 0;
    let chunks = 0;
    try {
      for await (const chunk of visitsCsv(ctx, caller, { buildingId }, 'en')) {
        bytes += Buffer.byteLength(chunk);
        lines += chunk.split('\r\n').length - 1;
        // What the stream keeps, not the garbage between two collections: the heap after a
        // collection, every 10 batches (10,000 rows).
        if (++chunks % 10 === 0) {
          gc();
          peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
        }
        if (lines >= rows) break;
      }
    } finally {
      clearInterval(timer);
    }
    const ms = performance.now() - started;
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
    if (lines < rows) throw new Error(`meetings.csv gave ${lines} rows, ${rows} asked`);
    figures.push({ rows, ms, bytes, startRss, peakRss, startHeap, peakHeap });
  }
  return figures;
}

if (process.env.BENCH_EMBEDDED !== '0') {
  // BENCH_EMBEDDED_DIR: the embedded database in a directory (left there: BENCH_REUSE=1 queries it again).
  const dir = process.env.BENCH_EMBEDDED_DIR;
  const embedded = await openDatabase({ databaseUrl: undefined, dataDir: dir ?? 'memory://' });
  const reuse = process.env.BENCH_REUSE === '1' && dir !== undefined;
  try {
    await benchOne(
      `embedded PGlite${EMBEDDED_VISITS < 1_000_000 ? ` (BENCH_EMBEDDED_VISITS=${EMBEDDED_VISITS})` : ''}${reuse ? ' (filled before)' : ''}`,
      embedded,
      EMBEDDED_VISITS,
      reuse,
    );
  } finally {
    await embedded.close();
  }
}

if (process.env.BENCH_POSTGRES !== '0') {
  // BENCH_POSTGRES_URL: a server already running (its database is left there to look at).
  const external = process.env.BENCH_POSTGRES_URL;
  const server = external ? { url: external, stop: async () => {} } : await startPostgres();
  try {
    const name = 'vestibule_bench_entry_log';
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
