import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from '../../src/paths.ts';

// The real server process (server/src/main.ts) for the tests that start, stop and kill it.
const main = join(repoRoot, 'server', 'src', 'main.ts');

export interface ServerProcess {
  child: ChildProcess;
  /** Everything it printed so far, stdout and stderr. */
  output: () => string;
  exited: Promise<number | null>;
}

export function startServer(env: NodeJS.ProcessEnv): ServerProcess {
  const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', main], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** Resolves once the server printed something `pattern` matches (its match), rejects if it exits first. */
export function printed(server: ServerProcess, pattern: RegExp): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const match = pattern.exec(server.output());
      if (match) resolve(match);
    };
    check();
    server.child.stdout?.on('data', check);
    server.child.stderr?.on('data', check);
    server.child.on('exit', () => reject(new Error(`server exited: ${server.output()}`)));
  });
}

/** Resolves with the port once the server prints its address. */
export async function listeningPort(server: ServerProcess): Promise<number> {
  const match = await printed(server, /Admin app:\s+http:\/\/localhost:(\d+)\//);
  return Number(match[1]);
}

/** Signs in on a running server process; answers the session's token (a refusal throws). */
export async function signIn(base: string, username: string, password: string): Promise<string> {
  const response = await fetch(`${base}/service/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok) throw new Error(`${username} could not sign in: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}
