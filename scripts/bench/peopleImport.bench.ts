// The people CSV import: a 10,000-row file (every column filled, each row with an
// external id, a third of them employees) checked and written through the import service on the
// embedded database, as PATCH /people/upload runs it after reading the form: a dry run, the
// first import (10,000 new people) and a re-import of the same file (10,000 updates by external
// id). Each phase is timed (median of ROUNDS for the dry run; the writes run once each, since a
// second first import would be a re-import) and the process's peak resident memory is sampled
// while it runs; the target is under 5 s for the import. The same number of rows inserted
// bare through the same database is printed as the floor the writes stand on. A benchmark, not a
// test.
import { randomBytes } from 'node:crypto';
import { uuidv7 } from '@vestibule/shared';
import { buildApp, loadConfig, migrateToLatest, openDatabase } from '@vestibule/server';
import { importPeople } from '@vestibule/server/bench';
import { createBuilding, createTenant } from '@vestibule/server/testing';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TARGET_MS = 5_000;

const types = ['e', 'CONTRACTOR', 'visitor', 'RESIDENT'] as const;

/** A file as an HR export writes it: semicolons, a heading, quoted cells now and then. */
function peopleFile(rows: number): Buffer {
  const lines = ['First name;Last name;Building;Type;E-mail;Phone;Company;Job title;Department;Id;Duration;From;To'];
  for (let i = 0; i < rows; i++) {
    const type = types[i % types.length] ?? 'visitor';
    lines.push(
      [
        `First${i}`,
        `"Last ${i}; Jr."`,
        i % 2 === 0 ? 'HQ-1' : 'AX-1',
        type,
        `person${i}@example.com`,
        `+1 514 555 ${String(i % 10_000).padStart(4, '0')}`,
        type === 'CONTRACTOR' ? `Contractor ${i % 50} Inc.` : '',
        'Engineer',
        `Department ${i % 20}`,
        `EMP-${i}`,
        '8:00',
        '01/01/2026',
        '31/12/2026',
      ].join(';'),
    );
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
}

/** Runs `work` while sampling the resident set size; answers its time and the peak seen. */
async function measured<T>(work: () => Promise<T>): Promise<{ ms: number; peakMb: number; result: T }> {
  let peak = process.memoryUsage().rss;
  const sample = () => {
    peak = Math.max(peak, process.memoryUsage().rss);
  };
  const timer = setInterval(sample, 5);
  const started = performance.now();
  try {
    const result = await work();
    sample();
    return { ms: performance.now() - started, peakMb: peak / 1024 / 1024, result };
  } finally {
    clearInterval(timer);
  }
}

const database = await openDatabase({ databaseUrl: undefined, dataDir: 'memory://' });
try {
  await migrateToLatest(database.db);
  const config = loadConfig({ DATA_DIR: 'memory://', LOG_LEVEL: 'silent', VESTIBULE_DEMO: '0' });
  const app = await buildApp({ config, database, logger: false });
  const db = database.db;
  const tenantId = await createTenant(db, { name: 'Bench Corp' });
  for (const [name, externalId] of [
    ['HQ', 'HQ-1'],
    ['Annex', 'AX-1'],
  ] as const) {
    const id = await createBuilding(db, tenantId, name);
    await db.updateTable('buildings').set({ external_id: externalId }).where('id', '=', id).execute();
  }
  const content = peopleFile(ROWS);
  const columns = {
    firstName: 0,
    lastName: 1,
    buildingId: 2,
    visitorType: 3,
    email: 4,
    phone: 5,
    companyName: 6,
    jobTitle: 7,
    department: 8,
    externalId: 9,
    defaultDuration: 10,
    validFrom: 11,
    validTo: 12,
  };
  const actor = { userId: null, username: 'bench', actingAsId: null, clientIp: null };
  const scope = { tenantId, assignedTo: undefined };
  const run = (dryRun: boolean) =>
    importPeople(
      app.ctx,
      actor,
      scope,
      { fields: { columns, datesFormat: 'dd/MM/yyyy', firstRow: 2, dryRun }, content },
      'en',
    );
  const check = (
    label: string,
    report: Awaited<ReturnType<typeof run>>,
    expected: { created: number; updated: number },
  ) => {
    if (report.issues.length > 0 || report.created !== expected.created || report.updated !== expected.updated) {
      throw new Error(
        `${label}: unexpected report ${JSON.stringify({ ...report, issues: report.issues.slice(0, 5) })}`,
      );
    }
  };

  const baseline = process.memoryUsage().rss / 1024 / 1024;
  await run(true); // warm-up: module code, plans, the parser
  const dryRuns: { ms: number; peakMb: number }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const dry = await measured(() => run(true));
    check('dry run', dry.result, { created: ROWS, updated: 0 });
    dryRuns.push(dry);
  }
  dryRuns.sort((a, b) => a.ms - b.ms);
  const dry = dryRuns[Math.floor(dryRuns.length / 2)] ?? { ms: 0, peakMb: 0 };
  const first = await measured(() => run(false));
  check('import', first.result, { created: ROWS, updated: 0 });
  const again = await measured(() => run(false));
  check('re-import', again.result, { created: 0, updated: ROWS });
  // The floor: the same number of rows inserted bare (built in memory, chunks of 1,000, one
  // transaction), into another company so nothing collides.
  const floorTenant = await createTenant(db, { name: 'Floor Corp' });
  const floorBuilding = await createBuilding(db, floorTenant, 'Floor HQ');
  const bareRows = Array.from({ length: ROWS }, (_, i) => ({
    id: uuidv7(),
    tenant_id: floorTenant,
    building_id: floorBuilding,
    first_name: `First${i}`,
    last_name: `Last ${i}; Jr.`,
    email: `person${i}@example.com`,
    phone: '+1 514 555 0000',
    visitor_type: 'EMPLOYEE' as const,
    external_id: `EMP-${i}`,
    job_title: 'Engineer',
    department: `Department ${i % 20}`,
    company_name: null,
    default_duration: 480,
    valid_from: '2026-01-01',
    valid_to: '2026-12-31',
    pass_identifier: randomBytes(16).toString('base64url'),
  }));
  const bare = await measured(() =>
    db.transaction().execute(async (trx) => {
      for (let start = 0; start < bareRows.length; start += 1_000) {
        await trx
          .insertInto('people')
          .values(bareRows.slice(start, start + 1_000))
          .execute();
      }
    }),
  );
  const stored = await db
    .selectFrom('people')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  await app.close();

  const mb = (content.length / 1024 / 1024).toFixed(2);
  const line = (name: string, f: { ms: number; peakMb: number }, note = '') =>
    `  ${name.padEnd(36)} ${f.ms.toFixed(0).padStart(6)} ms   ${((ROWS / f.ms) * 1000).toFixed(0).padStart(7)} rows/s   peak RSS ${f.peakMb.toFixed(0).padStart(4)} MB${note ? `   ${note}` : ''}`;
  const verdict = (ms: number) => `${(ms / TARGET_MS).toFixed(2)}x the 5 s target: ${ms < TARGET_MS ? 'PASS' : 'OVER'}`;
  console.log(`\nembedded PGlite: a ${ROWS}-row file (${mb} MB), through the import service`);
  console.log(line(`dry run (median of ${ROUNDS})`, dry, verdict(dry.ms)));
  console.log(line('import: new people', first, verdict(first.ms)));
  console.log(line('re-import: updates by external id', again, verdict(again.ms)));
  console.log(line('bare INSERT of as many rows (floor)', bare));
  console.log(
    `  import ${(first.ms / bare.ms).toFixed(1)}x the bare insert, re-import ${(again.ms / bare.ms).toFixed(1)}x; resident before the phases ${baseline.toFixed(0)} MB (the embedded database's memory)`,
  );
  console.log(
    `  writing over checking: import ${(first.ms / dry.ms).toFixed(1)}x the dry run, re-import ${(again.ms / dry.ms).toFixed(1)}x; ${Number(stored.count)} people stored`,
  );
} finally {
  await database.close();
}
