import { type MeetingListQuery, type VisitDetail } from '@vestibule/shared';
import type { ServerContext } from '../../context.ts';
import { notFound } from '../../errors.ts';
import { findTenantVisit, listTenantVisits } from './meetings.repo.ts';
import { defaultZone, toMeetingDetail, toMeetingListItem } from './meeting.dto.ts';

/** The entry log: filtered, counted and paged in the database; statuses by the shared rule. */
export async function listMeetings(
  ctx: ServerContext,
  tenantId: string,
  query: MeetingListQuery,
  assignedTo?: string,
  now = new Date(),
) {
  const limit = query.limit ?? 50;
  const page = query.page ?? 1;
  const { rows, total } = await listTenantVisits(ctx.db, tenantId, query, {
    offset: (page - 1) * limit,
    limit,
    now,
    defaultZone,
    assignedTo,
  });
  return { docs: rows.map((row) => toMeetingListItem(row, now)), totalDocs: total, totalCapped: false };
}

export async function meetingDetail(ctx: ServerContext, tenantId: string, id: string): Promise<VisitDetail> {
  const row = await findTenantVisit(ctx.db, tenantId, id);
  if (!row) throw notFound();
  return toMeetingDetail(row);
}
