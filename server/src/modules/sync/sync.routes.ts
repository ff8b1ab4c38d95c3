import type { FastifyInstance, FastifyRequest } from 'fastify';
import { channelOf } from '../checkin/checkin.routes.ts';
import { auditActorOf } from '../../http/auditActor.ts';
import { route } from '../../http/route.ts';
import { authOf, tenantOf } from '../../plugins/auth.plugin.ts';
import { buildingManagers } from '../access.ts';
import { checkStaffPin, kioskConfig, kioskVisits } from './syncConfig.service.ts';
import { buildingDevices, deviceStatus, resolveRejected } from './syncDevices.service.ts';
import { applyHeldEntry, discardHeldEntry, heldEntries } from './heldEntries.service.ts';
import { pushBatch } from './syncPush.service.ts';
import { decideHeldAtKiosk } from './syncHeld.service.ts';
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

  route(app, 'POST /sync/held/:qrCodeKey', {
    // The building's PIN again: few tries per address and minute.
    config: { access: 'public', rateLimit: { max: 10, timeWindow: 60_000 } },
    handler: (request) => decideHeldAtKiosk(app.ctx, request.params.qrCodeKey, request.body, channel(request)),
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

  // A revoked kiosk's held entries (docs/kiosk.md, "Revocation and held entries"), for the
  // building's managers: its company, and a supervisor's assigned buildings only.
  const byBuilding = { access: buildingManagers, tenant: true, tenantParams: { id: 'building' } };
  const byDevice = { access: buildingManagers, tenant: true, tenantParams: { id: 'building', deviceId: 'device' } };
  const reviewer = (request: FastifyRequest) => ({
    ...auditActorOf(request),
    userId: authOf(request).impersonatorId ?? authOf(request).userId,
  });
  const heldTarget = (request: FastifyRequest<{ Params: { id: string; deviceId: string; mutationId: string } }>) => ({
    tenantId: tenantOf(request),
    buildingId: request.params.id,
    deviceId: request.params.deviceId,
    mutationId: request.params.mutationId,
  });

  route(app, 'GET /building/:id/devices/held', {
    config: byBuilding,
    handler: (request) => heldEntries(app.ctx, request.params.id),
  });

  route(app, 'POST /building/:id/devices/:deviceId/held/:mutationId/apply', {
    config: byDevice,
    handler: (request) => applyHeldEntry(app.ctx, reviewer(request), heldTarget(request), channelOf(request, true)),
  });

  route(app, 'POST /building/:id/devices/:deviceId/held/:mutationId/discard', {
    config: byDevice,
    handler: (request) => discardHeldEntry(app.ctx, reviewer(request), heldTarget(request)),
  });

  route(app, 'PATCH /sync/rejected/:mutationId/resolve', {
    config: { access: buildingManagers, tenant: true, tenantParams: { mutationId: 'mutation' } },
    handler: async (request) => {
      await resolveRejected(app.ctx, tenantOf(request), request.params.mutationId, authOf(request).userId);
      return { mutationId: request.params.mutationId };
    },
  });
}
