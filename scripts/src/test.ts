// `npm test`: every suite. Typecheck, lint, format, unit tests, the app builds, API tests on
// the embedded database and on a real PostgreSQL server (installed and started here when
// missing), and the browser scenarios in Debian's Chromium (installed when missing).
import { existsSync } from 'node:fs';
import { startPostgres } from './lib/postgres.ts';
import { aptInstall, commandExists, log } from './lib/run.ts';
import { type StageResult, databaseTypesStage, printSummary, stage, vitestStage } from './lib/stages.ts';

const started = Date.now();
const results: StageResult[] = [];
const add = async (result: Promise<StageResult>) => results.push(await result);

await add(stage('typecheck', 'pnpm', ['-r', '--workspace-concurrency=2', 'run', 'typecheck']));
await add(stage('lint', 'pnpm', ['exec', 'eslint', '--max-warnings', '0', '.']));
await add(stage('format', 'pnpm', ['exec', 'prettier', '--check', '--log-level', 'warn', '.']));
// Unused files, exports and dependencies (knip.json): dead code fails the run.
await add(stage('unused code', 'pnpm', ['exec', 'knip', '--no-progress']));
await add(databaseTypesStage());
await add(vitestStage('unit: shared', 'shared'));
await add(vitestStage('unit: ui', 'ui'));
await add(vitestStage('unit: admin', 'admin'));
await add(vitestStage('unit: kiosk', 'kiosk'));
await add(vitestStage('unit: scripts', 'scripts'));
await add(
  stage('build: admin and kiosk', 'pnpm', [
    '--filter',
    '@vestibule/admin',
    '--filter',
    '@vestibule/kiosk',
    'run',
    'build',
  ]),
);
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
