import type { FastifyInstance } from 'fastify';
import { auditActorOf } from '../../http/auditActor.ts';
import { route } from '../../http/route.ts';
import { tenantOf } from '../../plugins/auth.plugin.ts';
import { buildingManagers } from '../access.ts';
import { addCamera, cameraInfo, cameraPicture, camerasOf, editCamera, removeCamera } from './cameras.service.ts';

const byBuilding = { access: buildingManagers, tenant: true, tenantParams: { buildingId: 'building' } } as const;
const byCamera = { access: buildingManagers, tenant: true, tenantParams: { id: 'camera' } } as const;

export async function camerasRoutes(app: FastifyInstance): Promise<void> {
  route(app, 'GET /camera/:buildingId', {
    config: byBuilding,
    handler: (request) => camerasOf(app.ctx, tenantOf(request), request.params.buildingId),
  });

  route(app, 'POST /camera/:buildingId', {
    config: byBuilding,
    handler: (request) =>
      addCamera(
        app.ctx,
        auditActorOf(request),
        { tenantId: tenantOf(request), buildingId: request.params.buildingId },
        request.body,
      ),
  });

  route(app, 'PATCH /camera/:id', {
    config: byCamera,
    handler: (request) =>
      editCamera(app.ctx, auditActorOf(request), tenantOf(request), request.params.id, request.body),
  });

  route(app, 'DELETE /camera/:id', {
    config: byCamera,
    handler: (request) => removeCamera(app.ctx, auditActorOf(request), tenantOf(request), request.params.id),
  });

  route(app, 'GET /camera/info/:id', {
    config: byCamera,
    handler: (request) => cameraInfo(app.ctx, tenantOf(request), request.params.id),
  });

  route(app, 'GET /camera/picture/:id', {
    config: byCamera,
    handler: async (request, reply) => {
      const picture = await cameraPicture(app.ctx, tenantOf(request), request.params.id);
      return reply.header('content-type', picture.contentType).header('cache-control', 'no-store').send(picture.body);
    },
  });
}
