// `npm run check`: the day-to-day loop: typecheck, lint, format, unused code, unit tests (no database, no browser).
import {
  type StageResult,
  collectStageOutput,
  printSummary,
  staticCheckStages,
  unitTestStages,
  vitestStage,
} from './lib/stages.ts';

// Two lanes on two cores: static checks beside the unit tests; a failing stage prints its output.
collectStageOutput(true);
const started = Date.now();
const unitTests = async (): Promise<StageResult[]> => [
  ...(await unitTestStages()),
  await vitestStage('unit: server', 'server', [], {}, ['--exclude', '**/*.int.test.ts']),
];
const results = (await Promise.all([staticCheckStages(), unitTests()])).flat();
const { passed, failed } = printSummary(results);
console.log(`  total ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(`check: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
