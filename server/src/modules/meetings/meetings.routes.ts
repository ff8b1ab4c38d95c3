import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  type Role,
  type VisitDetail,
  errorBodySchema,
  idParamsSchema,
  listResponseSchema,
  meetingListQuerySchema,
  visitDetailSchema,
  visitSummarySchema,
} from '@vestibule/shared';
import { notFound } from '../../errors.ts';
import { tenantOf } from '../../plugins/auth.plugin.ts';
import { toVisitSummary } from '../checkin/visit.dto.ts';
import { type MeetingRow, findTenantVisit, listTenantVisits } from './meetings.repo.ts';

/** The entry log is for admin, master, supervisor and user (hidden for tech and space). */
const entryLogRoles: readonly Role[] = ['ROLE_ADMIN', 'ROLE_MASTER', 'ROLE_SUPERVISOR', 'ROLE_USER'];
const LIST_CAP = 5000;

function zoneOf(row: MeetingRow): string {
  return typeof row.time_zone === 'string' && row.time_zone ? row.time_zone : 'America/Toronto';
}

function toDetail(row: MeetingRow): VisitDetail {
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

export async function meetingsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['meetings'];

  r.get('/meeting', {
    config: { access: entryLogRoles, tenant: true },
    schema: {
      tags,
      summary: "Visits of the current tenant, with the entry log's filters",
      querystring: meetingListQuerySchema,
      response: { 200: listResponseSchema(visitSummarySchema) },
    },
    handler: async (request) => {
      const query = request.query;
      const now = new Date();
      const rows = await listTenantVisits(app.ctx.db, tenantOf(request), query, LIST_CAP);
      const summaries = rows.map((row) => toVisitSummary(row, zoneOf(row), now));
      const wanted = query.status?.toUpperCase();
      const filtered = wanted ? summaries.filter((s) => s.status === wanted) : summaries;
      const limit = query.limit ?? 50;
      const page = query.page ?? 1;
      return { docs: filtered.slice((page - 1) * limit, page * limit), totalDocs: filtered.length };
    },
  });

  r.get('/meeting/:id', {
    config: { access: entryLogRoles, tenant: true, tenantParams: { id: 'visit' } },
    schema: {
      tags,
      summary: 'One visit with its answers',
      params: idParamsSchema,
      response: { 200: visitDetailSchema, 404: errorBodySchema },
    },
    handler: async (request) => {
      const row = await findTenantVisit(app.ctx.db, tenantOf(request), request.params.id);
      if (!row) throw notFound();
      return toDetail(row);
    },
  });
}
