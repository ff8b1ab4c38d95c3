import type { Db } from '../../db/database.ts';

export function listTenantRefs(db: Db) {
  return db.selectFrom('tenants').select(['id', 'name']).orderBy('name').execute();
}

export function findTenantRef(db: Db, id: string) {
  return db.selectFrom('tenants').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
}

export function listTenantBuildingRefs(db: Db, tenantId: string) {
  return db.selectFrom('buildings').select(['id', 'name']).where('tenant_id', '=', tenantId).orderBy('name').execute();
}
