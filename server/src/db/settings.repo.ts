import type { Db } from './database.ts';

/**
 * Reads a server-wide setting, creating it with `initial` when absent; all instances get the same
 * value. Read first: once the setting exists (nearly always) it costs one statement.
 */
export async function getOrCreateSetting(db: Db, key: string, initial: () => string): Promise<string> {
  const read = () => db.selectFrom('app_settings').select('value').where('key', '=', key).executeTakeFirst();
  const existing = await read();
  if (existing) return existing.value;
  await db
    .insertInto('app_settings')
    .values({ key, value: initial() })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await read();
  if (!row) throw new Error(`app setting ${key} missing after its creation`);
  return row.value;
}
