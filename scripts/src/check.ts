// `npm run check`: the day-to-day loop: typecheck, lint, format, unit tests (no database, no browser).
import { printSummary, stage, vitestStage } from './lib/stages.ts';

const started = Date.now();
const results = [
  await stage('typecheck', 'pnpm', ['-r', '--workspace-concurrency=2', 'run', 'typecheck']),
  await stage('lint', 'pnpm', ['exec', 'eslint', '--max-warnings', '0', '.']),
  await stage('format', 'pnpm', ['exec', 'prettier', '--check', '--log-level', 'warn', '.']),
  await vitestStage('unit: shared', 'shared'),
  await vitestStage('unit: admin', 'admin'),
  await vitestStage('unit: kiosk', 'kiosk'),
  await vitestStage('unit: server', 'server', [], {}, ['--exclude', '**/*.int.test.ts']),
];
const { passed, failed } = printSummary(results);
console.log(`  total ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(`check: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
