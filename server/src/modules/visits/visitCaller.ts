// Who calls the visits' staff routes (the entry log's, and the check-in's staff channel): their
// company and the buildings they see, and for a change the user and the audit actor. Who may call
// what is the shared rule the screen also reads (shared/src/domain/visitPermissions.ts), so the
// screen never calls what a role is refused.
import type { FastifyRequest } from 'fastify';
import { visitPermissions } from '@vestibule/shared';
import { auditActorOf } from '../../http/auditActor.ts';
import { authOf, tenantOf } from '../../plugins/auth.plugin.ts';
import { assignedBuildingsOf } from '../access.ts';
import type { AuditActor } from '../audit/audit.service.ts';

/** Who asks: their company, the user whose assigned buildings limit what they see (if any). */
export interface VisitCaller {
  tenantId: string;
  /** Set for supervisors, users and space users (assignedBuildingsOf); undefined for the whole company. */
  assignedTo: string | undefined;
}

/** Who acts: the caller's scope, the user (recorded as who invited) and the audit actor. */
export interface VisitActor extends VisitCaller {
  userId: string;
  audit: AuditActor;
}

export function callerOf(request: FastifyRequest): VisitCaller {
  return { tenantId: tenantOf(request), assignedTo: assignedBuildingsOf(authOf(request)) };
}

export function actorOf(request: FastifyRequest): VisitActor {
  return { ...callerOf(request), userId: authOf(request).userId, audit: auditActorOf(request) };
}

/** A route's policy: the roles of a permission, in the request's company. */
export const allow = (permission: keyof typeof visitPermissions) =>
  ({ access: visitPermissions[permission], tenant: true }) as const;

/** A route whose `:id` is a visit: the route matrix and the ownership check treat it as one. */
export const byVisit = { tenantParams: { id: 'visit' } } as const;
