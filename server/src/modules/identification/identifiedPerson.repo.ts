import type { Db } from '../../db/database.ts';

// A person of a building's directory as identification finds them: by their pass or their id.
// Every lookup names the building and its company, so a pass or an id of another building finds
// nobody. Their visits (the open one, the latest answers) are the visits module's.

const identifiedColumns = [
  'people.id',
  'people.first_name',
  'people.last_name',
  'people.email',
  'people.phone',
  'people.visitor_type',
  'people.company_name',
  'people.default_duration',
  'people.valid_from',
  'people.valid_to',
  'people.deactivated',
  'people.pass_identifier',
] as const;

export function peopleOf(db: Db, building: { id: string; tenant_id: string }) {
  return db
    .selectFrom('people')
    .select(identifiedColumns)
    .where('people.building_id', '=', building.id)
    .where('people.tenant_id', '=', building.tenant_id);
}

export type IdentifiedPersonRow = NonNullable<Awaited<ReturnType<typeof findPersonByPass>>>;

/** The person whose current pass this is, at this building (a replaced pass finds nobody). */
export function findPersonByPass(db: Db, building: { id: string; tenant_id: string }, passIdentifier: string) {
  return peopleOf(db, building).where('people.pass_identifier', '=', passIdentifier).executeTakeFirst();
}

/** A person of this building and company by id. */
export function findPersonAtBuilding(db: Db, building: { id: string; tenant_id: string }, personId: string) {
  return peopleOf(db, building).where('people.id', '=', personId).executeTakeFirst();
}
