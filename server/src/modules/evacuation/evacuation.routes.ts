import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Role } from '@vestibule/shared';
import { auditActorOf } from '../../http/auditActor.ts';
import { route } from '../../http/route.ts';
import { authOf, tenantOf } from '../../plugins/auth.plugin.ts';
import { evacuationList } from './evacuation.service.ts';
import { type RollCallUser, currentRollCall, endRollCall, markRollCall, startRollCall } from './rollCall.service.ts';

/**
 * The roles of the entry log's screen (/check-in-out, docs/roles.md), space users
 * included: whoever watches the door may need the list, and may be a warden. A building of another
 * company, or one not assigned to a supervisor, user or space user, answers 404 (the auth hook's
 * building check); so does a roll call or a visit of such a building.
 */
const evacuationRoles: readonly Role[] = ['ROLE_ADMIN', 'ROLE_MASTER', 'ROLE_SUPERVISOR', 'ROLE_USER', 'ROLE_SPACE'];
const byBuilding = { access: evacuationRoles, tenant: true, tenantParams: { buildingId: 'building' } } as const;
const byRollCall = {
  access: evacuationRoles,
  tenant: true,
  tenantParams: { buildingId: 'building', rollCallId: 'rollCall' },
} as const;
const byMark = {
  access: evacuationRoles,
  tenant: true,
  tenantParams: { buildingId: 'building', rollCallId: 'rollCall', visitId: 'visit' },
} as const;

/** The warden: the user acted as (who the marks name), and who is at the keyboard for the audit. */
function wardenOf(request: FastifyRequest): RollCallUser {
  return { userId: authOf(request).userId, audit: auditActorOf(request) };
}

export async function evacuationRoutes(app: FastifyInstance): Promise<void> {
  route(app, 'GET /evacuation/:buildingId', {
    config: byBuilding,
    handler: (request) => evacuationList(app.ctx, tenantOf(request), request.params.buildingId),
  });

  route(app, 'GET /evacuation/:buildingId/rollCall', {
    config: byBuilding,
    handler: (request) => currentRollCall(app.ctx, request.params.buildingId),
  });

  route(app, 'POST /evacuation/:buildingId/rollCall', {
    config: byBuilding,
    handler: (request) =>
      startRollCall(app.ctx, wardenOf(request), tenantOf(request), request.params.buildingId, request.body.reason),
  });

  route(app, 'POST /evacuation/:buildingId/rollCall/:rollCallId/end', {
    config: byRollCall,
    handler: (request) =>
      endRollCall(app.ctx, wardenOf(request), tenantOf(request), request.params.buildingId, request.params.rollCallId),
  });

  route(app, 'PUT /evacuation/:buildingId/rollCall/:rollCallId/marks/:visitId', {
    config: byMark,
    handler: (request) =>
      markRollCall(app.ctx, wardenOf(request), { tenantId: tenantOf(request), ...request.params }, request.body.status),
  });

  route(app, 'DELETE /evacuation/:buildingId/rollCall/:rollCallId/marks/:visitId', {
    config: byMark,
    handler: (request) =>
      markRollCall(app.ctx, wardenOf(request), { tenantId: tenantOf(request), ...request.params }, null),
  });
}
