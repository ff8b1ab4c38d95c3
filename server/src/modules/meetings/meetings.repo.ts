import { type Expression, type Insertable, type SqlBool, type UpdateObject, sql } from 'kysely';
import { MEETING_COUNT_CAP, type MeetingListQuery, type MeetingSortColumn, SOON_MINUTES } from '@vestibule/shared';
import type { Db } from '../../db/database.ts';
import type { Database, VisitsTable } from '../../db/schema.ts';
import { selectVisits } from '../checkin/checkin.repo.ts';

export type MeetingRow = NonNullable<Awaited<ReturnType<typeof findTenantVisit>>>;

/** LIKE pattern of values starting with `text`, lower-cased, its wildcards taken literally. */
function lowerPrefix(text: string): string {
  return `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const dateColumns = {
  checkInAt: 'visits.checked_in_at',
  checkOutAt: 'visits.checked_out_at',
  scheduledAt: 'visits.scheduled_at',
} as const;

const sortColumns: Record<MeetingSortColumn, string> = {
  createdAt: 'visits.created_at',
  scheduledAt: 'visits.scheduled_at',
  checkedInAt: 'visits.checked_in_at',
  checkedOutAt: 'visits.checked_out_at',
  lastName: 'visits.last_name',
  firstName: 'visits.first_name',
  visitorType: 'visits.visitor_type',
  companyName: 'visits.company_name',
  host: 'visits.host',
};

/**
 * When the visit is expected to end: from its check-in (or schedule) plus its duration (ISO 8601
 * `PT#H#M`, which PostgreSQL reads; else none). A database function (migration 202611251600), so
 * the upcoming visits' index is keyed by it.
 */
const expectedEnd = sql`visit_expected_end(visits.checked_in_at, visits.scheduled_at, visits.scheduled_duration)`;
const openVisit = sql`visits.checked_in_at is not null and visits.checked_out_at is null`;
const notArrived = sql`visits.checked_in_at is null and visits.checked_out_at is null`;

/**
 * The SQL of the shared status rule (shared/src/domain/visitStatus.ts), so the entry log
 * filters and pages in the database. A duration is an ISO 8601 `PT#H#M` text, which PostgreSQL
 * reads as an interval; anything else means no expected end, as in the shared rule. The open
 * and not-arrived conditions are written as the partial indexes' (migration 202611250900).
 */
function statusCondition(status: NonNullable<MeetingListQuery['status']>, now: Date, defaultZone: string) {
  const at = sql`${now}::timestamptz`;
  const zone = sql`coalesce(nullif(buildings.settings->>'timeZoneId', ''), ${defaultZone})`;
  const upcoming = sql`${notArrived} and visits.cancelled_at is null and visits.scheduled_at is not null
    and ${at} <= coalesce(${expectedEnd}, visits.scheduled_at)`;
  const soon = sql`visits.scheduled_at - ${at} <= make_interval(mins => ${SOON_MINUTES})`;
  const sameDay = sql`(visits.scheduled_at at time zone ${zone})::date = (${at} at time zone ${zone})::date`;
  const conditions = {
    out: sql`visits.checked_out_at is not null`,
    in: sql`${openVisit} and (${expectedEnd} is null or ${at} <= ${expectedEnd})`,
    late: sql`${openVisit} and ${expectedEnd} is not null and ${at} > ${expectedEnd}`,
    expired: sql`${notArrived} and (visits.cancelled_at is not null or visits.scheduled_at is null
      or ${at} > coalesce(${expectedEnd}, visits.scheduled_at))`,
    soon: sql`${upcoming} and ${soon}`,
    today: sql`${upcoming} and not (${soon}) and ${sameDay}`,
    expected: sql`${upcoming} and not (${soon}) and not (${sameDay})`,
  };
  return conditions[status] as unknown as Expression<SqlBool>;
}

export interface VisitScope {
  tenantId: string;
  /** Only visits of the buildings assigned to this user (supervisors, users and space users). */
  assignedTo?: string | undefined;
  now: Date;
  /** The time zone of a building without one (the new-building default). */
  defaultZone: string;
}

type Filter = Omit<MeetingListQuery, 'page' | 'limit'>;

/** The entry log's rows: the company's, of the caller's buildings, by the list's filters. */
function filteredVisits(db: Db, scope: VisitScope, query: Filter) {
  let q = db.selectFrom('visits').innerJoin('buildings', 'buildings.id', 'visits.building_id');
  // One building: the company is checked on the building's row, so the visits are read from the
  // building's own index in the list's order (with the company's index too, the planner combined
  // both and sorted the building's whole history).
  q = query.buildingId
    ? q.where('visits.building_id', '=', query.buildingId).where('buildings.tenant_id', '=', scope.tenantId)
    : q.where('visits.tenant_id', '=', scope.tenantId);
  // The prefix searches' indexes start with the company: with one building the company is named on
  // the visits as well, so they serve (else the building's whole history was read and filtered,
  // 300-600 ms at 120,000 visits; scripts/bench/entryLog.bench.ts).
  if (query.buildingId && (query.search?.trim() || query.companyName)) {
    q = q.where('visits.tenant_id', '=', scope.tenantId);
  }
  const { assignedTo } = scope;
  if (assignedTo) {
    q = q.where('visits.building_id', 'in', (eb) =>
      eb
        .selectFrom('user_buildings')
        .select('user_buildings.building_id')
        .where('user_buildings.user_id', '=', assignedTo),
    );
  }
  if (query.visitorType) q = q.where('visits.visitor_type', '=', query.visitorType);
  if (query.hostPersonId) q = q.where('visits.host_person_id', '=', query.hostPersonId);
  if (query.companyName) q = q.where(sql`lower(visits.company_name)`, 'like', lowerPrefix(query.companyName));
  const search = query.search?.trim();
  if (search) {
    const prefix = lowerPrefix(search);
    q = q.where((eb) =>
      eb.or([
        eb(sql`lower(visits.last_name)`, 'like', prefix),
        eb(sql`lower(visits.first_name)`, 'like', prefix),
        eb(sql`lower(visits.email)`, 'like', prefix),
        eb(sql`lower(visits.company_name)`, 'like', prefix),
        eb(sql`lower(visits.host)`, 'like', prefix),
        eb('visits.identifier', '=', search.toUpperCase()),
      ]),
    );
  }
  const column = dateColumns[query.dateFilter ?? 'checkInAt'];
  if (query.from) q = q.where(column, '>=', new Date(query.from));
  if (query.to) q = q.where(column, '<', new Date(query.to));
  if (query.status) q = q.where(statusCondition(query.status, scope.now, scope.defaultZone));
  return q;
}

/**
 * The list's order: the sort column asked for (`order` 1 ascending, else descending; 0 means no
 * single sort), else with a date range the range's column, else the newest first; the id breaks
 * ties (so a keyset walk is exact). Rows without the value come last going up and first going
 * down (PostgreSQL's order, which the indexes give without sorting).
 */
export function orderOf(query: Filter): { column: string; direction: 'asc' | 'desc' } {
  const direction = query.order === 1 ? 'asc' : 'desc';
  if (query.sort && query.order !== 0) return { column: sortColumns[query.sort], direction };
  if (query.from || query.to) return { column: dateColumns[query.dateFilter ?? 'checkInAt'], direction };
  return { column: sortColumns.createdAt, direction };
}

/** What a row of the list shows (not the visit's answers or form: a narrower read is a faster one). */
const listedColumns = [
  'visits.id',
  'visits.identifier',
  'visits.public_identifier',
  'visits.building_id',
  'visits.visitor_type',
  'visits.first_name',
  'visits.last_name',
  'visits.email',
  'visits.phone',
  'visits.company_name',
  'visits.host',
  'visits.host_person_id',
  'visits.is_invitation',
  'visits.scheduled_at',
  'visits.scheduled_duration',
  'visits.checked_in_at',
  'visits.checked_out_at',
  'visits.cancelled_at',
  'visits.checkout_method',
  'visits.allowed',
  'visits.refusal_reason',
  'visits.flagged',
] as const;

function listColumns<Q extends ReturnType<typeof filteredVisits>>(q: Q) {
  return q.select([
    ...listedColumns,
    'buildings.name as building_name',
    sql<unknown>`buildings.settings->>'timeZoneId'`.as('time_zone'),
  ]);
}

/**
 * A page of the entry log and how many rows the filters keep: exactly up to MEETING_COUNT_CAP,
 * then MEETING_COUNT_CAP + 1 (the count stops reading there).
 */
export async function listTenantVisits(
  db: Db,
  scope: VisitScope,
  query: Filter,
  page: { offset: number; limit: number },
) {
  const { column, direction } = orderOf(query);
  const ref = sql.ref(column);
  const base = filteredVisits(db, scope, query);
  const [rows, counted] = await Promise.all([
    listColumns(base)
      .orderBy(sql`${ref} ${sql.raw(direction)}`)
      .orderBy('visits.id', direction)
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    db
      .selectFrom(
        base
          .select(sql`1`.as('one'))
          .limit(MEETING_COUNT_CAP + 1)
          .as('kept'),
      )
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  const total = Number(counted.total);
  return { rows, total, capped: total > MEETING_COUNT_CAP };
}

/** What meetings.csv writes of a visit (not its answers or form: a narrower read is a faster one). */
const csvColumns = [
  'visits.id',
  'visits.identifier',
  'visits.first_name',
  'visits.last_name',
  'visits.email',
  'visits.phone',
  'visits.company_name',
  'visits.visitor_type',
  'visits.host',
  'visits.scheduled_at',
  'visits.scheduled_duration',
  'visits.checked_in_at',
  'visits.checked_out_at',
  'visits.cancelled_at',
  'visits.checkout_method',
  'visits.allowed',
  'visits.refusal_reason',
  'visits.temp_measure1',
  'visits.temp_measure2',
  'visits.comments',
  'visits.source',
  'visits.created_at',
] as const;

/** Where a keyset walk stands: the last row's sort value and id. */
export interface Keyset {
  value: unknown;
  id: string;
}

/**
 * The rows after `after` in the list's order, `limit` of them: meetings.csv walks the whole
 * list this way, a batch at a time, in constant memory whatever its length.
 */
export function visitsAfter(db: Db, scope: VisitScope, query: Filter, after: Keyset | null, limit: number) {
  const { column, direction } = orderOf(query);
  const ref = sql.ref(column);
  let q = filteredVisits(db, scope, query).select([
    ...csvColumns,
    'buildings.name as building_name',
    sql<unknown>`buildings.settings->>'timeZoneId'`.as('time_zone'),
    sql<unknown>`${ref}`.as('sort_value'),
  ]);
  if (after) q = q.where(afterCondition(column, direction, after, column !== sortColumns.createdAt));
  return q
    .orderBy(sql`${ref} ${sql.raw(direction)}`)
    .orderBy('visits.id', direction)
    .limit(limit)
    .execute();
}

/**
 * "After this row" in the order (value, id), nulls being greater than any value. The row's value
 * is read again in the statement (a timestamp in JavaScript loses its microseconds, and rows a
 * microsecond apart would repeat); each branch bounds the column where it can (`col <= v`), so an
 * index on it starts at the row.
 */
function afterCondition(column: string, direction: 'asc' | 'desc', after: Keyset, nullable: boolean) {
  const ref = sql.ref(column);
  const { id } = after;
  if (after.value === null || after.value === undefined) {
    return direction === 'asc'
      ? sql<SqlBool>`(${ref} is null and visits.id > ${id})`
      : sql<SqlBool>`((${ref} is null and visits.id < ${id}) or ${ref} is not null)`;
  }
  const name = column.slice(column.indexOf('.') + 1);
  const value = sql`(select ${sql.ref(`keyset.${name}`)} from visits as keyset where keyset.id = ${id})`;
  if (direction === 'desc') return sql<SqlBool>`(${ref} <= ${value} and (${ref} < ${value} or visits.id < ${id}))`;
  const beyond = sql<SqlBool>`(${ref} >= ${value} and (${ref} > ${value} or visits.id > ${id}))`;
  return nullable ? sql<SqlBool>`(${beyond} or ${ref} is null)` : beyond;
}

export function findTenantVisit(db: Db, tenantId: string, id: string) {
  return selectVisits(db)
    .leftJoin('users as inviter', 'inviter.id', 'visits.invited_by')
    .select(
      sql<
        string | null
      >`nullif(trim(coalesce(inviter.first_name, '') || ' ' || coalesce(inviter.last_name, '')), '')`.as(
        'invited_by_name',
      ),
    )
    .where('visits.id', '=', id)
    .where('visits.tenant_id', '=', tenantId)
    .executeTakeFirst();
}

/** A building of the company, with what the entry log needs of it. */
export function findTenantBuilding(db: Db, tenantId: string, id: string) {
  return db
    .selectFrom('buildings')
    .select(['id', 'tenant_id', 'name', 'qr_code_key', 'settings'])
    .where('id', '=', id)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
}

/**
 * A building's counters on its day (`zone`): in the building; expected today (not arrived, not
 * cancelled, scheduled today, not yet past its end); leaving within the hour (in, expected to
 * end within the next hour); checked out today. Four small counts, each on its own index.
 */
export async function buildingCounters(db: Db, buildingId: string, zone: string, now: Date) {
  const at = sql`${now}::timestamptz`;
  const dayStart = sql`((${at} at time zone ${zone})::date)::timestamp at time zone ${zone}`;
  const dayEnd = sql`((${at} at time zone ${zone})::date + 1)::timestamp at time zone ${zone}`;
  const count = (where: ReturnType<typeof sql>) =>
    sql<string>`(select count(*) from visits where visits.building_id = ${buildingId} and ${where})`;
  const row = await db
    .selectNoFrom([
      count(openVisit).as('in_building'),
      count(
        sql`${notArrived} and visits.cancelled_at is null and visits.scheduled_at >= ${dayStart}
          and visits.scheduled_at < ${dayEnd} and coalesce(${expectedEnd}, visits.scheduled_at) >= ${at}`,
      ).as('expected_today'),
      count(sql`${openVisit} and ${expectedEnd} >= ${at} and ${expectedEnd} <= ${at} + interval '1 hour'`).as(
        'leaving_within_hour',
      ),
      count(sql`visits.checked_out_at >= ${dayStart} and visits.checked_out_at < ${dayEnd}`).as('checked_out_today'),
    ])
    .executeTakeFirstOrThrow();
  return {
    inBuilding: Number(row.in_building),
    expectedToday: Number(row.expected_today),
    leavingWithinHour: Number(row.leaving_within_hour),
    checkedOutToday: Number(row.checked_out_today),
  };
}

/** Active employees of a building, by the beginning of a name, "first last" or an e-mail. */
export function findHosts(
  db: Db,
  building: { id: string; tenant_id: string },
  name: string | undefined,
  limit: number,
) {
  let q = db
    .selectFrom('people')
    .select(['id', 'first_name', 'last_name', 'email', 'job_title', 'department'])
    .where('people.tenant_id', '=', building.tenant_id)
    .where('people.building_id', '=', building.id)
    .where('people.visitor_type', '=', 'EMPLOYEE')
    .where('people.deactivated', '=', false);
  const text = name?.trim();
  if (text) {
    const prefix = lowerPrefix(text);
    q = q.where((eb) =>
      eb.or([
        eb(sql`lower(people.last_name)`, 'like', prefix),
        eb(sql`lower(people.first_name)`, 'like', prefix),
        eb(sql`lower(people.first_name || ' ' || people.last_name)`, 'like', prefix),
        eb(sql`lower(people.email)`, 'like', prefix),
      ]),
    );
  }
  return q.orderBy('people.last_name').orderBy('people.first_name').orderBy('people.id').limit(limit).execute();
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

export async function insertVisit(db: Db, row: Insertable<VisitsTable>): Promise<void> {
  await db.insertInto('visits').values(row).execute();
}

/** Changes of a visit not arrived, in `updateVisitIf`, that its calendar event must follow. */
export const invitationChange = {
  /**
   * A new time or length: the invitation job sends the invitation again (its "sent at" cleared)
   * as a new version of the calendar event, which replaces the one the visitor holds.
   */
  moved: (): UpdateObject<Database, 'visits'> => ({
    invitation_sent_at: null,
    invitation_sequence: sql<number>`invitation_sequence + 1`,
  }),
  /** Cancelled: the cancellation job withdraws the event with a version above the one sent. */
  cancelled: (): UpdateObject<Database, 'visits'> => ({
    invitation_sequence: sql<number>`invitation_sequence + 1`,
  }),
};

/**
 * Changes a visit when `guard` (its state, read again in the statement) still holds; false when
 * it no longer does (another desk acted first).
 */
export async function updateVisitIf(
  db: Db,
  id: string,
  values: UpdateObject<Database, 'visits'>,
  guard: 'invited' | 'open' | 'out' | 'any',
): Promise<boolean> {
  let q = db
    .updateTable('visits')
    .set({ ...values, updated_at: sql<Date>`now()` })
    .where('id', '=', id);
  if (guard === 'invited') q = q.where(sql<SqlBool>`${notArrived} and visits.cancelled_at is null and visits.allowed`);
  if (guard === 'open') q = q.where(sql<SqlBool>`${openVisit}`);
  if (guard === 'out') q = q.where('checked_out_at', 'is not', null);
  const result = await q.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Opens a checked-out visit again (check in back), unless the same person is in on another visit
 * of the building: false when either does not hold. `reopened_at` says since when: the lifecycle
 * jobs count its automatic check-out and overdue alert from it (an auto-checked-out visit would
 * otherwise be past its moment and checked out again within the minute).
 */
export async function reopenVisit(db: Db, id: string): Promise<boolean> {
  const result = await db
    .updateTable('visits')
    .set({
      checked_out_at: null,
      exit_temp_measure1: null,
      exit_temp_measure2: null,
      exit_comments: null,
      exit_questionnaires_answers: '[]',
      checkout_method: null,
      reopened_at: sql<Date>`now()`,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .where('checked_out_at', 'is not', null)
    .where(
      sql<SqlBool>`not has_open_visit(visits.building_id, visits.person_id, lower(visits.email),
        lower(visits.first_name), lower(visits.last_name))`,
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteVisit(db: Db, tenantId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('visits')
    .where('id', '=', id)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
