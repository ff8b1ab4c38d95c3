import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const exec = promisify(execFile);

export interface OwnCluster {
  /** The cluster's `postgres` database, as its superuser. */
  url: string;
  /** The first half of a restart, `pg_ctl stop -m fast`: every connection ended, the server down until `start`. */
  shutDown: () => Promise<void>;
  /** Started again on the same port, with the same options. */
  start: () => Promise<void>;
  stop: () => Promise<void>;
}

/**
 * A throwaway PostgreSQL cluster of one test's own, for a test that restarts its database: the
 * suite's server (TEST_DATABASE_URL) serves the test files running beside it. Made with that
 * server's own programs (its BINDIR), on this machine as the suite's server is (`npm test` starts
 * it on loopback); as root it belongs to the postgres user, since PostgreSQL refuses to run as root.
 */
export async function startOwnCluster(suiteServerUrl: string): Promise<OwnCluster> {
  const bin = await binDirOf(suiteServerUrl);
  const dir = mkdtempSync(join(tmpdir(), 'vestibule-own-pg-'));
  const asRoot = process.getuid?.() === 0;
  const run = (program: string, args: string[]) =>
    asRoot ? exec('runuser', ['-u', 'postgres', '--', join(bin, program), ...args]) : exec(join(bin, program), args);
  if (asRoot) await exec('chown', ['postgres:postgres', dir]);
  const data = join(dir, 'data');
  const logFile = join(dir, 'server.log');
  await run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  await run('pg_ctl', ['-D', data, '-l', logFile, '-o', options, '-w', 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    shutDown: async () => {
      await run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    },
    start: async () => {
      await run('pg_ctl', ['-D', data, '-l', logFile, '-o', options, '-w', 'start']);
    },
    stop: async () => {
      await run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function binDirOf(serverUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const result = await client.query<{ setting: string }>(`select setting from pg_config where name = 'BINDIR'`);
    const bin = result.rows[0]?.setting;
    if (!bin) throw new Error(`${serverUrl} does not say where its programs are (pg_config BINDIR)`);
    return bin;
  } finally {
    await client.end();
  }
}

/** A TCP port free on the loopback interface right now (the OS picks it). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}
