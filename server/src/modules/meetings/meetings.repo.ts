import { sql } from 'kysely';
import type { MeetingListQuery } from '@vestibule/shared';
import type { Db } from '../../db/database.ts';

function selectVisits(db: Db) {
  return db
    .selectFrom('visits')
    .innerJoin('buildings', 'buildings.id', 'visits.building_id')
    .selectAll('visits')
    .select(['buildings.name as building_name', sql<unknown>`buildings.settings->>'timeZoneId'`.as('time_zone')]);
}
export type MeetingRow = Awaited<ReturnType<typeof listTenantVisits>>[number];

const dateColumns = {
  checkInAt: 'visits.checked_in_at',
  checkOutAt: 'visits.checked_out_at',
  scheduledAt: 'visits.scheduled_at',
} as const;

/**
 * A tenant's visits by the entry log's filters. IN and OUT filter in SQL; the time-based
 * statuses are derived per row in the building's time zone by the caller.
 */
export function listTenantVisits(db: Db, tenantId: string, query: MeetingListQuery, cap: number) {
  let q = selectVisits(db).where('visits.tenant_id', '=', tenantId);
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
  if (query.status === 'out') q = q.where('visits.checked_out_at', 'is not', null);
  if (query.status === 'in' || query.status === 'late') {
    q = q.where('visits.checked_in_at', 'is not', null).where('visits.checked_out_at', 'is', null);
  }
  return q
    .orderBy('visits.created_at', query.order === 1 ? 'asc' : 'desc')
    .orderBy('visits.id')
    .limit(cap)
    .execute();
}

export function findTenantVisit(db: Db, tenantId: string, id: string) {
  return selectVisits(db).where('visits.id', '=', id).where('visits.tenant_id', '=', tenantId).executeTakeFirst();
}
