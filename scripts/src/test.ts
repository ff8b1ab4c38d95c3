// `npm test`: every suite. Typecheck, lint, format, unit tests, the app builds, API tests on
// the embedded database and on a real PostgreSQL server (installed and started here when
// missing), and the browser scenarios in Debian's Chromium (installed when missing).
import { existsSync } from 'node:fs';
import { startPostgres } from './lib/postgres.ts';
import { aptInstall, commandExists, log } from './lib/run.ts';
import {
  type StageResult,
  collectStageOutput,
  printSummary,
  stage,
  staticCheckStages,
  unitTestStages,
  vitestStage,
} from './lib/stages.ts';

const started = Date.now();

// Two lanes on two cores, each lane's stages one after the other, of about the same length: the
// static checks, the app builds, the browser scenarios (which wait on the browser more than they
// compute) and the server's suite on PostgreSQL, beside the unit tests and the server's suite on
// the embedded database. Outputs are collected and a failing stage prints its own.
collectStageOutput(true);

const postgresSuite = async (): Promise<StageResult> => {
  try {
    const postgres = await startPostgres();
    try {
      // Its streaming replica, for the tests of reads on a replica (created empty, it streams the suite's writes).
      const replica = await postgres.startReplica();
      try {
        return await vitestStage('server: PostgreSQL server', 'server', ['int.test'], {
          TEST_DATABASE_URL: postgres.url,
          TEST_READ_DATABASE_URL: replica.url,
        });
      } finally {
        await replica.stop();
      }
    } finally {
      await postgres.stop();
    }
  } catch (error) {
    console.error(error);
    return { name: 'server: PostgreSQL server', ok: false, passed: 0, failed: 1, seconds: 0 };
  }
};

const staticChecksBuildsBrowserAndPostgres = async (): Promise<StageResult[]> => {
  const results = [
    ...(await staticCheckStages()),
    await stage('build: admin and kiosk', 'pnpm', [
      '--filter',
      '@vestibule/admin',
      '--filter',
      '@vestibule/kiosk',
      'run',
      'build',
    ]),
  ];
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  try {
    if (!existsSync(chromium) && !(await commandExists('chromium'))) {
      log('Chromium not found: installing it with apt-get');
      await aptInstall(['chromium']);
    }
    results.push(await vitestStage('browser scenarios (Chromium)', 'e2e', [], { CHROMIUM_PATH: chromium }));
  } catch (error) {
    console.error(error);
    results.push({ name: 'browser scenarios (Chromium)', ok: false, passed: 0, failed: 1, seconds: 0 });
  }
  results.push(await postgresSuite());
  return results;
};

const unitAndEmbeddedSuites = async (): Promise<StageResult[]> => [
  ...(await unitTestStages()),
  await vitestStage('server: embedded PGlite', 'server'),
];

const results: StageResult[] = (
  await Promise.all([staticChecksBuildsBrowserAndPostgres(), unitAndEmbeddedSuites()])
).flat();
const { passed, failed } = printSummary(results);
console.log(`  total ${((Date.now() - started) / 60_000).toFixed(1)} min`);
console.log(`Tests: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
