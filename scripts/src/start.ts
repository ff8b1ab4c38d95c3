// `npm start`: builds the apps when their sources changed, then serves API, admin app and
// public pages from one process (migrations and demo data run at server start).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { log, root, run } from './lib/run.ts';

function newestMtime(dir: string): number {
  if (!existsSync(dir)) return 0;
  let newest = statSync(dir).mtimeMs;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

// The apps bundle the workspace packages they import from source: shared and ui.
const packagesChanged = Math.max(newestMtime(join(root, 'shared', 'src')), newestMtime(join(root, 'ui', 'src')));
for (const app of ['admin', 'kiosk']) {
  const index = join(root, app, 'dist', 'index.html');
  const builtAt = existsSync(index) ? statSync(index).mtimeMs : 0;
  if (builtAt < Math.max(newestMtime(join(root, app)), packagesChanged)) {
    log(`building the ${app} app`);
    const code = await run('pnpm', ['--filter', `@vestibule/${app}`, 'run', 'build']);
    if (code !== 0) process.exit(code);
  }
}

const server = spawn(
  process.execPath,
  ['--disable-warning=ExperimentalWarning', join(root, 'server', 'src', 'main.ts')],
  {
    cwd: root,
    stdio: 'inherit',
    env: process.env,
  },
);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
