import type { FastifyInstance } from 'fastify';
import type { Role } from '@vestibule/shared';
import { route } from '../../http/route.ts';
import { tenantOf } from '../../plugins/auth.plugin.ts';
import { evacuationList } from './evacuation.service.ts';

/**
 * The roles of the entry log's screen (/check-in-out, docs/roles.md), space users
 * included: whoever watches the door may need the list. A building of another company, or one
 * not assigned to a supervisor, user or space user, answers 404 (the auth hook's building check).
 */
const evacuationRoles: readonly Role[] = ['ROLE_ADMIN', 'ROLE_MASTER', 'ROLE_SUPERVISOR', 'ROLE_USER', 'ROLE_SPACE'];

export async function evacuationRoutes(app: FastifyInstance): Promise<void> {
  route(app, 'GET /evacuation/:buildingId', {
    config: { access: evacuationRoles, tenant: true, tenantParams: { buildingId: 'building' } },
    handler: (request) => evacuationList(app.ctx, tenantOf(request), request.params.buildingId),
  });
}
