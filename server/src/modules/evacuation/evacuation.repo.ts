import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

// The evacuation list's reads: its building (the visits inside are the visits module's, insideVisits).

/** The building's name and time zone, when it is the tenant's. */
export function evacuationBuilding(db: Db, tenantId: string, buildingId: string) {
  return db
    .selectFrom('buildings')
    .select(['id', 'name', sql<string | null>`settings->>'timeZoneId'`.as('time_zone')])
    .where('id', '=', buildingId)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
}
