import { type Expression, type Insertable, type SqlBool, type Updateable, sql } from 'kysely';
import type { PeopleListQuery, PersonStatus } from '@vestibule/shared';
import { assignedTo } from '../../db/assignedBuildings.ts';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { lowerPrefixPattern } from '../../db/likePattern.ts';

// The people directory's queries. A person's "today" is their building's: its time
// zone (settings.timeZoneId, else the new-building default) decides validity, statuses and stats.

type PeopleTable = Database['people'];
export type NewPersonRow = Insertable<PeopleTable>;
export type PersonChanges = Updateable<PeopleTable>;

/** The unique index that keeps a company's external ids apart. */
export const PEOPLE_EXTERNAL_ID_UNIQUE = 'people_tenant_external_id_unique';

/** The building's time zone as SQL (a building without one reads as the default). */
const zoneOf = (defaultZone: string) =>
  sql<string>`coalesce(nullif(buildings.settings->>'timeZoneId', ''), ${defaultZone})`;

/** Today's date in the building's time zone, at `now`. */
const todayIn = (zone: Expression<string>, now: Date) => sql<string>`(${now}::timestamptz at time zone ${zone})::date`;

export interface PeopleScope {
  tenantId: string;
  /** Only people of the buildings assigned to this user (supervisors and users). */
  assignedTo?: string | undefined;
  now: Date;
  defaultZone: string;
}

/** The building's questionnaires validity as an interval (the new-building default without one). */
const answersValidity = sql`(case when buildings.settings->>'questionnairesValidityTimeout' ~ '^PT([0-9]+H)?([0-9]+M)?$'
  and buildings.settings->>'questionnairesValidityTimeout' <> 'PT'
  then (buildings.settings->>'questionnairesValidityTimeout')::interval else interval '2 hours' end)`;

/**
 * Where a person stands at their building now (docs/visits.md, "A person's status"), first that
 * applies: IN with an open visit; PENDING with a visit awaited whose entry answers were given ahead
 * and have not lapsed; CHECK_IN_BACK when checked out today while their latest answers still hold
 * (checking in again asks no questionnaire); OUT when checked out today; EXPIRED when a visit of
 * theirs lapsed today without their arriving; else NONE. Today is the building's day.
 */
function personStatus(zone: Expression<string>, now: Date) {
  const today = todayIn(zone, now);
  const at = sql`${now}::timestamptz`;
  const ofPerson = sql`visits.person_id = people.id and visits.building_id = people.building_id`;
  // A visit's expected end (the database function of the visits' own rule, migration 202611251600).
  const expectedEnd = sql`visit_expected_end(visits.checked_in_at, visits.scheduled_at, visits.scheduled_duration)`;
  const isToday = (column: string) => sql`${sql.ref(column)} >= ${today}::timestamp at time zone ${zone}
    and ${sql.ref(column)} < (${today} + 1)::timestamp at time zone ${zone}`;
  const checkedOutToday = sql`exists (select 1 from visits where ${ofPerson} and ${isToday('visits.checked_out_at')})`;
  const latestAnswers = sql`(select max(visits.questionnaires_answered_at) from visits where ${ofPerson})`;
  return sql<PersonStatus>`case
    when exists (select 1 from visits where ${ofPerson}
      and visits.checked_in_at is not null and visits.checked_out_at is null) then 'IN'
    when exists (select 1 from visits where ${ofPerson}
      and visits.checked_in_at is null and visits.checked_out_at is null and visits.allowed
      and visits.cancelled_at is null and visits.expired_at is null
      and visits.questionnaires_answered_at is not null
      and (visits.scheduled_at is null or ${at} <= coalesce(${expectedEnd}, visits.scheduled_at))) then 'PENDING'
    when ${checkedOutToday} and ${latestAnswers} + ${answersValidity} >= ${at} then 'CHECK_IN_BACK'
    when ${checkedOutToday} then 'OUT'
    when exists (select 1 from visits where ${ofPerson}
      and visits.checked_in_at is null and visits.checked_out_at is null and visits.allowed
      and visits.cancelled_at is null and ${isToday('visits.expired_at')}) then 'EXPIRED'
    else 'NONE' end`;
}

/**
 * The directory's rows with their building and status (`personStatus`), in one statement. Never
 * the PIN hash, only whether there is one.
 */
function selectPeople(db: Db, scope: PeopleScope) {
  const zone = zoneOf(scope.defaultZone);
  return db
    .selectFrom('people')
    .innerJoin('buildings', 'buildings.id', 'people.building_id')
    .select([
      'people.id',
      'people.tenant_id',
      'people.building_id',
      'people.first_name',
      'people.last_name',
      'people.email',
      'people.phone',
      'people.visitor_type',
      'people.external_id',
      'people.job_title',
      'people.department',
      'people.company_name',
      'people.default_duration',
      'people.valid_from',
      'people.valid_to',
      'people.locale',
      'people.host_notice',
      'people.deactivated',
      'people.created_at',
      'people.updated_at',
      'buildings.name as building_name',
      sql<boolean>`people.pin_hash is not null`.as('has_pin'),
      personStatus(zone, scope.now).as('status'),
    ])
    .where('people.tenant_id', '=', scope.tenantId);
}

export type PersonRow = NonNullable<Awaited<ReturnType<typeof findPerson>>>;

/** One person of the tenant (another tenant's is not found). */
export function findPerson(db: Db, scope: PeopleScope, id: string) {
  return selectPeople(db, scope).where('people.id', '=', id).executeTakeFirst();
}

const sortColumns = {
  lastName: [sql`lower(people.last_name)`, sql`lower(people.first_name)`],
  firstName: [sql`lower(people.first_name)`, sql`lower(people.last_name)`],
  email: [sql`lower(people.email)`],
  visitorType: [sql`people.visitor_type`, sql`lower(people.last_name)`],
  externalId: [sql`people.external_id`],
  companyName: [sql`lower(people.company_name)`, sql`lower(people.last_name)`],
  createdAt: [sql`people.created_at`],
} as const;

export type PeopleFilter = Omit<PeopleListQuery, 'page' | 'limit'>;

/** The people a filter keeps with their building (its time zone), nothing selected yet. */
function filteredPeople(db: Db, scope: PeopleScope, filter: PeopleFilter) {
  let query = db
    .selectFrom('people')
    .innerJoin('buildings', 'buildings.id', 'people.building_id')
    .where('people.tenant_id', '=', scope.tenantId);
  const { assignedTo: userId } = scope;
  if (userId) query = query.where((eb) => assignedTo(eb, userId, 'people.building_id'));
  if (filter.visitorType) query = query.where('people.visitor_type', '=', filter.visitorType);
  if (filter.buildingId) query = query.where('people.building_id', '=', filter.buildingId);
  if (filter.active) query = query.where('people.deactivated', '=', filter.active === 'false');
  if (filter.validToday) {
    const today = todayIn(zoneOf(scope.defaultZone), scope.now);
    query = query.where(
      sql<SqlBool>`(people.valid_from is null or people.valid_from <= ${today})
        and (people.valid_to is null or people.valid_to >= ${today})`,
    );
  }
  if (filter.search) {
    // A prefix of what the front desk knows, each probe answered by its own index (migration
    // 202611251300_people_search): no reading of the whole directory for a search.
    const pattern = lowerPrefixPattern(filter.search.trim());
    query = query.where((eb) =>
      eb.or([
        eb(sql<string>`lower(people.last_name)`, 'like', pattern),
        eb(sql<string>`lower(people.first_name)`, 'like', pattern),
        eb(sql<string>`lower(people.first_name || ' ' || people.last_name)`, 'like', pattern),
        eb(sql<string>`lower(people.email)`, 'like', pattern),
        eb('people.phone', 'like', pattern),
        eb(sql<string>`lower(people.external_id)`, 'like', pattern),
        eb(sql<string>`lower(people.company_name)`, 'like', pattern),
      ]),
    );
  }
  return query;
}

/**
 * One page of the directory, sorted, then by id so pages never overlap. The page's ids are chosen
 * first from people alone (an index walk for the default order), and only those 20 or so rows get
 * their building and their status: the skipped rows of a later page cost no status subqueries.
 */
export function pageOfPeople(
  db: Db,
  scope: PeopleScope,
  filter: PeopleFilter,
  page: { offset: number; limit: number },
): Promise<PersonRow[]> {
  const direction = filter.order === -1 ? 'desc' : 'asc';
  const columns = sortColumns[filter.sort ?? 'lastName'];
  const filtered = filteredPeople(db, scope, filter);
  // A search's matches are found first through the search indexes (the OFFSET 0 keeps them a
  // query of their own), then sorted: left to itself the planner walked the name index and
  // filtered it, expecting 'tre' to be spread along the alphabet, and read 90,000 people
  // before the first Tremblay.
  const ids = filter.search
    ? db
        .selectFrom(
          filtered
            .select(['people.id', ...columns.map((column, i) => column.as(`k${i}`))])
            .offset(0)
            .as('matches'),
        )
        .select('matches.id')
        .$call((q) => columns.reduce((sorted, _, i) => sorted.orderBy(sql.ref(`matches.k${i}`), direction), q))
        .orderBy('matches.id', direction)
        .offset(page.offset)
        .limit(page.limit)
    : columns
        .reduce((sorted, column) => sorted.orderBy(column, direction), filtered.select('people.id'))
        .orderBy('people.id', direction)
        .offset(page.offset)
        .limit(page.limit);
  let rows = selectPeople(db, scope).where('people.id', 'in', ids);
  for (const column of columns) rows = rows.orderBy(column, direction);
  return rows.orderBy('people.id', direction).execute();
}

/**
 * One page of the directory and how many people the filter keeps, counted up to `countCap` + 1
 * (the pager needs no more; an exact count of a whole company was most of a first page's time).
 */
export async function listPeople(
  db: Db,
  scope: PeopleScope,
  filter: PeopleFilter,
  page: { offset: number; limit: number; countCap: number },
): Promise<{ rows: PersonRow[]; total: number }> {
  const matches = filteredPeople(db, scope, filter)
    .select(sql<number>`1`.as('one'))
    .limit(page.countCap + 1)
    .as('matches');
  const [rows, count] = await Promise.all([
    pageOfPeople(db, scope, filter, page),
    db
      .selectFrom(matches)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** What the pass needs: the identifier and the building's check-in key. */
export function findPass(db: Db, tenantId: string, id: string) {
  return db
    .selectFrom('people')
    .innerJoin('buildings', 'buildings.id', 'people.building_id')
    .select(['people.pass_identifier', 'buildings.qr_code_key'])
    .where('people.id', '=', id)
    .where('people.tenant_id', '=', tenantId)
    .executeTakeFirst();
}

/** The building a person may be put in: the tenant's, with its name and mail settings. */
export function findTenantBuilding(db: Db, tenantId: string, id: string) {
  return db
    .selectFrom('buildings')
    .select(['id', 'name', 'settings'])
    .where('id', '=', id)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
}

export async function insertPerson(db: Db, row: NewPersonRow): Promise<void> {
  await db.insertInto('people').values(row).execute();
}

export async function updatePerson(db: Db, tenantId: string, id: string, changes: PersonChanges): Promise<void> {
  await db
    .updateTable('people')
    .set({ ...changes, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('tenant_id', '=', tenantId)
    .execute();
}

/** Deletes a person; their visits stay, no longer linked (in the caller's transaction). */
export async function deletePerson(db: Db, tenantId: string, id: string): Promise<void> {
  await db.updateTable('visits').set({ person_id: null }).where('person_id', '=', id).execute();
  await db.deleteFrom('people').where('id', '=', id).where('tenant_id', '=', tenantId).execute();
}

/**
 * A person's check-ins today, yesterday, this week (ISO, from Monday) and this month, in their
 * building's time zone at `now`: one statement over the visits of the month (or of the week,
 * when it began in the month before), found by the (person_id, checked_in_at) index.
 */
export async function personStats(db: Db, scope: PeopleScope, id: string) {
  const zone = zoneOf(scope.defaultZone);
  const local = sql`(${scope.now}::timestamptz at time zone ${zone})`;
  const today = sql`${local}::date`;
  const day = sql`(visits.checked_in_at at time zone ${zone})`;
  const since = sql`(least(date_trunc('month', ${local}), date_trunc('week', ${local}), ${today} - 1) at time zone ${zone})`;
  const count = (condition: ReturnType<typeof sql>) => sql<number>`count(visits.id) filter (where ${condition})`;
  return db
    .selectFrom('people')
    .innerJoin('buildings', 'buildings.id', 'people.building_id')
    .leftJoin('visits', (join) =>
      join
        .onRef('visits.person_id', '=', 'people.id')
        .on(sql<SqlBool>`visits.checked_in_at >= ${since}`)
        .on(sql<SqlBool>`visits.checked_in_at <= ${scope.now}::timestamptz`),
    )
    .select([
      count(sql`${day}::date = ${today}`).as('today'),
      count(sql`${day}::date = ${today} - 1`).as('yesterday'),
      count(sql`date_trunc('week', ${day}) = date_trunc('week', ${local})`).as('week'),
      count(sql`date_trunc('month', ${day}) = date_trunc('month', ${local})`).as('month'),
    ])
    .where('people.id', '=', id)
    .where('people.tenant_id', '=', scope.tenantId)
    .groupBy('people.id')
    .executeTakeFirst();
}
