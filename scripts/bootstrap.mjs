#!/usr/bin/env node
// Entry point of `npm start`, `npm test`, `npm run check|build|bench|load`.
// Runs on whatever Node the machine has (plain JavaScript, no dependencies):
// fetches Node 22 and the pinned pnpm into .tools/ when missing (corepack does not
// work on these machines), installs the workspace from the committed lockfile, then
// hands over to scripts/src/<task>.ts under Node 22.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const tools = join(root, '.tools');
const toolsBin = join(tools, 'node_modules', '.bin');
const rootPackage = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const pnpmVersion = rootPackage.toolchain.pnpm;
const NODE_MAJOR = Number(rootPackage.toolchain.node);
const tasks = ['start', 'test', 'check', 'build', 'bench', 'load'];

const task = process.argv[2];
if (!tasks.includes(task)) {
  console.error(`usage: node scripts/bootstrap.mjs <${tasks.join('|')}> [args]`);
  process.exit(2);
}

function log(message) {
  console.log(`[vestibule] ${message}`);
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

function capture(command, args, env) {
  const result = spawnSync(command, args, { cwd: root, env, encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : undefined;
}

function majorOf(version) {
  return Number(String(version).replace(/^v/, '').split('.')[0]);
}

const missing = [];
const systemNodeOk = majorOf(process.versions.node) >= NODE_MAJOR;
const toolsNode = join(toolsBin, 'node');
if (!systemNodeOk && !existsSync(toolsNode)) missing.push(`node@${NODE_MAJOR}`);
const toolsPnpm = join(toolsBin, 'pnpm');
const pathWithTools = [toolsBin, process.env.PATH ?? ''].join(delimiter);
const env = { ...process.env, PATH: pathWithTools };
if (!existsSync(toolsPnpm) && capture('pnpm', ['--version'], env) !== pnpmVersion) {
  missing.push(`pnpm@${pnpmVersion}`);
}
if (missing.length > 0) {
  log(`installing ${missing.join(' and ')} into .tools/ ...`);
  const status = run('npm', ['install', '--prefix', tools, '--no-audit', '--no-fund', '--loglevel=error', ...missing]);
  if (status !== 0) {
    console.error('[vestibule] could not install the toolchain from the npm registry');
    process.exit(status);
  }
}

const node = systemNodeOk ? process.execPath : toolsNode;
const nodeVersion = capture(node, ['--version'], env);
if (majorOf(nodeVersion) < NODE_MAJOR) {
  console.error(`[vestibule] Node ${NODE_MAJOR} or newer is needed, found ${nodeVersion}`);
  process.exit(1);
}
// The Node that runs the tasks comes first on PATH so pnpm and every child use it.
env.PATH = [dirname(node), pathWithTools].join(delimiter);
env.VESTIBULE_NODE = node;

log(`node ${nodeVersion}, pnpm ${capture('pnpm', ['--version'], env)}`);
const installStatus = run('pnpm', ['install', '--frozen-lockfile', '--reporter=append-only'], { env });
if (installStatus !== 0) process.exit(installStatus);

const taskArgs = [
  '--disable-warning=ExperimentalWarning',
  join(root, 'scripts', 'src', `${task}.ts`),
  ...process.argv.slice(3),
];
const child = spawn(node, taskArgs, { stdio: 'inherit', cwd: root, env });
// Pass stop signals on, so `npm start` shuts the server down gracefully.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
