import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  type Role,
  errorBodySchema,
  idParamsSchema,
  listResponseSchema,
  meetingListQuerySchema,
  visitDetailSchema,
  visitSummarySchema,
} from '@vestibule/shared';
import { tenantOf } from '../../plugins/auth.plugin.ts';
import { listMeetings, meetingDetail } from './meetings.service.ts';

/** The entry log is for admin, master, supervisor and user (hidden for tech and space). */
const entryLogRoles: readonly Role[] = ['ROLE_ADMIN', 'ROLE_MASTER', 'ROLE_SUPERVISOR', 'ROLE_USER'];

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
    handler: (request) => listMeetings(app.ctx, tenantOf(request), request.query),
  });

  r.get('/meeting/:id', {
    config: { access: entryLogRoles, tenant: true, tenantParams: { id: 'visit' } },
    schema: {
      tags,
      summary: 'One visit with its answers',
      params: idParamsSchema,
      response: { 200: visitDetailSchema, 404: errorBodySchema },
    },
    handler: (request) => meetingDetail(app.ctx, tenantOf(request), request.params.id),
  });
}
