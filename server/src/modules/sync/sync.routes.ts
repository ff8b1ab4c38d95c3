import type { FastifyInstance, FastifyRequest } from 'fastify';
import { channelOf } from '../checkin/checkin.routes.ts';
import { route } from '../../http/route.ts';
import { authOf, tenantOf } from '../../plugins/auth.plugin.ts';
import { buildingManagers } from '../access.ts';
import { checkStaffPin, kioskConfig, kioskVisits } from './syncConfig.service.ts';
import { buildingDevices, deviceStatus, resolveRejected } from './syncDevices.service.ts';
import { pushBatch } from './syncPush.service.ts';
import { kioskRollCall } from './syncRollCall.service.ts';

export async function syncRoutes(app: FastifyInstance): Promise<void> {
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

  route(app, 'GET /sync/rollCall/:qrCodeKey', {
    config: kioskConfig_,
    handler: (request) => kioskRollCall(app.ctx, request.params.qrCodeKey, channel(request)),
  });

  route(app, 'GET /sync/device/:deviceId', {
    config: kioskConfig_,
    handler: (request) => deviceStatus(app.ctx, request.query.qrCodeKey, request.params.deviceId, channel(request)),
  });

  route(app, 'GET /building/:id/devices', {
    config: { access: buildingManagers, tenant: true, tenantParams: { id: 'building' } },
    handler: (request) => buildingDevices(app.ctx, request.params.id),
  });

  route(app, 'PATCH /sync/rejected/:mutationId/resolve', {
    config: { access: buildingManagers, tenant: true, tenantParams: { mutationId: 'mutation' } },
    handler: async (request) => {
      await resolveRejected(app.ctx, tenantOf(request), request.params.mutationId, authOf(request).userId);
      return { mutationId: request.params.mutationId };
    },
  });
}
