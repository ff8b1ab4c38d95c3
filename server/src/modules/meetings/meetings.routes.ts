import type { FastifyInstance } from 'fastify';
import type { Role } from '@vestibule/shared';
import { route } from '../../http/route.ts';
import { authOf, tenantOf } from '../../plugins/auth.plugin.ts';
import { assignedBuildingsOf } from '../access.ts';
import { listMeetings, meetingDetail } from './meetings.service.ts';

/** The entry log is for admin, master, supervisor and user (hidden for tech and space). */
const entryLogRoles: readonly Role[] = ['ROLE_ADMIN', 'ROLE_MASTER', 'ROLE_SUPERVISOR', 'ROLE_USER'];

export async function meetingsRoutes(app: FastifyInstance): Promise<void> {
  route(app, 'GET /meeting', {
    config: { access: entryLogRoles, tenant: true },
    handler: (request) => listMeetings(app.ctx, tenantOf(request), request.query, assignedBuildingsOf(authOf(request))),
  });

  route(app, 'GET /meeting/:id', {
    config: { access: entryLogRoles, tenant: true, tenantParams: { id: 'visit' } },
    handler: (request) => meetingDetail(app.ctx, tenantOf(request), request.params.id),
  });
}
