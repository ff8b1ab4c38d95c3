import type { Db } from '../../db/database.ts';
import { selectVisits } from './checkin.repo.ts';

// People at the door (issue 12): a person of a building found by their pass or their id, their
// open visit and their latest answers there. Every lookup names the building and its company, so
// a pass or an id of another building finds nobody.

const doorColumns = [
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
    .select(doorColumns)
    .where('people.building_id', '=', building.id)
    .where('people.tenant_id', '=', building.tenant_id);
}

export type DoorPersonRow = NonNullable<Awaited<ReturnType<typeof findPersonByPass>>>;

/** The person whose current pass this is, at this building (a replaced pass finds nobody). */
export function findPersonByPass(db: Db, building: { id: string; tenant_id: string }, passIdentifier: string) {
  return peopleOf(db, building).where('people.pass_identifier', '=', passIdentifier).executeTakeFirst();
}

/** A person of this building and company by id. */
export function findPersonAtBuilding(db: Db, building: { id: string; tenant_id: string }, personId: string) {
  return peopleOf(db, building).where('people.id', '=', personId).executeTakeFirst();
}

/** The person's open visit at the building, if any. */
export function openVisitOfPerson(db: Db, buildingId: string, personId: string) {
  return selectVisits(db)
    .where('visits.person_id', '=', personId)
    .where('visits.building_id', '=', buildingId)
    .where('visits.checked_in_at', 'is not', null)
    .where('visits.checked_out_at', 'is', null)
    .executeTakeFirst();
}

/** The answers of the person's latest entry at the building that has some, and when they were given. */
export function latestAnswersOfPerson(db: Db, buildingId: string, personId: string) {
  return db
    .selectFrom('visits')
    .select(['questionnaires_answers', 'questionnaires_answered_at'])
    .where('person_id', '=', personId)
    .where('building_id', '=', buildingId)
    .where('questionnaires_answered_at', 'is not', null)
    .orderBy('questionnaires_answered_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}
