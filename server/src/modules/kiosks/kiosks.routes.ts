import type { FastifyInstance } from 'fastify';
import { auditActorOf } from '../../http/auditActor.ts';
import { route } from '../../http/route.ts';
import { authOf, tenantOf } from '../../plugins/auth.plugin.ts';
import { buildingManagers } from '../access.ts';
import { createEnrolment, enrolKiosk, renameKiosk, revokeKiosk } from './kiosks.service.ts';

const byDevice = { access: buildingManagers, tenant: true, tenantParams: { id: 'building', deviceId: 'device' } };

/** Enrolling, renaming and revoking a building's kiosks; a tablet's enrolment call. */
export async function kiosksRoutes(app: FastifyInstance): Promise<void> {
  route(app, 'POST /building/:id/devices/enrolments', {
    config: { access: buildingManagers, tenant: true, tenantParams: { id: 'building' } },
    handler: async (request, reply) => {
      const answer = await createEnrolment(
        app.ctx,
        {
          tenantId: tenantOf(request),
          buildingId: request.params.id,
          name: request.body.name,
          userId: authOf(request).userId,
          origin: `${request.protocol}://${request.host}`,
        },
        auditActorOf(request),
      );
      return reply.code(201).send(answer);
    },
  });

  route(app, 'POST /kiosk/enrol', {
    // The code is the proof: as few tries per address and minute as a sign-in.
    config: { access: 'public', rateLimit: { max: app.ctx.config.rateLimits.loginPerMinute, timeWindow: 60_000 } },
    handler: (request) =>
      enrolKiosk(app.ctx, {
        code: request.body.code,
        deviceId: request.body.deviceId,
        appVersion: request.body.appVersion,
        ip: request.ip,
      }),
  });

  route(app, 'PATCH /building/:id/devices/:deviceId', {
    config: byDevice,
    handler: (request) =>
      renameKiosk(
        app.ctx,
        auditActorOf(request),
        { tenantId: tenantOf(request), buildingId: request.params.id, deviceId: request.params.deviceId },
        request.body.name,
      ),
  });

  route(app, 'POST /building/:id/devices/:deviceId/revoke', {
    config: byDevice,
    handler: (request) =>
      revokeKiosk(app.ctx, auditActorOf(request), tenantOf(request), request.params.id, request.params.deviceId),
  });
}
