import type { Db } from './database.ts';

/** Reads a server-wide setting, creating it with `initial` when absent; all instances get the same value. */
export async function getOrCreateSetting(db: Db, key: string, initial: () => string): Promise<string> {
  await db
    .insertInto('app_settings')
    .values({ key, value: initial() })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('app_settings').select('value').where('key', '=', key).executeTakeFirstOrThrow();
  return row.value;
}
