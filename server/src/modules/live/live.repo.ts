import type { Db } from '../../db/database.ts';

/** The ids of the buildings of a tenant assigned to a user. */
export async function assignedBuildingIds(db: Db, tenantId: string, userId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('user_buildings')
    .innerJoin('buildings', 'buildings.id', 'user_buildings.building_id')
    .select('buildings.id')
    .where('user_buildings.user_id', '=', userId)
    .where('buildings.tenant_id', '=', tenantId)
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** Whether a building belongs to a tenant. */
export async function isTenantBuilding(db: Db, tenantId: string, buildingId: string): Promise<boolean> {
  const row = await db
    .selectFrom('buildings')
    .select('id')
    .where('id', '=', buildingId)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return row !== undefined;
}
