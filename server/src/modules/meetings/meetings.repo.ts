import { type Expression, type SqlBool, sql } from 'kysely';
import { type MeetingListQuery, SOON_MINUTES } from '@vestibule/shared';
import { assignedTo as isAssigned } from '../../db/assignedBuildings.ts';
import type { Db } from '../../db/database.ts';
import { selectVisits } from '../checkin/checkin.repo.ts';

export type MeetingRow = NonNullable<Awaited<ReturnType<typeof findTenantVisit>>>;

const dateColumns = {
  checkInAt: 'visits.checked_in_at',
  checkOutAt: 'visits.checked_out_at',
  scheduledAt: 'visits.scheduled_at',
} as const;

/**
 * The SQL of the shared status rule (shared/src/domain/visitStatus.ts), so the entry log
 * filters and pages in the database. A duration is an ISO 8601 `PT#H#M` text, which PostgreSQL
 * reads as an interval; anything else means no expected end, as in the shared rule.
 */
function statusCondition(status: NonNullable<MeetingListQuery['status']>, now: Date, defaultZone: string) {
  const duration = sql`(case when visits.scheduled_duration ~ '^PT([0-9]+H)?([0-9]+M)?$' and visits.scheduled_duration <> 'PT'
    then visits.scheduled_duration::interval end)`;
  const end = sql`(coalesce(visits.checked_in_at, visits.scheduled_at) + ${duration})`;
  const at = sql`${now}::timestamptz`;
  const zone = sql`coalesce(nullif(buildings.settings->>'timeZoneId', ''), ${defaultZone})`;
  const open = sql`visits.checked_in_at is not null and visits.checked_out_at is null`;
  const notArrived = sql`visits.checked_in_at is null and visits.checked_out_at is null`;
  const upcoming = sql`${notArrived} and visits.cancelled_at is null and visits.scheduled_at is not null
    and ${at} <= coalesce(${end}, visits.scheduled_at)`;
  const soon = sql`visits.scheduled_at - ${at} <= make_interval(mins => ${SOON_MINUTES})`;
  const sameDay = sql`(visits.scheduled_at at time zone ${zone})::date = (${at} at time zone ${zone})::date`;
  const conditions = {
    out: sql`visits.checked_out_at is not null`,
    in: sql`${open} and (${end} is null or ${at} <= ${end})`,
    late: sql`${open} and ${end} is not null and ${at} > ${end}`,
    expired: sql`${notArrived} and (visits.cancelled_at is not null or visits.scheduled_at is null
      or ${at} > coalesce(${end}, visits.scheduled_at))`,
    soon: sql`${upcoming} and ${soon}`,
    today: sql`${upcoming} and not (${soon}) and ${sameDay}`,
    expected: sql`${upcoming} and not (${soon}) and not (${sameDay})`,
  };
  return conditions[status] as unknown as Expression<SqlBool>;
}

export interface VisitPage {
  offset: number;
  limit: number;
  now: Date;
  /** The time zone of a building without one (the new-building default). */
  defaultZone: string;
  /** Only visits of the buildings assigned to this user (supervisors and users). */
  assignedTo?: string | undefined;
}

/** A tenant's visits by the entry log's filters, one page of them and the total, all in SQL. */
export async function listTenantVisits(db: Db, tenantId: string, query: MeetingListQuery, page: VisitPage) {
  let q = db
    .selectFrom('visits')
    .innerJoin('buildings', 'buildings.id', 'visits.building_id')
    .where('visits.tenant_id', '=', tenantId);
  const { assignedTo } = page;
  if (assignedTo) q = q.where((eb) => isAssigned(eb, assignedTo, 'visits.building_id'));
  if (query.buildingId) q = q.where('visits.building_id', '=', query.buildingId);
  if (query.visitorType) q = q.where('visits.visitor_type', '=', query.visitorType);
  if (query.search) {
    const pattern = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) =>
      eb.or([
        eb('visits.first_name', 'ilike', pattern),
        eb('visits.last_name', 'ilike', pattern),
        eb('visits.email', 'ilike', pattern),
        eb('visits.identifier', 'ilike', pattern),
        eb('visits.host', 'ilike', pattern),
      ]),
    );
  }
  const column = dateColumns[query.dateFilter ?? 'checkInAt'];
  if (query.from) q = q.where(column, '>=', new Date(query.from));
  if (query.to) q = q.where(column, '<', new Date(query.to));
  if (query.status) q = q.where(statusCondition(query.status, page.now, page.defaultZone));
  const [{ total }, rows] = await Promise.all([
    q.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    q
      .selectAll('visits')
      .select(['buildings.name as building_name', sql<unknown>`buildings.settings->>'timeZoneId'`.as('time_zone')])
      .orderBy('visits.created_at', query.order === 1 ? 'asc' : 'desc')
      .orderBy('visits.id', query.order === 1 ? 'asc' : 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
  ]);
  return { rows, total: Number(total) };
}

export function findTenantVisit(db: Db, tenantId: string, id: string) {
  return selectVisits(db).where('visits.id', '=', id).where('visits.tenant_id', '=', tenantId).executeTakeFirst();
}
