import { type ExpressionBuilder, sql } from 'kysely';
import type { Database } from './schema.ts';

/**
 * "The building in `buildingColumn` is assigned to `userId`": the condition every list uses for
 * supervisors, users and space users (they see only their assigned buildings).
 */
export function assignedTo<DB extends Database, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  userId: string,
  buildingColumn: string,
) {
  return eb.exists(
    sql`(select 1 from user_buildings where user_buildings.user_id = ${userId}
      and user_buildings.building_id = ${sql.ref(buildingColumn)})`,
  );
}
