import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../../src/db/database.ts';

/**
 * A fresh, migrated database for one test file: a new database on the PostgreSQL server
 * named by TEST_DATABASE_URL (dropped at close), or an in-memory embedded PGlite. `withReplica`:
 * lists read it on that server's streaming replica, TEST_READ_DATABASE_URL, when there is one.
 */
export async function createTestDatabase(
  options: { withReplica?: boolean } = {},
): Promise<DatabaseHandle & { url: string | undefined }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const handle = await openDatabase({ databaseUrl: undefined, dataDir: 'memory://' });
    await migrateToLatest(handle.db);
    return { ...handle, url: undefined };
  }
  const name = `vestibule_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const replicaServer = options.withReplica ? process.env.TEST_READ_DATABASE_URL : undefined;
  const replica = replicaServer ? new URL(replicaServer) : undefined;
  if (replica) replica.pathname = `/${name}`;
  const handle = await openDatabase({
    databaseUrl: url.toString(),
    readDatabaseUrl: replica?.toString(),
    dataDir: 'memory://',
    poolSize: 5,
  });
  await migrateToLatest(handle.db);
  return {
    ...handle,
    url: url.toString(),
    close: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
