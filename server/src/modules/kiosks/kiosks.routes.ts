import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createEnrolmentRequestSchema,
  createEnrolmentResponseSchema,
  errorBodySchema,
  renameDeviceRequestSchema,
} from '@vestibule/shared';
import { route } from '../../http/route.ts';
import { authOf, tenantOf } from '../../plugins/auth.plugin.ts';
import { buildingManagers } from '../access.ts';
import { createEnrolment, enrolKiosk, renameKiosk, revokeKiosk } from './kiosks.service.ts';

const tags = ['kiosk enrolment'];
const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const deviceParams = z.object({ id: z.uuid(), deviceId: z.uuid() });
const byDevice = { access: buildingManagers, tenant: true, tenantParams: { id: 'building', deviceId: 'device' } };

/** Enrolling, renaming and revoking a building's kiosks; a tablet's enrolment call. */
export async function kiosksRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/building/:id/devices/enrolments', {
    config: { access: buildingManagers, tenant: true, tenantParams: { id: 'building' } },
    schema: {
      tags,
      summary: 'A one-time enrolment code (15 minutes) and its link, to make a tablet a kiosk of the building',
      params: z.object({ id: z.uuid() }),
      body: createEnrolmentRequestSchema,
      response: { 201: createEnrolmentResponseSchema, ...errors },
    },
    handler: async (request, reply) => {
      const answer = await createEnrolment(app.ctx, {
        tenantId: tenantOf(request),
        buildingId: request.params.id,
        name: request.body.name,
        userId: authOf(request).userId,
        origin: `${request.protocol}://${request.host}`,
      });
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

  r.patch('/building/:id/devices/:deviceId', {
    config: byDevice,
    schema: {
      tags,
      summary: 'Rename a kiosk',
      params: deviceParams,
      body: renameDeviceRequestSchema,
      response: { 200: z.object({ deviceId: z.uuid(), name: z.string() }), ...errors },
    },
    handler: (request) =>
      renameKiosk(app.ctx, tenantOf(request), request.params.id, request.params.deviceId, request.body.name),
  });

  r.post('/building/:id/devices/:deviceId/revoke', {
    config: byDevice,
    schema: {
      tags,
      summary: 'Revoke a kiosk: its credential stops working at once',
      params: deviceParams,
      response: { 200: z.object({ deviceId: z.uuid(), revokedAt: z.string() }), ...errors },
    },
    handler: (request) => revokeKiosk(app.ctx, tenantOf(request), request.params.id, request.params.deviceId),
  });
}
