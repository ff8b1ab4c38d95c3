import { type Insertable, sql } from 'kysely';
import { type Db, keepPlan } from '../../db/database.ts';
import type { VisitsTable } from '../../db/schema.ts';
import { type VisitSummaryRow, selectVisits, visitHasPhoto } from './visits.repo.ts';

// Open visits: whether a person is in at a building (the rule a check-in, a PIN identification
// and checking back in all apply), the check-in's insert guarded by it, and the open visits a
// kiosk's self check-out finds, and everyone inside a building (the evacuation list).

export interface SamePerson {
  personId: string | null;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
}

/**
 * Whether the same person has an open visit at a building: by person, e-mail, or first and last
 * name, each without case. The database function `has_open_visit` (migration 202611250100) tries
 * one way after the other, each on its own partial index, with its plans kept for the session.
 * Blank values match nobody, as missing ones.
 */
function hasOpenVisit(buildingId: string, person: SamePerson) {
  const lower = (value: string | null) => (value ? value.toLowerCase() : null);
  const { personId, email, firstName, lastName } = person;
  return sql<boolean>`has_open_visit(${buildingId}, ${personId || null}, ${lower(email)}, ${lower(firstName)}, ${lower(lastName)})`;
}

/** Whether the same person has an open visit at a building. */
export async function personIsIn(db: Db, buildingId: string, person: SamePerson): Promise<boolean> {
  const row = await db.selectNoFrom(hasOpenVisit(buildingId, person).as('in')).executeTakeFirstOrThrow();
  return row.in;
}

export type NewVisit = Insertable<VisitsTable> & { building_id: string };

/**
 * Inserts a new visit in one statement that also checks what a check-in must hold: the
 * building's configuration is still the version the check-in was judged by (`configVersion`,
 * null: not checked), and the person has no open visit there. Answers the stored visit, or
 * undefined when either did not hold (nothing is written). Answers the columns of the summary
 * only: on the embedded database, reading back the whole row cost half as much as the insert.
 */
export function insertVisitIfCurrent(
  db: Db,
  row: NewVisit,
  guard: { configVersion: string | null; person: SamePerson },
): Promise<VisitSummaryRow | undefined> {
  const columns = Object.keys(row) as (keyof NewVisit)[];
  let values = db
    .selectNoFrom((eb) => columns.map((column) => eb.val(row[column]).as(column)))
    .where(sql<boolean>`not ${hasOpenVisit(row.building_id, guard.person)}`);
  const { configVersion } = guard;
  if (configVersion !== null) {
    values = values.where((eb) =>
      eb.exists(
        db
          .selectFrom('buildings')
          .select('id')
          .where('id', '=', row.building_id)
          .where(sql<string>`config_version::text`, '=', configVersion),
      ),
    );
  }
  return db
    .insertInto('visits')
    .columns(columns)
    .expression(values)
    .returningAll()
    .modifyEnd(keepPlan)
    .executeTakeFirst();
}

/** A new visit and what its insert must hold, as `insertVisitIfCurrent` takes them. */
export interface GuardedVisit {
  row: NewVisit & { id: string };
  guard: { configVersion: string | null; person: SamePerson };
}

/**
 * Inserts new visits of one batch in two statements: which of them hold what a check-in must
 * (`insertVisitIfCurrent`'s rules, judged against the rows before the batch), then those in one
 * insert. The batch decides between its own visits itself (one person twice: the later is
 * already in). Answers the ids written.
 */
export async function insertVisitsIfCurrent(db: Db, visits: readonly GuardedVisit[]): Promise<Set<string>> {
  if (visits.length === 0) return new Set();
  const lower = (value: string | null) => (value ? value.toLowerCase() : null);
  const probes = visits.map(({ row, guard }) => {
    const { personId, email, firstName, lastName } = guard.person;
    return sql`(${row.id}::uuid, ${row.building_id}::uuid, ${personId || null}::uuid, ${lower(email)}::text,
      ${lower(firstName)}::text, ${lower(lastName)}::text, ${guard.configVersion}::text)`;
  });
  const passing = await sql<{ id: string }>`
    select v.id from (values ${sql.join(probes)}) as v(id, building_id, person_id, email, first_name, last_name, config_version)
    where not has_open_visit(v.building_id, v.person_id, v.email, v.first_name, v.last_name)
      and (v.config_version is null or exists (
        select 1 from buildings b where b.id = v.building_id and b.config_version::text = v.config_version))`.execute(
    db,
  );
  const ids = new Set(passing.rows.map((row) => row.id));
  const rows = visits.filter(({ row }) => ids.has(row.id)).map(({ row }) => row);
  if (rows.length === 0) return ids;
  await db.insertInto('visits').values(rows).execute();
  return ids;
}

/** Open visits at a building, by last name or the last 4 digits of the phone (self check-out). */
export function findOpenVisitsAtBuilding(
  db: Db,
  buildingId: string,
  search: { lastName?: string; phoneLast4?: string },
) {
  let query = selectVisits(db)
    .where('visits.building_id', '=', buildingId)
    .where('visits.checked_in_at', 'is not', null)
    .where('visits.checked_out_at', 'is', null);
  if (search.lastName) query = query.where(sql<string>`lower(visits.last_name)`, '=', search.lastName.toLowerCase());
  if (search.phoneLast4) {
    query = query.where(
      sql<string>`right(regexp_replace(coalesce(visits.phone, ''), '[^0-9]', '', 'g'), 4)`,
      '=',
      search.phoneLast4,
    );
  }
  return query.orderBy('visits.checked_in_at', 'desc').limit(10).execute();
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

/**
 * Everyone inside the building: visits checked in and not checked out (nor cancelled), with the
 * host's name from the directory (the employee the visit names), else as typed at check-in. No
 * limit: an evacuation list that leaves anyone out is worse than a long one.
 */
export function insideVisits(db: Db, buildingId: string) {
  return db
    .selectFrom('visits')
    .leftJoin('people as host_person', 'host_person.id', 'visits.host_person_id')
    .leftJoin('people as person', 'person.id', 'visits.person_id')
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
      // The evacuation list's number to call: the visit's, else the directory's.
      'visits.phone',
      'person.phone as person_phone',
      visitHasPhoto.as('has_photo'),
    ])
    .where('visits.building_id', '=', buildingId)
    .where('visits.checked_in_at', 'is not', null)
    .where('visits.checked_out_at', 'is', null)
    .where('visits.cancelled_at', 'is', null)
    .execute();
}

export type InsideVisitRow = Awaited<ReturnType<typeof insideVisits>>[number];
