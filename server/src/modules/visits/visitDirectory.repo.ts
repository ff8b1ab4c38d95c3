import type { Db } from '../../db/database.ts';

// What a visit names besides itself, as the entry log reads it: the building of the company and
// the people of its directory (the host, a visitor picked from it).

/** A building of the company, with what the entry log needs of it. */
export function findTenantBuilding(db: Db, tenantId: string, id: string) {
  return db
    .selectFrom('buildings')
    .select(['id', 'tenant_id', 'name', 'qr_code_key', 'settings', 'check_in_logo_version'])
    .where('id', '=', id)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
}

/** A person of the building and company (a visitor or a host picked from the directory). */
export function findBuildingPerson(db: Db, building: { id: string; tenant_id: string }, personId: string) {
  return db
    .selectFrom('people')
    .select([
      'id',
      'first_name',
      'last_name',
      'email',
      'phone',
      'company_name',
      'visitor_type',
      'locale',
      'deactivated',
      'valid_from',
      'valid_to',
    ])
    .where('people.id', '=', personId)
    .where('people.tenant_id', '=', building.tenant_id)
    .where('people.building_id', '=', building.id)
    .executeTakeFirst();
}
export type BuildingPersonRow = NonNullable<Awaited<ReturnType<typeof findBuildingPerson>>>;
