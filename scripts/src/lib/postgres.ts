import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './freePort.ts';
import { aptInstall, log, run } from './run.ts';
import pg from 'pg';

export interface PostgresServer {
  url: string;
  stop: () => Promise<void>;
}

export interface PostgresPrimary extends PostgresServer {
  /**
   * A streaming replica of this server on another loopback port (pg_basebackup, hot standby):
   * its `url` reads what the primary wrote, a moment later. Stop it before the primary.
   */
  startReplica: () => Promise<PostgresServer>;
  /**
   * `pg_ctl restart -m fast`: every connection ended, then the server back on the same port with
   * the options of its start (postmaster.opts). Resolves once it accepts connections again.
   */
  restart: () => Promise<void>;
}

function findBinDir(): string | undefined {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((name) => existsSync(join(base, name, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(base, versions[0], 'bin') : undefined;
}

/**
 * A throwaway PostgreSQL cluster on a loopback port, installed from Debian when missing.
 * PostgreSQL refuses to run as root, so the cluster belongs to the postgres user.
 */
export async function startPostgres(): Promise<PostgresPrimary> {
  let bin = findBinDir();
  if (!bin) {
    log('PostgreSQL server not found: installing it with apt-get');
    await aptInstall(['postgresql']);
    bin = findBinDir();
    if (!bin) throw new Error('PostgreSQL was installed but pg_ctl was not found under /usr/lib/postgresql');
  }
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'vestibule-pg-'));
  const asRoot = process.getuid?.() === 0;
  const asPostgres = (command: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', command, ...args]) : run(command, args);
  if (asRoot && (await run('chown', ['postgres:postgres', dir])) !== 0)
    throw new Error(`cannot give ${dir} to postgres`);
  const data = join(dir, 'data');
  const initdb = await asPostgres(join(bin, 'initdb'), [
    '-D',
    data,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--locale=C.UTF-8',
    '--no-sync',
  ]);
  if (initdb !== 0) throw new Error('initdb failed');
  const binDir = bin;
  const start = async (folder: string, onPort: number, logFile: string) => {
    const options = `-p ${onPort} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
    const started = await asPostgres(join(binDir, 'pg_ctl'), [
      '-D',
      folder,
      '-l',
      logFile,
      '-o',
      options,
      '-w',
      'start',
    ]);
    if (started !== 0) throw new Error(`PostgreSQL did not start (log: ${logFile})`);
  };
  const logFile = join(dir, 'server.log');
  await start(data, port, logFile);
  log(`PostgreSQL ${bin.split('/').at(-2)} running on 127.0.0.1:${port}`);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    startReplica: async () => {
      const replicaPort = await freePort();
      const replicaData = join(dir, `replica-${replicaPort}`);
      // -R: the copy starts as a standby of this server, streaming its log (-X stream) from then on.
      // --checkpoint=fast: the copy starts at once, not after a checkpoint spread over minutes
      // (a cluster with data written, as the load harness's, would wait that long).
      const copy = [
        '-h',
        '127.0.0.1',
        '-p',
        String(port),
        '-U',
        'postgres',
        '-D',
        replicaData,
        '-R',
        '-X',
        'stream',
        '--checkpoint=fast',
      ];
      if ((await asPostgres(join(binDir, 'pg_basebackup'), [...copy, '--no-sync'])) !== 0)
        throw new Error('pg_basebackup failed');
      await start(replicaData, replicaPort, join(dir, `replica-${replicaPort}.log`));
      return {
        url: `postgres://postgres@127.0.0.1:${replicaPort}/postgres`,
        stop: async () => {
          await asPostgres(join(binDir, 'pg_ctl'), ['-D', replicaData, '-m', 'fast', '-w', 'stop']);
          await run('rm', ['-rf', replicaData]);
        },
      };
    },
    restart: async () => {
      const restarted = await asPostgres(join(binDir, 'pg_ctl'), [
        '-D',
        data,
        '-l',
        logFile,
        '-m',
        'fast',
        '-w',
        'restart',
      ]);
      if (restarted !== 0) throw new Error(`PostgreSQL did not restart (log: ${logFile})`);
    },
    stop: async () => {
      await asPostgres(join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
      await run('rm', ['-rf', dir]);
    },
  };
}

/** Creates an empty database on the server (for a benchmark's own data); answers its URL. */
export async function createDatabase(server: PostgresServer, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  try {
    await admin.query(`create database ${pg.escapeIdentifier(name)}`);
  } finally {
    await admin.end();
  }
  return server.url.replace(/\/postgres$/, `/${name}`);
}
