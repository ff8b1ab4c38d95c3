import { sql } from 'kysely';
import type { Db } from '../../src/db/database.ts';

/**
 * Every text or JSON column of every table holding `marker`, as `table.column`: after an erasure,
 * none may hold what named the person (docs/privacy.md).
 */
export async function tablesHolding(db: Db, marker: string): Promise<string[]> {
  const columns = await sql<{ table_name: string; column_name: string }>`
    select table_name, column_name from information_schema.columns
    where table_schema = current_schema() and data_type in ('text', 'character varying', 'json', 'jsonb')
    order by 1, 2`.execute(db);
  const found: string[] = [];
  for (const { table_name, column_name } of columns.rows) {
    const hit = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table_name)}
      where ${sql.ref(column_name)}::text ilike ${`%${marker}%`}`.execute(db);
    if ((hit.rows[0]?.n ?? 0) > 0) found.push(`${table_name}.${column_name}`);
  }
  return found;
}
