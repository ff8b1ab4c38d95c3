import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

// The evacuation list's reads: a building's open visits with their host's name.

/** The building's name and time zone, when it is the tenant's. */
export function evacuationBuilding(db: Db, tenantId: string, buildingId: string) {
  return db
    .selectFrom('buildings')
    .select(['id', 'name', sql<string | null>`settings->>'timeZoneId'`.as('time_zone')])
    .where('id', '=', buildingId)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
}

/**
 * Everyone inside the building: visits checked in and not checked out (nor cancelled), with the
 * host's name from the directory (the employee the visit names), else as typed at check-in. No
 * limit: an evacuation list that leaves anyone out is worse than a long one.
 */
export function insideVisits(db: Db, buildingId: string) {
  return db
    .selectFrom('visits')
    .leftJoin('people as host_person', 'host_person.id', 'visits.host_person_id')
    .select([
      'visits.id',
      'visits.visitor_type',
      'visits.first_name',
      'visits.last_name',
      'visits.company_name',
      'visits.checked_in_at',
      'visits.host',
      'host_person.first_name as host_first_name',
      'host_person.last_name as host_last_name',
      sql<string | null>`visits.check_in_form->>'fullName'`.as('full_name'),
    ])
    .where('visits.building_id', '=', buildingId)
    .where('visits.checked_in_at', 'is not', null)
    .where('visits.checked_out_at', 'is', null)
    .where('visits.cancelled_at', 'is', null)
    .execute();
}

export type InsideVisitRow = Awaited<ReturnType<typeof insideVisits>>[number];
