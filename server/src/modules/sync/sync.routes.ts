import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, errorCodes } from '@vestibule/shared';
import { channelOf } from '../checkin/checkin.routes.ts';
import { route } from '../../http/route.ts';
import { authOf, tenantOf } from '../../plugins/auth.plugin.ts';
import { buildingManagers } from '../access.ts';
import {
  buildingDevices,
  checkStaffPin,
  deviceStatus,
  kioskConfig,
  kioskVisits,
  pushBatch,
  resolveRejected,
} from './sync.service.ts';

const tags = ['kiosk sync'];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

const rejectedSchema = z.object({
  mutationId: z.uuid(),
  deviceId: z.uuid(),
  type: z.enum(['checkIn', 'checkOut']),
  visitId: z.uuid(),
  errorCode: z.enum(errorCodes),
  personName: z.string().nullable(),
  occurredAt: z.string(),
  receivedAt: z.string(),
  resolvedAt: z.string().nullable(),
});

export async function syncRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // A kiosk pushes after every local write and on a timer: a higher allowance than a person.
  const kioskConfig_ = {
    access: 'public' as const,
    rateLimit: { max: app.ctx.config.rateLimits.publicPerMinute * 5, timeWindow: 60_000 },
  };
  const channel = (request: FastifyRequest) => channelOf(request, true);

  route(app, 'POST /sync/push', {
    // Each payload is checked on its own (a bad one is answered rejected, never the batch).
    config: { ...kioskConfig_, inputCheckedPerEntry: (path) => path[0] === 'mutations' && path[2] === 'payload' },
    handler: (request) =>
      pushBatch(app.ctx, request.body, { ...channel(request), fromKiosk: request.body.channel === 'kiosk' }),
  });

  route(app, 'GET /sync/config/:qrCodeKey', {
    config: kioskConfig_,
    handler: async (request, reply) => {
      const config = await kioskConfig(app.ctx, request.params.qrCodeKey, channel(request));
      const etag = `"${config.version}"`;
      reply.header('etag', etag).header('cache-control', 'no-cache');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return config;
    },
  });

  route(app, 'POST /sync/staff/:qrCodeKey', {
    // A 4-digit PIN: few tries per address and minute.
    config: { access: 'public', rateLimit: { max: 10, timeWindow: 60_000 } },
    handler: (request) => checkStaffPin(app.ctx, request.params.qrCodeKey, request.body.pin, channel(request)),
  });

  route(app, 'GET /sync/visits/:qrCodeKey', {
    config: kioskConfig_,
    handler: (request) => kioskVisits(app.ctx, request.params.qrCodeKey, channel(request)),
  });

  route(app, 'GET /sync/device/:deviceId', {
    config: kioskConfig_,
    handler: (request) => deviceStatus(app.ctx, request.query.qrCodeKey, request.params.deviceId, channel(request)),
  });

  r.get('/building/:id/devices', {
    config: { access: buildingManagers, tenant: true, tenantParams: { id: 'building' } },
    schema: {
      tags,
      summary:
        'The kiosks of a building: last contact, pending and rejected counts, alerts, and the rejected entries to resolve',
      params: z.object({ id: z.uuid() }),
      response: {
        200: z.object({
          devices: z.array(
            z.object({
              deviceId: z.uuid(),
              /** Enrolled kiosks have a name and an enrolment date; legacy ones have neither. */
              name: z.string().nullable(),
              enrolledAt: z.string().nullable(),
              revokedAt: z.string().nullable(),
              firstSeenAt: z.string(),
              lastSeenAt: z.string(),
              lastIp: z.string().nullable(),
              appVersion: z.string().nullable(),
              configVersion: z.string().nullable(),
              pendingCount: z.number().int(),
              rejectedCount: z.number().int(),
              clockSkewMs: z.number().int(),
              clockSkewFlagged: z.boolean(),
              alerts: z.array(
                z.object({ kind: z.enum(['SEQ_GAP', 'CLOCK_SKEW']), details: z.string(), createdAt: z.string() }),
              ),
            }),
          ),
          rejected: z.array(rejectedSchema),
        }),
        ...errors,
      },
    },
    handler: (request) => buildingDevices(app.ctx, request.params.id),
  });

  r.patch('/sync/rejected/:mutationId/resolve', {
    config: { access: buildingManagers, tenant: true, tenantParams: { mutationId: 'mutation' } },
    schema: {
      tags,
      summary: 'Mark a rejected kiosk entry as resolved',
      params: z.object({ mutationId: z.uuid() }),
      response: { 200: z.object({ mutationId: z.uuid() }), ...errors },
    },
    handler: async (request) => {
      await resolveRejected(app.ctx, tenantOf(request), request.params.mutationId, authOf(request).userId);
      return { mutationId: request.params.mutationId };
    },
  });
}
