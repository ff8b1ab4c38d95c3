import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { CamerasTable } from '../../db/schema.ts';

export type CameraRow = Awaited<ReturnType<typeof listCameras>>[number];

export function listCameras(db: Db, tenantId: string, buildingId: string) {
  return db
    .selectFrom('cameras')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('building_id', '=', buildingId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function findCamera(db: Db, tenantId: string, id: string) {
  return db.selectFrom('cameras').selectAll().where('id', '=', id).where('tenant_id', '=', tenantId).executeTakeFirst();
}

export async function insertCamera(db: Db, row: Insertable<CamerasTable>): Promise<void> {
  await db.insertInto('cameras').values(row).execute();
}

export async function updateCamera(
  db: Db,
  tenantId: string,
  id: string,
  values: Updateable<CamerasTable>,
): Promise<void> {
  await db.updateTable('cameras').set(values).where('id', '=', id).where('tenant_id', '=', tenantId).execute();
}

export async function deleteCamera(db: Db, tenantId: string, id: string): Promise<void> {
  await db.deleteFrom('cameras').where('id', '=', id).where('tenant_id', '=', tenantId).execute();
}
