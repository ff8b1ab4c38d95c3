// `npm run bench`: runs every benchmark in scripts/bench; each prints figures and ratios.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { log, root, run } from './lib/run.ts';

const dir = join(root, 'scripts', 'bench');
const benches = existsSync(dir)
  ? readdirSync(dir)
      .filter((name) => name.endsWith('.bench.ts'))
      .sort()
  : [];
if (benches.length === 0) log('no benchmarks yet in scripts/bench');
let failed = 0;
for (const bench of benches) {
  log(`benchmark ${bench}`);
  if ((await run(process.execPath, ['--disable-warning=ExperimentalWarning', join(dir, bench)])) !== 0) failed++;
}
process.exit(failed === 0 ? 0 : 1);
