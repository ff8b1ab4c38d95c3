import type { FastifyRequest } from 'fastify';
import { type AuditActor, channelActor } from '../modules/audit/audit.service.ts';

/**
 * Who acts in a request, for the audit log: the signed-in user, or during an impersonation the
 * administrator at the keyboard acting as that user; nobody for a public call.
 */
export function auditActorOf(request: FastifyRequest): AuditActor {
  const auth = request.auth;
  if (!auth) return { userId: null, username: null, actingAsId: null, clientIp: request.ip };
  if (auth.impersonatorId) {
    return { userId: auth.impersonatorId, username: null, actingAsId: auth.userId, clientIp: request.ip };
  }
  return { userId: auth.userId, username: auth.username, actingAsId: null, clientIp: request.ip };
}

/** The visitor on their own device, through their visit's links or the building's public pages. */
export function visitorActor(request: FastifyRequest): AuditActor {
  return channelActor('OWN_DEVICE', { clientIp: request.ip });
}
