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
const results: StageResult[] = [];
const add = async (result: Promise<StageResult>) => results.push(await result);

// Two lanes on two cores, as in `npm run check`: the static checks and the builds beside the unit
// tests (each lane's stages one after the other); a failing stage prints its output.
collectStageOutput(true);
const staticChecksAndBuilds = async (): Promise<StageResult[]> => [
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
results.push(...(await Promise.all([staticChecksAndBuilds(), unitTestStages()])).flat());
collectStageOutput(false);

await add(vitestStage('server: embedded PGlite', 'server'));

try {
  const postgres = await startPostgres();
  try {
    await add(vitestStage('server: PostgreSQL server', 'server', ['int.test'], { TEST_DATABASE_URL: postgres.url }));
  } finally {
    await postgres.stop();
  }
} catch (error) {
  console.error(error);
  results.push({ name: 'server: PostgreSQL server', ok: false, passed: 0, failed: 1, seconds: 0 });
}

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
try {
  if (!existsSync(chromium) && !(await commandExists('chromium'))) {
    log('Chromium not found: installing it with apt-get');
    await aptInstall(['chromium']);
  }
  await add(vitestStage('browser scenarios (Chromium)', 'e2e', [], { CHROMIUM_PATH: chromium }));
} catch (error) {
  console.error(error);
  results.push({ name: 'browser scenarios (Chromium)', ok: false, passed: 0, failed: 1, seconds: 0 });
}

const { passed, failed } = printSummary(results);
console.log(`  total ${((Date.now() - started) / 60_000).toFixed(1)} min`);
console.log(`Tests: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
