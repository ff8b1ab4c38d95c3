import { type MeetingListQuery, type VisitDetail, newBuildingSettings } from '@vestibule/shared';
import type { ServerContext } from '../../context.ts';
import { notFound } from '../../errors.ts';
import { toVisitSummary } from '../checkin/visit.dto.ts';
import { type MeetingRow, findTenantVisit, listTenantVisits } from './meetings.repo.ts';

/** A building without a time zone of its own reads as the new-building default. */
const defaultZone = newBuildingSettings().timeZoneId;

function zoneOf(row: Pick<MeetingRow, 'time_zone'>): string {
  return typeof row.time_zone === 'string' && row.time_zone ? row.time_zone : defaultZone;
}

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
  return { docs: rows.map((row) => toVisitSummary(row, zoneOf(row), now)), totalDocs: total };
}

export async function meetingDetail(ctx: ServerContext, tenantId: string, id: string): Promise<VisitDetail> {
  const row = await findTenantVisit(ctx.db, tenantId, id);
  if (!row) throw notFound();
  return {
    ...toVisitSummary(row, zoneOf(row)),
    email: row.email,
    phone: row.phone,
    companyName: row.company_name,
    checkInForm: row.check_in_form,
    tempMeasure1: row.temp_measure1,
    tempMeasure2: row.temp_measure2,
    comments: row.comments,
    exitTempMeasure1: row.exit_temp_measure1,
    exitTempMeasure2: row.exit_temp_measure2,
    exitComments: row.exit_comments,
    questionnairesAnswers: row.questionnaires_answers,
    exitQuestionnairesAnswers: row.exit_questionnaires_answers,
    consentAccepted: row.consent_accepted,
    emailMe: row.email_me,
    refusal: row.refusal_reason,
    source: row.source,
    deviceId: row.device_id,
    createdAt: new Date(row.created_at).toISOString(),
  };
}
