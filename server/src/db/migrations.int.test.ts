import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_MIGRATIONS } from 'kysely/migration';
import { createTestDatabase } from '../../test/helpers/database.ts';
import { createMigrator, type DatabaseHandle } from './database.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

async function tableNames(): Promise<string[]> {
  const tables = await database.db.introspection.getTables();
  return tables
    .map((table) => table.name)
    .filter((name) => !name.startsWith('kysely_'))
    .sort();
}

describe('migrations', () => {
  it('migrate a fresh database up, all the way down, and up again', async () => {
    const migrator = createMigrator(database.db);
    const all = await migrator.getMigrations();
    expect(all.length).toBeGreaterThan(0);
    expect(all.every((migration) => migration.executedAt !== undefined)).toBe(true);
    const tablesUp = await tableNames();
    expect(tablesUp).toEqual(expect.arrayContaining(['tenants', 'users', 'app_settings', 'login_failures']));

    const down = await migrator.migrateTo(NO_MIGRATIONS);
    expect(down.error).toBeUndefined();
    expect(down.results!.every((result) => result.status === 'Success')).toBe(true);
    expect(await tableNames()).toEqual([]);

    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();
    expect(await tableNames()).toEqual(tablesUp);
  });

  it('names migrations <YYYYMMDDHHmm>_<what> so they run in order', async () => {
    const names = (await createMigrator(database.db).getMigrations()).map((migration) => migration.name);
    for (const name of names) expect(name).toMatch(/^\d{12}_[a-z0-9_]+$/);
    expect([...names].sort()).toEqual(names);
  });
});
