// The two databases a benchmark runs on, one after the other: the embedded PGlite (in memory),
// then a PostgreSQL server started for the run, in a database of its own.
import { type DatabaseHandle, openDatabase } from '@vestibule/server';
import { createDatabase, startPostgres } from '../../src/lib/postgres.ts';

/**
 * Runs `bench` on the embedded database, then on a PostgreSQL server in a new database named
 * `databaseName`, each closed after it; `embedded: false` or `postgres: false` skips one.
 */
export async function onEachDatabase(
  databaseName: string,
  bench: (label: string, database: DatabaseHandle) => Promise<void>,
  { embedded = true, postgres = true }: { embedded?: boolean; postgres?: boolean } = {},
): Promise<void> {
  if (embedded) {
    const database = await openDatabase({ databaseUrl: undefined, dataDir: 'memory://' });
    try {
      await bench('embedded PGlite', database);
    } finally {
      await database.close();
    }
  }
  if (postgres) {
    const server = await startPostgres();
    try {
      const database = await openDatabase({
        databaseUrl: await createDatabase(server, databaseName),
        dataDir: 'memory://',
        poolSize: 10,
      });
      try {
        await bench('PostgreSQL server', database);
      } finally {
        await database.close();
      }
    } finally {
      await server.stop();
    }
  }
}
