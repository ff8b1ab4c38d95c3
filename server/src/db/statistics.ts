import { sql } from 'kysely';
import type { Db } from './database.ts';

/**
 * Fresh planner statistics. The embedded database has no autovacuum: without them it planned a
 * 100,000-person directory as 300 rows and sorted it all for a page (a second and more) instead of
 * walking the name index. Run by a job on a timer, and on the table a bulk write just filled (the
 * people import). On a PostgreSQL server autovacuum does the same; one more ANALYZE is harmless.
 */
export async function refreshStatistics(db: Db, table?: 'people' | 'visits'): Promise<void> {
  await (table ? sql`analyze ${sql.table(table)}` : sql`analyze`).execute(db);
}
