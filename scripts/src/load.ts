// `npm run load`: the load harness in scripts/load (docs/load.md); not part of `npm test`.
import { join } from 'node:path';
import { root, run } from './lib/run.ts';

process.exit(
  await run(process.execPath, ['--disable-warning=ExperimentalWarning', join(root, 'scripts', 'load', 'load.ts')]),
);
