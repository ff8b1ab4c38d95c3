// `npm run check`: the day-to-day loop: typecheck, lint, format, unused code, unit tests (no database, no browser).
import {
  type StageResult,
  collectStageOutput,
  databaseTypesStage,
  printSummary,
  stage,
  vitestStage,
} from './lib/stages.ts';

// Two lanes on two cores: static checks beside the unit tests; a failing stage prints its output.
collectStageOutput(true);
const started = Date.now();
const staticChecks = async (): Promise<StageResult[]> => [
  await stage('typecheck', 'pnpm', ['-r', '--workspace-concurrency=1', 'run', 'typecheck']),
  await stage('lint', 'pnpm', ['exec', 'eslint', '--max-warnings', '0', '.']),
  await stage('format', 'pnpm', ['exec', 'prettier', '--check', '--log-level', 'warn', '.']),
  // Unused files, exports and dependencies (knip.json): dead code fails the check.
  await stage('unused code', 'pnpm', ['exec', 'knip', '--no-progress']),
  await databaseTypesStage(),
];
const unitTests = async (): Promise<StageResult[]> => [
  await vitestStage('unit: admin', 'admin'),
  await vitestStage('unit: shared', 'shared'),
  await vitestStage('unit: ui', 'ui'),
  await vitestStage('unit: kiosk', 'kiosk'),
  await vitestStage('unit: scripts', 'scripts'),
  await vitestStage('unit: server', 'server', [], {}, ['--exclude', '**/*.int.test.ts']),
];
const results = (await Promise.all([staticChecks(), unitTests()])).flat();
const { passed, failed } = printSummary(results);
console.log(`  total ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(`check: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
