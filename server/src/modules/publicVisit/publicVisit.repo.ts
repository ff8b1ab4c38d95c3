import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

// The registration page's reads: a building by its check-in key and the employees a typed host
// names. The visit's own reads and changes are the visits module's (visits/visitorChanges.repo.ts).

/** A building by its check-in key (the registration page's link), with its settings and forms. */
export function findBuildingForRegistration(db: Db, qrCodeKey: string) {
  return db
    .selectFrom('buildings')
    .select(['id', 'tenant_id', 'name', 'check_in_logo_version', 'settings', 'check_in_forms'])
    .where('qr_code_key', '=', qrCodeKey)
    .executeTakeFirst();
}
export type RegistrationBuilding = NonNullable<Awaited<ReturnType<typeof findBuildingForRegistration>>>;

/**
 * The employees of a building's directory (not deactivated) whose name is `name`, first name
 * then last or the other way round, without case or extra spaces: at most two (one is a match,
 * two an ambiguity).
 */
export function employeesNamed(db: Db, buildingId: string, name: string) {
  const typed = name.trim().replace(/\s+/g, ' ').toLowerCase();
  return db
    .selectFrom('people')
    .select(['id', 'first_name', 'last_name'])
    .where('building_id', '=', buildingId)
    .where('visitor_type', '=', 'EMPLOYEE')
    .where('deactivated', '=', false)
    .where((eb) =>
      eb.or([
        eb(sql<string>`lower(trim(first_name) || ' ' || trim(last_name))`, '=', typed),
        eb(sql<string>`lower(trim(last_name) || ' ' || trim(first_name))`, '=', typed),
      ]),
    )
    .limit(2)
    .execute();
}
