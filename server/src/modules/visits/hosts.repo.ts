import { type ExpressionBuilder, sql } from 'kysely';
import { type Role, hostPersonTypes, isTech, roles, seesWholeCompany } from '@vestibule/shared';
import type { Db } from '../../db/database.ts';
import { lowerPrefixPattern } from '../../db/likePattern.ts';
import type { Database } from '../../db/schema.ts';

// A building's hosts (docs/check-in.md, "The host"): the people of its directory who can host
// (employees and residents, not deactivated) and the users of its company who see it (assigned
// to it, or of a role that sees the whole company), not blocked and with a name. Technical users
// see no building data and host nobody. A search compares the first name, the last name and
// "first last" lower-cased with LIKE 'term%' (the people's and users' prefix indexes).

type Building = { id: string; tenant_id: string };

const hostRoles: Role[] = roles.filter((role) => !isTech(role));
const wholeCompanyRoles: Role[] = roles.filter((role) => seesWholeCompany(role));

function peopleHosts(db: Db, building: Building) {
  return db
    .selectFrom('people')
    .select(['people.id', 'people.first_name', 'people.last_name', 'people.department'])
    .where('people.tenant_id', '=', building.tenant_id)
    .where('people.building_id', '=', building.id)
    .where('people.visitor_type', 'in', hostPersonTypes)
    .where('people.deactivated', '=', false);
}

/** The user sees the building: a role that sees the whole company, or the building assigned to them. */
function seesBuilding(eb: ExpressionBuilder<Database, 'users'>, buildingId: string) {
  return eb.or([
    eb('users.role', 'in', wholeCompanyRoles),
    eb.exists(
      eb
        .selectFrom('user_buildings')
        .select(sql`1`.as('one'))
        .whereRef('user_buildings.user_id', '=', 'users.id')
        .where('user_buildings.building_id', '=', buildingId),
    ),
  ]);
}

function userHosts(db: Db, building: Building) {
  return db
    .selectFrom('users')
    .select(['users.id', 'users.first_name', 'users.last_name'])
    .where('users.tenant_id', '=', building.tenant_id)
    .where('users.blocked', '=', false)
    .where('users.role', 'in', hostRoles)
    .where(sql<boolean>`(coalesce(users.first_name, '') <> '' or coalesce(users.last_name, '') <> '')`)
    .where((eb) => seesBuilding(eb, building.id));
}

export interface HostRow {
  person_id: string | null;
  user_id: string | null;
  first_name: string;
  last_name: string;
  department: string | null;
}

const byName = (a: HostRow, b: HostRow) =>
  a.last_name.localeCompare(b.last_name) ||
  a.first_name.localeCompare(b.first_name) ||
  (a.person_id ?? a.user_id ?? '').localeCompare(b.person_id ?? b.user_id ?? '');

/** The building's hosts whose first name, last name or "first last" starts with `text`, by name, at most `limit`. */
export async function searchBuildingHosts(db: Db, building: Building, text: string, limit: number): Promise<HostRow[]> {
  const prefix = lowerPrefixPattern(text);
  const [people, users] = await Promise.all([
    peopleHosts(db, building)
      .where((eb) =>
        eb.or([
          eb(sql`lower(people.last_name)`, 'like', prefix),
          eb(sql`lower(people.first_name)`, 'like', prefix),
          eb(sql`lower(people.first_name || ' ' || people.last_name)`, 'like', prefix),
        ]),
      )
      .orderBy('people.last_name')
      .orderBy('people.first_name')
      .orderBy('people.id')
      .limit(limit)
      .execute(),
    userHosts(db, building)
      .where((eb) =>
        eb.or([
          eb(sql`lower(users.last_name)`, 'like', prefix),
          eb(sql`lower(users.first_name)`, 'like', prefix),
          eb(sql`lower(coalesce(users.first_name, '') || ' ' || coalesce(users.last_name, ''))`, 'like', prefix),
        ]),
      )
      .orderBy('users.last_name')
      .orderBy('users.first_name')
      .orderBy('users.id')
      .limit(limit)
      .execute(),
  ]);
  return [...people.map(personHost), ...users.map(userHost)].sort(byName).slice(0, limit);
}

/** Every host of the building, by name, at most `max` (what a kiosk caches to search offline). */
export async function allBuildingHosts(db: Db, building: Building, max: number): Promise<HostRow[]> {
  const [people, users] = await Promise.all([
    peopleHosts(db, building)
      .orderBy('people.last_name')
      .orderBy('people.first_name')
      .orderBy('people.id')
      .limit(max)
      .execute(),
    userHosts(db, building)
      .orderBy('users.last_name')
      .orderBy('users.first_name')
      .orderBy('users.id')
      .limit(max)
      .execute(),
  ]);
  return [...people.map(personHost), ...users.map(userHost)].sort(byName).slice(0, max);
}

/** A person of the building who can host now, by id. */
export async function findPersonHost(db: Db, building: Building, personId: string): Promise<HostRow | undefined> {
  const row = await peopleHosts(db, building).where('people.id', '=', personId).executeTakeFirst();
  return row && personHost(row);
}

/** A user of the company who can host at the building now, by id. */
export async function findUserHost(db: Db, building: Building, userId: string): Promise<HostRow | undefined> {
  const row = await userHosts(db, building).where('users.id', '=', userId).executeTakeFirst();
  return row && userHost(row);
}

function personHost(row: { id: string; first_name: string; last_name: string; department: string | null }): HostRow {
  return {
    person_id: row.id,
    user_id: null,
    first_name: row.first_name,
    last_name: row.last_name,
    department: row.department,
  };
}

function userHost(row: { id: string; first_name: string | null; last_name: string | null }): HostRow {
  // A user record has no department.
  return {
    person_id: null,
    user_id: row.id,
    first_name: row.first_name?.trim() ?? '',
    last_name: row.last_name?.trim() ?? '',
    department: null,
  };
}
