// Data that grows for years (docs/scale.md, "Ten million visits: one table or monthly
// partitions"), on a PostgreSQL server: the entry log bench's companies and visits (BENCH_VISITS,
// 1,000,000 by default; its fill, run by this bench into its database when missing) in two layouts
// side by side, in the same database:
// - "one table": visits as the migrations make it;
// - "by month": the same rows in a schema of their own, `by_month.visits`, declaratively
//   partitioned by month on the id. A visit's id is a UUIDv7 whose first 48 bits are the moment it
//   was made, so a RANGE on the id is a range of months, and the primary key (the partition key)
//   and every foreign key to a visit stay as they are. The copy's ids are remade as UUIDv7s from
//   each row's creation time (the fill draws random ones). Its indexes are the table's own; the two
//   unique ones on the visit's codes cannot be unique without the partition key, so they are plain
//   indexes (what that would cost the product is in docs/scale.md). Read with that schema first
//   in the search path, so the server's own statements run on it unchanged.
//
// Measured on each layout, through the server's services in process as the routes call them:
// the entry log (first page of a company and of a building, a status, a name search, a week of
// check-ins), a visit found by its code and by its link (what a check-out does, the lookups a
// partition cannot prune), check-in (the check-in service, BENCH_CHECKINS calls at concurrency 8,
// into a new building of the filled company, against the same on an empty database of the same
// server), the reports (the building report of the tower over 90 days, the entry report grouped
// by host, the attendance report), retention (batches of 500 visits anonymised as the job does,
// the company's period set to 60 days for the run; those visits stay anonymised), and a month
// removed: on one table 5,000 of its visits deleted in one statement (rolled back), by month its
// partition detached and dropped (rolled back). Then the sizes, per million visits, and what a year of 1.8 billion would take.
// BENCH_POSTGRES_URL uses a running server (the bench's database is left there, as the entry log
// bench leaves it; BENCH_REUSE=1 then skips the fill). BENCH_RUNS runs each read after a warm-up.
// A benchmark, not a test.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { checkInRequestSchema } from '@vestibule/shared';
import {
  buildApp,
  type DatabaseHandle,
  loadConfig,
  migrateToLatest,
  openDatabase,
  type ServerContext,
} from '@vestibule/server';
import {
  type VisitCaller,
  attendanceReport,
  buildingReport,
  checkIn as checkInService,
  entryReport,
  eraseDue,
  listVisits,
  rebuildDirtyRollups,
  refreshStatistics,
} from '@vestibule/server/bench';
import { createBuilding, createTenant } from '@vestibule/server/testing';
import { type PostgresServer, createDatabase, startPostgres } from '../src/lib/postgres.ts';
import { root } from '../src/lib/run.ts';
import { percentile } from './lib/stats.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const CHECKINS = Number(process.env.BENCH_CHECKINS ?? 400);
const CONCURRENCY = 8;
const WARMUP = 3;
const DAY = 86_400_000;
/** The entry log bench's database (scripts/bench/entryLog.bench.ts names it so). */
const FILLED = 'vestibule_bench_entry_log';
/** A year of the 10,000-building company: 500 visits a day in each building. */
const YEAR_OF_VISITS = 10_000 * 500 * 365;

type Db = DatabaseHandle['db'];

interface Figures {
  p50: number;
  p95: number;
}

async function timed(runs: number, call: (i: number) => Promise<unknown>): Promise<Figures> {
  for (let i = 0; i < WARMUP; i++) await call(i);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await call(i);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

const ms = (value: number) => `${value.toFixed(1).padStart(8)} ms`;

/** The filled database: its URL on `server`, filled by the entry log bench when not yet there. */
async function filledDatabase(server: { url: string }): Promise<string> {
  const url = server.url.replace(/\/postgres$/, `/${FILLED}`);
  if (process.env.BENCH_REUSE === '1') return url;
  // The entry log bench fills it (and leaves it there); its own queries are not run here.
  const filled = spawnSync(
    process.execPath,
    ['--disable-warning=ExperimentalWarning', join(root, 'scripts', 'bench', 'entryLog.bench.ts')],
    {
      stdio: 'inherit',
      env: { ...process.env, BENCH_POSTGRES_URL: server.url, BENCH_EMBEDDED: '0', BENCH_ONLY: '(?!)' },
    },
  );
  if (filled.status !== 0) throw new Error('the entry log bench could not fill its database');
  return url;
}

/**
 * The `by_month` layout, made once from the filled table: the partitions of every month the ids
 * span (and a default one), the rows copied with UUIDv7 ids, then the table's indexes, triggers
 * and extended statistics. Answers the seconds it took (0 when it was there).
 */
async function partitionByMonth(db: Db): Promise<number> {
  const there = await sql<{
    n: number;
  }>`select count(*)::int as n from pg_namespace where nspname = 'by_month'`.execute(db);
  if (there.rows[0]?.n === 1) return 0;
  const started = performance.now();
  await sql`create schema by_month`.execute(db);
  await sql`create table by_month.visits (like public.visits including defaults including constraints including generated) partition by range (id)`.execute(
    db,
  );
  const span = await sql<{
    first: Date;
    last: Date;
  }>`select min(created_at) as first, max(created_at) as last from visits`.execute(db);
  const { first, last } = span.rows[0]!;
  // The smallest UUIDv7 of an instant: its 48-bit millisecond time, then zeros.
  const bound = (instant: Date) => {
    const hex = instant.getTime().toString(16).padStart(12, '0');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-0000-0000-000000000000`;
  };
  for (
    let month = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), 1));
    month <= last;
    month = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 1))
  ) {
    const next = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 1));
    const name = `visits_${month.toISOString().slice(0, 7).replace('-', '_')}`;
    await sql`create table ${sql.id('by_month', name)} partition of by_month.visits for values from (${sql.lit(bound(month))}) to (${sql.lit(bound(next))})`.execute(
      db,
    );
  }
  await sql`create table by_month.visits_default partition of by_month.visits default`.execute(db);
  const columns = await sql<{ name: string }>`
    select attname as name from pg_attribute
    where attrelid = 'public.visits'::regclass and attnum > 0 and not attisdropped order by attnum`.execute(db);
  const names = columns.rows.map((c) => c.name).filter((name) => name !== 'id');
  // A UUIDv7 from the row's creation time: 48 bits of milliseconds, the version, random bits.
  const v7 = sql`(lpad(to_hex((extract(epoch from created_at) * 1000)::bigint), 12, '0') || '7'
    || substr(md5(id::text), 1, 3) || '8' || substr(md5(id::text), 4, 15))::uuid`;
  await sql`insert into by_month.visits (id, ${sql.join(names.map((n) => sql.id(n)))})
    select ${v7}, ${sql.join(names.map((n) => sql.id(n)))} from public.visits`.execute(db);
  const indexes = await sql<{ definition: string; unique: boolean; primary: boolean }>`
    select pg_get_indexdef(i.indexrelid) as definition, i.indisunique as unique, i.indisprimary as primary
    from pg_index i where i.indrelid = 'public.visits'::regclass`.execute(db);
  for (const index of indexes.rows) {
    if (index.primary) {
      await sql`alter table by_month.visits add primary key (id)`.execute(db);
      continue;
    }
    const definition = index.definition
      .replace(' ON public.visits ', ' ON by_month.visits ')
      .replace(/^CREATE UNIQUE INDEX/, 'CREATE INDEX');
    await sql.raw(definition).execute(db);
  }
  const keys = await sql<{ name: string; definition: string }>`
    select conname as name, pg_get_constraintdef(oid) as definition from pg_constraint
    where conrelid = 'public.visits'::regclass and contype = 'f'`.execute(db);
  for (const key of keys.rows)
    await sql`alter table by_month.visits add constraint ${sql.id(key.name)} ${sql.raw(key.definition)}`.execute(db);
  const triggers = await sql<{ definition: string }>`
    select pg_get_triggerdef(oid) as definition from pg_trigger
    where tgrelid = 'public.visits'::regclass and not tgisinternal`.execute(db);
  for (const trigger of triggers.rows)
    await sql.raw(trigger.definition.replace(' ON public.visits ', ' ON by_month.visits ')).execute(db);
  await sql`create statistics by_month.visits_arrival_stats (mcv) on checked_in_at, checked_out_at from by_month.visits`.execute(
    db,
  );
  await sql`vacuum analyze by_month.visits`.execute(db);
  return (performance.now() - started) / 1000;
}

interface Target {
  tenantId: string;
  towerId: string;
}

async function targetOf(db: Db): Promise<Target> {
  const tower = await db
    .selectFrom('buildings')
    .innerJoin('tenants', 'tenants.id', 'buildings.tenant_id')
    .select(['buildings.id', 'buildings.tenant_id'])
    .where('tenants.name', '=', 'Atlas Group')
    .where('buildings.name', '=', 'Atlas Tower')
    .executeTakeFirstOrThrow();
  return { tenantId: tower.tenant_id, towerId: tower.id };
}

/** The check-in service, `count` calls at concurrency 8 into a new building of `tenantId`: calls a second and p95. */
async function checkIns(
  ctx: ServerContext,
  tenantId: string,
  label: string,
): Promise<{ perSecond: number; p95: number }> {
  const buildingId = await createBuilding(ctx.db, tenantId, `Growth ${label} ${Date.now()}`);
  const { qr_code_key: qrCodeKey } = await ctx.db
    .selectFrom('buildings')
    .select('qr_code_key')
    .where('id', '=', buildingId)
    .executeTakeFirstOrThrow();
  const channel = { fromKiosk: false, clientIp: '127.0.0.1', locale: 'en' as const, origin: 'http://127.0.0.1' };
  let serial = 0;
  const one = async () => {
    const i = serial++;
    const body = checkInRequestSchema.parse({
      qrCodeKey,
      visitorType: 'VISITOR',
      checkInForm: {
        firstName: 'Growth',
        lastName: `${label} ${i}`,
        host: 'Host',
        email: `g${i}-${Date.now()}@example.test`,
      },
      questionnairesAnswers: [],
    });
    const outcome = await checkInService(ctx, body, channel);
    if (!outcome.body.allowed) throw new Error(`check-in refused: ${JSON.stringify(outcome.body)}`);
  };
  for (let i = 0; i < 20; i++) await one();
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next++ < CHECKINS) {
        const t0 = performance.now();
        await one();
        latencies.push(performance.now() - t0);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { perSecond: CHECKINS / ((performance.now() - started) / 1000), p95: percentile(latencies, 95) };
}

class RolledBack extends Error {}

/** The milliseconds `work` takes inside a transaction that is then rolled back. */
async function inRolledBack(db: Db, work: (trx: Db) => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  let took = 0;
  await db
    .transaction()
    .execute(async (trx) => {
      await work(trx);
      took = performance.now() - t0;
      throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  return took;
}

async function layout(name: string, database: DatabaseHandle, target: Target, empty: number): Promise<void> {
  const db = database.db;
  const config = loadConfig({ DATA_DIR: 'memory://', LOG_LEVEL: 'silent', VESTIBULE_DEMO: '0' });
  const app = await buildApp({ config, database, logger: false });
  const ctx = app.ctx;
  const corporate: VisitCaller = { tenantId: target.tenantId, assignedTo: undefined };
  const now = Date.now();
  const iso = (days: number) => new Date(now + days * DAY).toISOString();
  const dayOf = (days: number) => iso(days).slice(0, 10);
  console.log(`\n${name}`);
  const line = (what: string, f: Figures) => console.log(`  ${what.padEnd(44)} p50 ${ms(f.p50)}   p95 ${ms(f.p95)}`);
  line('entry log, company, first page', await timed(RUNS, () => listVisits(ctx, corporate, { limit: 10 })));
  line(
    'entry log, tower, first page',
    await timed(RUNS, () => listVisits(ctx, corporate, { limit: 10, buildingId: target.towerId })),
  );
  line(
    'entry log, tower, inside',
    await timed(RUNS, () => listVisits(ctx, corporate, { limit: 10, buildingId: target.towerId, status: 'in' })),
  );
  const prefixes = ['gar', 'mart', 'ngu', 'trem', 'smi', 'patel'];
  line(
    'entry log, company, name search',
    await timed(RUNS, (i) => listVisits(ctx, corporate, { limit: 10, search: prefixes[i % prefixes.length] })),
  );
  line(
    'entry log, company, check-ins of 7 days',
    await timed(RUNS, () =>
      listVisits(ctx, corporate, { limit: 10, dateFilter: 'checkInAt', from: iso(-7), to: iso(0) }),
    ),
  );
  const codes = await db
    .selectFrom('visits')
    .select(['identifier', 'public_identifier'])
    .where('tenant_id', '=', target.tenantId)
    .orderBy('public_identifier')
    .limit(RUNS + WARMUP)
    .execute();
  line(
    'a visit by its code',
    await timed(RUNS, (i) =>
      db.selectFrom('visits').select('id').where('identifier', '=', codes[i]!.identifier).executeTakeFirst(),
    ),
  );
  line(
    'a visit by its link',
    await timed(RUNS, (i) =>
      db
        .selectFrom('visits')
        .select('id')
        .where('public_identifier', '=', codes[i]!.public_identifier)
        .executeTakeFirst(),
    ),
  );
  const quarter = { buildingIds: [target.towerId], from: dayOf(-89), to: dayOf(0) };
  line('building report, tower, 90 days', await timed(RUNS, () => buildingReport(ctx, corporate, quarter)));
  line(
    'entry report, tower, 90 days, by host',
    await timed(RUNS, () => entryReport(ctx, corporate, { ...quarter, groupBy: 'host' })),
  );
  line(
    'attendance, tower, 30 days',
    await timed(RUNS, () =>
      attendanceReport(ctx, corporate, { buildingIds: [target.towerId], from: dayOf(-29), to: dayOf(0), limit: 50 }),
    ),
  );
  const checkins = await checkIns(ctx, target.tenantId, name);
  console.log(
    `  ${'check-in service (concurrency 8)'.padEnd(44)} ${checkins.perSecond.toFixed(0).padStart(6)} /s   p95 ${ms(checkins.p95)}   ${(checkins.perSecond / empty).toFixed(2)}x the empty database's rate`,
  );
  // Retention as the job runs it: the company's visits older than 60 days, batches of 500.
  const buildingIds = (
    await db.selectFrom('buildings').select('id').where('tenant_id', '=', target.tenantId).execute()
  ).map((building) => building.id);
  const group = { tenantId: target.tenantId, buildingIds, before: new Date(now - 60 * DAY) };
  const batches = await timed(10, () => eraseDue(db, 'visits', group, 500, new Date()));
  line('retention, a batch of 500 anonymised', batches);
  await app.close();
}

/**
 * A month away (the fullest month): on one table its oldest visits deleted as a batch, by month its
 * partition detached and dropped; both rolled back.
 */
async function monthAway(db: Db, target: Target): Promise<void> {
  const oldest = await sql<{ name: string; rows: number }>`
    select c.relname as name, c.reltuples::bigint as rows from pg_inherits i
    join pg_class c on c.oid = i.inhrelid
    where i.inhparent = 'by_month.visits'::regclass and c.relname <> 'visits_default'
    order by c.reltuples desc limit 1`.execute(db);
  const partition = oldest.rows[0]!;
  const batch = 5_000;
  const oldestVisits = await db
    .selectFrom('visits')
    .select('id')
    .where('tenant_id', '=', target.tenantId)
    .orderBy('created_at')
    .limit(batch)
    .execute();
  const ids = oldestVisits.map((row) => row.id);
  const deleted = await inRolledBack(db, async (trx) => {
    await trx.deleteFrom('visits').where('id', 'in', ids).execute();
  });
  const detached = await inRolledBack(db, async (trx) => {
    await sql`alter table by_month.visits detach partition ${sql.id('by_month', partition.name)}`.execute(trx);
    await sql`drop table ${sql.id('by_month', partition.name)}`.execute(trx);
  });
  const rows = Number(partition.rows);
  console.log(`\na month away (${partition.name}, ${rows.toLocaleString('en')} visits), rolled back`);
  console.log(
    `  one table: ${batch.toLocaleString('en')} deleted in ${deleted.toFixed(0)} ms (${((batch / deleted) * 1000).toFixed(0)}/s), the month in about ${(((rows / batch) * deleted) / 1000).toFixed(0)} s of deletes`,
  );
  console.log(`  by month:  detached and dropped in ${detached.toFixed(0)} ms`);
}

async function sizes(db: Db, visits: number): Promise<void> {
  const sized = await sql<{ heap: string; indexes: string }>`
    select pg_table_size('public.visits') as heap, pg_indexes_size('public.visits') as indexes`.execute(db);
  const parted = await sql<{ heap: string; indexes: string }>`
    select sum(pg_table_size(inhrelid)) as heap, sum(pg_indexes_size(inhrelid)) as indexes
    from pg_inherits where inhparent = 'by_month.visits'::regclass`.execute(db);
  const gb = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(2)} GB`;
  const perMillion = (bytes: number) => (bytes / visits) * 1_000_000;
  for (const [name, row] of [
    ['one table', sized.rows[0]!],
    ['by month', parted.rows[0]!],
  ] as const) {
    const heap = Number(row.heap);
    const indexes = Number(row.indexes);
    console.log(
      `  ${name.padEnd(10)} rows ${gb(heap)}, indexes ${gb(indexes)}; per million visits ${gb(perMillion(heap + indexes))}; a year of ${(YEAR_OF_VISITS / 1e9).toFixed(2)} billion: ${gb(perMillion(heap + indexes) * (YEAR_OF_VISITS / 1_000_000))}`,
    );
  }
}

/** A new database named `name` on `server` (one a run before left there is dropped first). */
async function freshDatabase(server: PostgresServer, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${pg.escapeIdentifier(name)}`);
  } finally {
    await admin.end();
  }
  return createDatabase(server, name);
}

const external = process.env.BENCH_POSTGRES_URL;
const server = external ? { url: external, stop: async () => {} } : await startPostgres();
try {
  const url = await filledDatabase(server);
  const single = await openDatabase({ databaseUrl: url, dataDir: 'memory://', poolSize: 10 });
  const byMonth = await openDatabase({
    databaseUrl: `${url}?options=${encodeURIComponent('-c search_path=by_month,public')}`,
    dataDir: 'memory://',
    poolSize: 10,
  });
  const empty = await openDatabase({
    databaseUrl: await freshDatabase(server, 'vestibule_bench_growth_empty'),
    dataDir: 'memory://',
    poolSize: 10,
  });
  try {
    await migrateToLatest(single.db);
    await migrateToLatest(empty.db);
    const visits = Number(
      (
        await single.db
          .selectFrom('visits')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const seconds = await partitionByMonth(single.db);
    console.log(
      `${visits.toLocaleString('en')} visits${seconds > 0 ? `; the by-month copy made in ${seconds.toFixed(0)} s` : ''}`,
    );
    for (let batch = await rebuildDirtyRollups(single.db); batch > 0; batch = await rebuildDirtyRollups(single.db));
    await refreshStatistics(single.db);
    const target = await targetOf(single.db);
    const emptyConfig = loadConfig({ DATA_DIR: 'memory://', LOG_LEVEL: 'silent', VESTIBULE_DEMO: '0' });
    const emptyApp = await buildApp({ config: emptyConfig, database: empty, logger: false });
    const baseline = await checkIns(emptyApp.ctx, await createTenant(empty.db, { name: 'Empty Corp' }), 'empty');
    await emptyApp.close();
    console.log(
      `\nan empty database: check-in service (concurrency 8) ${baseline.perSecond.toFixed(0)} /s, p95 ${baseline.p95.toFixed(1)} ms`,
    );
    await layout('one table', single, target, baseline.perSecond);
    await layout('by month', byMonth, target, baseline.perSecond);
    await monthAway(single.db, target);
    console.log('\nsizes');
    await sizes(single.db, visits);
  } finally {
    await Promise.all([single.close(), byMonth.close(), empty.close()]);
  }
} finally {
  await server.stop();
}
