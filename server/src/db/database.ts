import { mkdirSync } from 'node:fs';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { FileMigrationProvider, Migrator, type MigrationResultSet } from 'kysely/migration';
import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Database } from './schema.ts';
import { isDatabaseUnreachable } from './unreachable.ts';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  /** 'pglite' for the embedded database, 'postgres' for a server. */
  kind: 'pglite' | 'postgres';
  /** The server's streaming replica, when one is given (docs/scale.md, "Reads on a replica"). */
  replica?: Db;
  close: () => Promise<void>;
  /**
   * LISTENs to `channels` on a connection of its own (a PostgreSQL server) or on the embedded
   * database, until `close()`. See `ListenHandlers`.
   */
  listen: (channels: readonly string[], handlers: ListenHandlers) => Listener;
}

/** What a LISTEN reports (live updates). */
export interface ListenHandlers {
  notification: (channel: string, payload: string) => void;
  /**
   * The LISTEN is in place: first, and again after a lost connection came back. Notifications sent
   * while it was down are lost, so a listener that keeps state starts again here.
   */
  listening: () => void;
  /** The connection was lost or could not be opened; it is tried again (100 ms, doubling to 5 s). */
  lost?: (error: unknown) => void;
}

export interface Listener {
  close: () => Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl: string | undefined;
  readDatabaseUrl?: string | undefined;
  dataDir: string;
  poolSize?: number;
}

// PostgreSQL answers bigint and numeric as text by default; counts fit in a JS number. A date
// (a calendar day, such as a person's validity) stays its yyyy-MM-dd text: a JS Date would put it
// at midnight in the server's time zone.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

/**
 * Ends a hot statement whose plan is worth keeping (`.modifyEnd(keepPlan)`): on a PostgreSQL
 * server it is prepared once per connection, named by its text, so later runs skip parsing and
 * planning (for the check-in's guarded insert, planning was two thirds of its time on the
 * server). Only statements whose text takes a few shapes may carry it: each shape stays prepared
 * on every connection of the pool. The embedded database plans every statement.
 */
export const keepPlan = sql.raw('/* keep plan */');
const keepPlanMark = '/* keep plan */';
const statementNames = new Map<string, string>();

function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `k${createHash('sha1').update(text).digest('base64url').slice(0, 24)}`;
    statementNames.set(text, name);
  }
  return name;
}

function preparesMarkedStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
  // Bumped when a prepared statement's table changed under it (another instance migrated):
  // PostgreSQL then refuses it ("cached plan must not change result type") on this connection,
  // so it is prepared again under a new name.
  let generation = 0;
  const prepared = (text: string, values: unknown[]) =>
    query({ name: `${statementName(text)}_${generation}`, text, values });
  (client as { query: (...args: unknown[]) => unknown }).query = (text: unknown, ...rest: unknown[]) => {
    const values = rest[0];
    if (typeof text !== 'string' || !text.endsWith(keepPlanMark) || !Array.isArray(values) || rest.length > 1) {
      return query(text, ...rest);
    }
    const replanned = (error: unknown) => (error as { code?: string }).code === '0A000';
    if (client.getTransactionStatus() !== 'T') {
      return prepared(text, values).catch((error: unknown) => {
        if (!replanned(error)) throw error;
        generation++;
        return prepared(text, values);
      });
    }
    // In a transaction a refused statement aborts the transaction: a savepoint keeps it alive so
    // the statement can be prepared again.
    return (async () => {
      await query('SAVEPOINT keep_plan');
      let result: unknown;
      try {
        result = await prepared(text, values);
      } catch (error) {
        if (!replanned(error)) throw error;
        await query('ROLLBACK TO SAVEPOINT keep_plan');
        generation++;
        result = await prepared(text, values);
      }
      await query('RELEASE SAVEPOINT keep_plan');
      return result;
    })();
  };
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = serverPool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    pool.on('connect', preparesMarkedStatements);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: patientPool(pool) }) });
    const databaseUrl = options.databaseUrl;
    const replica = options.readDatabaseUrl ? replicaOf(options.readDatabaseUrl, options.poolSize) : undefined;
    return {
      db,
      kind: 'postgres',
      ...(replica ? { replica } : {}),
      close: async () => {
        await db.destroy();
        if (replica) await replica.destroy();
      },
      listen: (channels, handlers) => listenOnServer(databaseUrl, channels, handlers),
    };
  }
  if (options.dataDir !== 'memory://') mkdirSync(options.dataDir, { recursive: true });
  const pglite = await PGlite.create(options.dataDir === 'memory://' ? undefined : options.dataDir, {
    parsers: { 20: (value: string) => Number.parseInt(value, 10), 1082: (value: string) => value },
    // Bookings' exclusion constraint (a space's uuid beside its time range) needs btree_gist.
    extensions: { btree_gist },
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return {
    db,
    kind: 'pglite',
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
    listen: (channels, handlers) => listenEmbedded(pglite, channels, handlers),
  };
}

/** A replica's pool: read-only statements only, a lost connection dropped as the primary's is. */
function replicaOf(url: string, poolSize: number | undefined): Db {
  // A replica that does not answer is given up on quickly: the primary answers instead.
  const pool = serverPool({ connectionString: url, max: poolSize ?? 10, connectionTimeoutMillis: 2_000 });
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/** How long a request's new connection keeps trying a server that refuses it, before the request is answered 503. */
const CONNECT_PATIENCE_MS = 3_000;

/**
 * The primary's pool as the queries see it (docs/architecture.md, "A database restart ends no
 * instance"): a request arriving while the server restarts or fails over waits for it instead of
 * failing.
 * - A connection the server refuses (refused, shutting down, starting up) is tried again, after
 *   25, 50 and then every 100 ms, for up to CONNECT_PATIENCE_MS: nothing was sent on it.
 * - A connection's first statement, when the connection turns out lost (a pooled one the server
 *   ended while it was idle), is sent again on a new one when sending it again changes nothing:
 *   the driver had not sent it, or it is a `begin` or a `select`. A statement after the first
 *   one of a transaction is never sent again: its transaction is gone, and the request fails.
 */
function patientPool(pool: pg.Pool): PostgresPool {
  const connect = async () => {
    const deadline = Date.now() + CONNECT_PATIENCE_MS;
    for (let pause = 25; ; pause = Math.min(pause * 2, 100)) {
      try {
        return await pool.connect();
      } catch (error) {
        if (!isDatabaseUnreachable(error) || Date.now() + pause > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, pause));
      }
    }
  };
  return {
    connect: async () => firstStatementResent(await connect(), connect),
    end: () => pool.end(),
    options: pool.options,
    Client: pg.Client,
  };
}

/** Statements that change nothing, so that sending one again after its connection was lost is safe. */
const CHANGES_NOTHING = /^\s*(begin|select)\b/i;
/** What the driver answers for a statement it did not send, its connection known lost. */
const NOT_SENT = /is not queryable/;

function firstStatementResent(opened: pg.PoolClient, reconnect: () => Promise<pg.PoolClient>): PostgresPoolClient {
  let client = opened;
  let first = true;
  let released = false;
  const query = (text: unknown, parameters?: unknown): unknown => {
    const resendable = first && typeof text === 'string';
    first = false;
    if (!resendable) return (client as unknown as { query: (...args: unknown[]) => unknown }).query(text, parameters);
    return client.query(text, parameters as unknown[]).catch(async (error: unknown) => {
      const message = error instanceof Error ? error.message : '';
      if (!isDatabaseUnreachable(error) || !(NOT_SENT.test(message) || CHANGES_NOTHING.test(text))) throw error;
      client.release(true);
      // Released already: should no new connection come, the query's own release is a no-op.
      released = true;
      client = await reconnect();
      released = false;
      return client.query(text, parameters as unknown[]);
    });
  };
  return {
    query: query as PostgresPoolClient['query'],
    release: (destroy) => {
      if (!released) client.release(destroy);
    },
  };
}

/** A pool of a PostgreSQL server whose connections the server may end without ending this process. */
function serverPool(config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool(config);
  // An idle connection the server ends (a restart, an administrator, a test database dropped
  // with its connections) is an 'error' of the pool: without a listener it is an uncaught
  // exception that ends the process. The pool has already dropped that client and opens a new
  // one for the next query; a query in flight still gets its own error.
  pool.on('error', () => undefined);
  // One it ends while the client is checked out between two statements (a transaction waiting
  // on the server's own work, or a query whose answer was just read) is an 'error' of that
  // client, as fatal without a listener: the next statement on it fails instead, and the pool
  // drops the client when it is released.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

/**
 * Where the primary's log is now (its insert position: every commit made so far is before it), for
 * a read that must wait for a replica to pass what was just written.
 */
export async function primaryLogPosition(db: Db): Promise<string> {
  const row = await sql<{ lsn: string }>`select pg_current_wal_insert_lsn()::text as lsn`.execute(db);
  const lsn = row.rows[0]?.lsn;
  if (!lsn) throw new Error('no WAL position');
  return lsn;
}

/** Whether a replica has replayed the primary's log up to `lsn` (null: anything). */
export async function replicaHasReplayed(replica: Db, lsn: string | null): Promise<boolean> {
  const row = await sql<{ replayed: boolean | null }>`
    select pg_is_in_recovery() and (${lsn}::pg_lsn is null or pg_last_wal_replay_lsn() >= ${lsn}::pg_lsn) as replayed`.execute(
    replica,
  );
  return row.rows[0]?.replayed === true;
}

/**
 * LISTEN on a PostgreSQL server: one client of its own, outside the pool (a pooled connection
 * goes back to the pool and its LISTEN with it). A lost connection is opened again, with a
 * growing pause, and the channels listened to again; TCP keep-alive notices a dead peer.
 */
function listenOnServer(url: string, channels: readonly string[], handlers: ListenHandlers): Listener {
  let closed = false;
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let attempt: Promise<void> | undefined;
  let pause = 100;
  const connect = async (): Promise<void> => {
    retry = undefined;
    const client = new pg.Client({
      connectionString: url,
      keepAlive: true,
      connectionTimeoutMillis: 5000,
      application_name: 'vestibule-listen',
    });
    let down = false;
    const fail = (error?: unknown) => {
      if (down) return;
      down = true;
      if (current === client) current = undefined;
      client.end().catch(() => undefined);
      if (closed) return;
      handlers.lost?.(error);
      retry = setTimeout(() => {
        attempt = connect();
      }, pause);
      retry.unref();
      pause = Math.min(pause * 2, 5000);
    };
    client.on('error', fail);
    client.on('end', () => fail(new Error('the LISTEN connection ended')));
    client.on('notification', (message) => {
      if (!closed) handlers.notification(message.channel, message.payload ?? '');
    });
    try {
      await client.connect();
      for (const channel of channels) await client.query(`listen ${client.escapeIdentifier(channel)}`);
    } catch (error) {
      fail(error);
      return;
    }
    if (down) return;
    if (closed) {
      down = true;
      await client.end().catch(() => undefined);
      return;
    }
    current = client;
    pause = 100;
    handlers.listening();
  };
  attempt = connect();
  return {
    close: async () => {
      closed = true;
      if (retry) clearTimeout(retry);
      await attempt;
      const client = current;
      current = undefined;
      if (client) await client.end().catch(() => undefined);
    },
  };
}

/** LISTEN on the embedded database: its own notification callbacks, one set per caller. */
function listenEmbedded(pglite: PGlite, channels: readonly string[], handlers: ListenHandlers): Listener {
  let closed = false;
  const subscriptions = Promise.all(
    channels.map((channel) =>
      pglite.listen(channel, (payload) => {
        if (!closed) handlers.notification(channel, payload);
      }),
    ),
  );
  subscriptions.then(
    () => {
      if (!closed) handlers.listening();
    },
    (error: unknown) => handlers.lost?.(error),
  );
  return {
    close: async () => {
      closed = true;
      const unlisten = await subscriptions.catch(() => []);
      for (const stop of unlisten) if (!pglite.closed) await stop().catch(() => undefined);
    },
  };
}

const migrationFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export function createMigrator(db: Db): Migrator {
  return new Migrator({ db, provider: new FileMigrationProvider({ fs, path, migrationFolder }) });
}

function assertMigrated({ error, results }: MigrationResultSet): void {
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? '');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}

export async function migrateToLatest(db: Db): Promise<void> {
  // Several instances may start at once: kysely's migrator takes an advisory lock.
  assertMigrated(await createMigrator(db).migrateToLatest());
}

export async function checkDatabase(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
