import { type Expression, type SqlBool, sql } from 'kysely';
import {
  VISIT_COUNT_CAP,
  type VisitCounter,
  type VisitListQuery,
  type VisitSortColumn,
  SOON_MINUTES,
  visitCounters,
} from '@vestibule/shared';
import type { Db } from '../../db/database.ts';
import { lowerPrefixPattern } from '../../db/likePattern.ts';
import { expectedEnd, notArrived, openVisit, visitHasPhoto } from './visits.repo.ts';

// The entry log's reads of the visits table: the list by its filters and order, counted up to a
// cap; the CSV's keyset walk; a building's counters on its day.

const dateColumns = {
  checkInAt: 'visits.checked_in_at',
  checkOutAt: 'visits.checked_out_at',
  scheduledAt: 'visits.scheduled_at',
} as const;

const sortColumns: Record<VisitSortColumn, string> = {
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
 * The SQL of the shared status rule (shared/src/domain/visitStatus.ts), so the entry log
 * filters and pages in the database. A duration is an ISO 8601 `PT#H#M` text, which PostgreSQL
 * reads as an interval; anything else means no expected end, as in the shared rule. The open
 * and not-arrived conditions are written as the partial indexes' (migration 202611250900).
 */
function statusCondition(status: NonNullable<VisitListQuery['status']>, now: Date, defaultZone: string) {
  const at = sql`${now}::timestamptz`;
  const zone = sql`coalesce(nullif(buildings.settings->>'timeZoneId', ''), ${defaultZone})`;
  // Not arrived, neither refused nor cancelled: awaited, or lapsed.
  const standing = sql`${notArrived} and visits.allowed and visits.cancelled_at is null`;
  const upcoming = sql`${standing} and visits.expired_at is null and visits.scheduled_at is not null
    and ${at} <= coalesce(${expectedEnd}, visits.scheduled_at)`;
  // Soon and today are written as bounds on scheduled_at, so the index on the scheduled time
  // reads only their range; a building's day holds now and lasts at most 25 hours (a change of
  // clocks), so today is within 25 hours of now whatever the zone. Expected is not: its rows are
  // most of the coming invitations, which the list reads newest first from the index on creation,
  // where a bound would have the planner read them all by scheduled time and sort them
  // (docs/scale.md, "Ten million visits").
  const soonEnd = sql`${at} + make_interval(mins => ${SOON_MINUTES})`;
  const soon = sql`visits.scheduled_at <= ${soonEnd}`;
  const sameDay = sql`(visits.scheduled_at at time zone ${zone})::date = (${at} at time zone ${zone})::date`;
  const conditions = {
    out: sql`visits.checked_out_at is not null`,
    in: sql`${openVisit} and (${expectedEnd} is null or ${at} <= ${expectedEnd})`,
    late: sql`${openVisit} and ${expectedEnd} is not null and ${at} > ${expectedEnd}`,
    refused: sql`${notArrived} and not visits.allowed`,
    cancelled: sql`${notArrived} and visits.allowed and visits.cancelled_at is not null`,
    ok: sql`${standing} and visits.expired_at is null and visits.scheduled_at is null
      and visits.questionnaires_answered_at is not null`,
    expired: sql`${standing} and (visits.expired_at is not null
      or (visits.scheduled_at is null and visits.questionnaires_answered_at is null)
      or (visits.scheduled_at is not null and ${at} > coalesce(${expectedEnd}, visits.scheduled_at)))`,
    soon: sql`${upcoming} and ${soon}`,
    today: sql`${upcoming} and visits.scheduled_at > ${soonEnd} and visits.scheduled_at < ${at} + interval '25 hours'
      and ${sameDay}`,
    expected: sql`${upcoming} and visits.scheduled_at - ${at} > make_interval(mins => ${SOON_MINUTES})
      and not (${sameDay})`,
  };
  return conditions[status] as unknown as Expression<SqlBool>;
}

/**
 * The visits a counter of the building's day counts, in the building's time zone: in the
 * building (checked in, not out, overdue ones too); expected today (not arrived, not refused, not
 * cancelled, scheduled today and not yet past its end); leaving within the hour (in, expected to
 * end within the next hour); checked out today. The counters count these and the list filters by
 * them, so a counter's number is the length of the list it opens (docs/visits.md).
 */
function counterCondition(counter: VisitCounter, now: Date, defaultZone: string) {
  const at = sql`${now}::timestamptz`;
  const zone = sql`coalesce(nullif(buildings.settings->>'timeZoneId', ''), ${defaultZone})`;
  const dayStart = sql`((${at} at time zone ${zone})::date)::timestamp at time zone ${zone}`;
  const dayEnd = sql`((${at} at time zone ${zone})::date + 1)::timestamp at time zone ${zone}`;
  const conditions = {
    inBuilding: openVisit,
    expectedToday: sql`${notArrived} and visits.allowed and visits.cancelled_at is null
      and visits.scheduled_at >= ${dayStart} and visits.scheduled_at < ${dayEnd}
      and coalesce(${expectedEnd}, visits.scheduled_at) >= ${at}`,
    leavingWithinHour: sql`${openVisit} and ${expectedEnd} >= ${at} and ${expectedEnd} <= ${at} + interval '1 hour'`,
    checkedOutToday: sql`visits.checked_out_at >= ${dayStart} and visits.checked_out_at < ${dayEnd}`,
  };
  return conditions[counter] as unknown as Expression<SqlBool>;
}

export interface VisitScope {
  tenantId: string;
  /** Only visits of the buildings assigned to this user (supervisors, users and space users). */
  assignedTo?: string | undefined;
  now: Date;
  /** The time zone of a building without one (the new-building default). */
  defaultZone: string;
}

type Filter = Omit<VisitListQuery, 'page' | 'limit'>;

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
  if (query.companyName) q = q.where(sql`lower(visits.company_name)`, 'like', lowerPrefixPattern(query.companyName));
  const search = query.search?.trim();
  if (search) {
    const prefix = lowerPrefixPattern(search);
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
  if (query.counter) q = q.where(counterCondition(query.counter, scope.now, scope.defaultZone));
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
  'visits.host_user_id',
  'visits.is_invitation',
  'visits.scheduled_at',
  'visits.scheduled_duration',
  'visits.checked_in_at',
  'visits.checked_out_at',
  'visits.cancelled_at',
  'visits.expired_at',
  'visits.questionnaires_answered_at',
  'visits.checkout_method',
  'visits.allowed',
  'visits.refusal_reason',
  'visits.flagged',
  'visits.anonymised_at',
  'visits.watch_hold',
] as const;

function listColumns<Q extends ReturnType<typeof filteredVisits>>(q: Q) {
  return q.select([
    ...listedColumns,
    'buildings.name as building_name',
    sql<unknown>`buildings.settings->>'timeZoneId'`.as('time_zone'),
    visitHasPhoto.as('has_photo'),
  ]);
}

/**
 * A page of the entry log and how many rows the filters keep: exactly up to VISIT_COUNT_CAP,
 * then VISIT_COUNT_CAP + 1 (the count stops reading there).
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
          .limit(VISIT_COUNT_CAP + 1)
          .as('kept'),
      )
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  const total = Number(counted.total);
  return { rows, total, capped: total > VISIT_COUNT_CAP };
}

/**
 * The visitors the watchlist holds at the door (docs/watchlist.md) in the caller's buildings,
 * whatever the list's filters: the longest waiting first, at most `limit`. A hold is the visit's
 * last change until staff decide, so its `updated_at` says since when they wait.
 */
export function heldTenantVisits(db: Db, scope: VisitScope, limit: number) {
  return listColumns(filteredVisits(db, scope, {}).where('visits.watch_hold', '=', 'HELD'))
    .select('visits.updated_at as held_since')
    .orderBy('visits.updated_at', 'asc')
    .orderBy('visits.id', 'asc')
    .limit(limit)
    .execute();
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
  'visits.expired_at',
  'visits.questionnaires_answered_at',
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

/**
 * A building's counters on its day: each the number of rows the list keeps with that counter as
 * its only filter (the same query, counted whole), so a counter and the list it opens never
 * disagree. Four small counts, each on the building's own indexes.
 */
export async function buildingCounters(
  db: Db,
  scope: VisitScope,
  buildingId: string,
): Promise<Record<VisitCounter, number>> {
  const counts = await Promise.all(
    visitCounters.map(async (counter) => {
      const row = await filteredVisits(db, scope, { buildingId, counter })
        .select((eb) => eb.fn.countAll<string>().as('total'))
        .executeTakeFirstOrThrow();
      return [counter, Number(row.total)] as const;
    }),
  );
  return Object.fromEntries(counts) as Record<VisitCounter, number>;
}
