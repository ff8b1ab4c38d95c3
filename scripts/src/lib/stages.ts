import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { stripVTControlCharacters } from 'node:util';
import { join } from 'node:path';
import { log, root, run, runCollected } from './run.ts';

export interface StageResult {
  name: string;
  ok: boolean;
  passed: number;
  failed: number;
  seconds: number;
  /** A test run with counts, rather than a pass-or-fail check. */
  counted?: boolean;
  /** The failed tests, each with its file and the first line of its error: the summary repeats them. */
  failures?: string[];
}

export interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  testResults?: {
    name: string;
    assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[];
  }[];
}

/**
 * The failed tests of a JSON report, so that the summary at the end of a long log names them:
 * file, test, the first line of the error and the line of the test file it came from (a scenario
 * with twenty polls fails with the same message at each).
 */
export function failuresOf(report: VitestReport, packageDir: string): string[] {
  const failures: string[] = [];
  for (const file of report.testResults ?? []) {
    const path = file.name.slice(file.name.lastIndexOf(`/${packageDir}/`) + 1);
    const fileName = path.slice(path.lastIndexOf('/') + 1);
    const frameOfFile = new RegExp(`${fileName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:(\\d+):\\d+`);
    for (const test of file.assertionResults ?? []) {
      if (test.status !== 'failed') continue;
      const lines = stripVTControlCharacters(test.failureMessages?.[0] ?? '').split('\n');
      const message = lines[0]?.slice(0, 1000) ?? '';
      const line = lines.map((text) => frameOfFile.exec(text)?.[1]).find((found) => found !== undefined);
      const at = line ? ` (${fileName}:${line})` : '';
      failures.push(`${path} > ${test.fullName}${message ? `: ${message}` : ''}${at}`);
    }
  }
  return failures;
}

const reportDir = mkdtempSync(join(tmpdir(), 'vestibule-reports-'));

/**
 * Stages show their output as it comes, or (when several run at once) collect it and show
 * it only when they fail, so outputs never interleave.
 */
let collectOutput = false;
export function collectStageOutput(collect: boolean): void {
  collectOutput = collect;
}

async function runStage(
  name: string,
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv },
): Promise<number> {
  if (!collectOutput) return run(command, args, options);
  const { code, output } = await runCollected(command, args, options);
  if (code !== 0) console.log(`\n[vestibule] ${name} failed:\n${output}`);
  return code;
}

/** Runs a check that has no test count (typecheck, lint, build): pass or fail. */
export async function stage(
  name: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<StageResult> {
  log(`${name}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const code = await runStage(name, command, args, { env });
  return { name, ok: code === 0, passed: 0, failed: code === 0 ? 0 : 1, seconds: (Date.now() - started) / 1000 };
}

/** The database's row types against the migrations (scripts/src/dbTypes.ts): drift fails. */
function databaseTypesStage(): Promise<StageResult> {
  return stage('database types', process.execPath, [
    '--disable-warning=ExperimentalWarning',
    join(root, 'scripts', 'src', 'dbTypes.ts'),
    '--check',
  ]);
}

/** Runs vitest in a package and reads the counts of its JSON report. */
export async function vitestStage(
  name: string,
  packageDir: string,
  filters: string[] = [],
  env: NodeJS.ProcessEnv = {},
  extraArgs: string[] = [],
): Promise<StageResult> {
  const report = join(reportDir, `${name.replace(/\W+/g, '-')}.json`);
  log(`${name}: vitest in ${packageDir}`);
  const started = Date.now();
  const code = await runStage(
    name,
    'pnpm',
    [
      'exec',
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
      ...extraArgs,
      ...filters,
    ],
    { cwd: join(root, packageDir), env },
  );
  let passed = 0;
  let failed = 0;
  let failures: string[] = [];
  if (existsSync(report)) {
    const counts = JSON.parse(readFileSync(report, 'utf8')) as VitestReport;
    passed = counts.numPassedTests;
    failed = counts.numFailedTests;
    failures = failuresOf(counts, packageDir);
  }
  // A run that crashed, or that ran nothing, counts as a failure.
  if (code !== 0 && failed === 0) failed = 1;
  if (passed + failed === 0) failed = 1;
  return {
    name,
    ok: code === 0 && failed === 0,
    passed,
    failed,
    seconds: (Date.now() - started) / 1000,
    counted: true,
    failures,
  };
}

export function printSummary(results: StageResult[]): { passed: number; failed: number } {
  console.log('\n[vestibule] summary');
  for (const r of results) {
    const counts = r.counted ? ` ${r.passed} passed, ${r.failed} failed` : '';
    console.log(`  ${r.ok ? 'ok  ' : 'FAIL'} ${r.name.padEnd(34)} ${r.seconds.toFixed(1).padStart(6)} s${counts}`);
    for (const failure of r.failures ?? []) console.log(`         ✗ ${failure}`);
  }
  const passed = results.reduce((sum, r) => sum + r.passed, 0);
  const failed = results.reduce((sum, r) => sum + r.failed, 0);
  return { passed, failed };
}

/** The static checks, one after the other: typecheck, lint, format, unused code, database types. */
export async function staticCheckStages(): Promise<StageResult[]> {
  return [
    await stage('typecheck', 'pnpm', ['-r', '--workspace-concurrency=1', 'run', 'typecheck']),
    await stage('lint', 'pnpm', ['exec', 'eslint', '--max-warnings', '0', '.']),
    await stage('format', 'pnpm', ['exec', 'prettier', '--check', '--log-level', 'warn', '.']),
    // Unused files, exports and dependencies (knip.json): dead code fails the run.
    await stage('unused code', 'pnpm', ['exec', 'knip', '--no-progress']),
    await databaseTypesStage(),
  ];
}

/** The packages' unit tests that need no database and no browser, one package after the other. */
export async function unitTestStages(): Promise<StageResult[]> {
  return [
    await vitestStage('unit: shared', 'shared'),
    await vitestStage('unit: ui', 'ui'),
    await vitestStage('unit: admin', 'admin'),
    await vitestStage('unit: kiosk', 'kiosk'),
    await vitestStage('unit: scripts', 'scripts'),
  ];
}
