import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(fileURLToPath(import.meta.url), '..', '..', '..', '..');

export interface RunOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  quiet?: boolean;
}

/** Runs a command with inherited output; resolves with its exit code. */
export function run(command: string, args: string[], options: RunOptions = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd ?? root,
      env: { ...process.env, ...options.env },
      stdio: options.quiet ? 'ignore' : 'inherit',
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Runs a command with its output collected; answers the exit code and everything it printed. */
export function runCollected(
  command: string,
  args: string[],
  options: RunOptions = {},
): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd ?? root, env: { ...process.env, ...options.env } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

/** Runs a command and answers its standard output (empty on failure). */
export function capture(
  command: string,
  args: string[],
  options: RunOptions = {},
): Promise<{ code: number; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: options.cwd ?? root, env: { ...process.env, ...options.env } });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', () => undefined);
    child.on('error', () => resolve({ code: 1, stdout }));
    child.on('exit', (code) => resolve({ code: code ?? 1, stdout }));
  });
}

export function log(message: string): void {
  console.log(`\n[vestibule] ${message}`);
}

export function commandExists(command: string): Promise<boolean> {
  return capture('sh', ['-c', `command -v ${command}`]).then(
    (result) => result.code === 0 && result.stdout.trim() !== '',
  );
}

let aptUpdated = false;
/** Installs Debian packages (CI has no terminal and no standard input). */
export async function aptInstall(packages: string[]): Promise<void> {
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const apt = (args: string[]) =>
    sudo.length ? run('sudo', ['-E', 'apt-get', ...args], { env }) : run('apt-get', args, { env });
  if (!aptUpdated) {
    if ((await apt(['update', '-q'])) !== 0) throw new Error('apt-get update failed');
    aptUpdated = true;
  }
  if ((await apt(['install', '-y', '-q', '--no-install-recommends', ...packages])) !== 0) {
    throw new Error(`apt-get install ${packages.join(' ')} failed`);
  }
}
