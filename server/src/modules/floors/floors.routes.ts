import type { FastifyInstance } from 'fastify';
import { FLOOR_PLAN_MAX_BYTES } from '@vestibule/shared';
import { AppError } from '../../errors.ts';
import { auditActorOf } from '../../http/auditActor.ts';
import { readMultipartForm } from '../../http/multipartForm.ts';
import { route } from '../../http/route.ts';
import { authOf, tenantOf } from '../../plugins/auth.plugin.ts';
import { anyRole, assignedBuildingsOf, buildingManagers } from '../access.ts';
import {
  changeFloor,
  changeLayoutConfig,
  createFloor,
  getLayout,
  listTenantFloors,
  planContent,
  removeFloor,
  removePlan,
  storePlan,
  userFloors,
} from './floors.service.ts';
import { readPlanImage } from './planImage.ts';
import {
  approversOfFloor,
  changeSpace,
  createSpace,
  listTenantSpaces,
  removeSpace,
  spaceOptions,
  spacesOfFloor,
} from './spaces.service.ts';

// Floors and spaces (docs/floors-and-spaces.md): managed by administrators, masters and
// supervisors (a supervisor for their assigned buildings only: any other floor or space is 404,
// checked by the auth hook through `tenantParams`).

/** A plan: one GIF, PNG, JPEG or BMP file under 5,000,000 bytes; no text field. */
const planUploadRules = {
  maxFileBytes: FLOOR_PLAN_MAX_BYTES - 1,
  tooBig: 'FLOOR_PLAN_TOO_BIG',
  textFields: new Set<string>(),
} as const;

const floorScoped = { access: buildingManagers, tenant: true, tenantParams: { id: 'floor' } } as const;
const spaceScoped = { access: buildingManagers, tenant: true, tenantParams: { id: 'space' } } as const;
const managers = { access: buildingManagers, tenant: true } as const;

export async function floorsRoutes(app: FastifyInstance): Promise<void> {
  route(app, 'GET /floor', {
    config: managers,
    handler: (request) =>
      listTenantFloors(app.ctx, tenantOf(request), request.query, assignedBuildingsOf(authOf(request))),
  });

  route(app, 'GET /public/floor/user', {
    config: { access: anyRole },
    handler: (request) => {
      const auth = authOf(request);
      return userFloors(app.ctx, auth.tenantId, assignedBuildingsOf(auth));
    },
  });

  route(app, 'POST /floor', {
    config: managers,
    handler: (request) =>
      createFloor(
        app.ctx,
        auditActorOf(request),
        { tenantId: tenantOf(request), assignedTo: assignedBuildingsOf(authOf(request)) },
        request.body,
      ),
  });

  route(app, 'PATCH /floor/:id', {
    config: floorScoped,
    handler: (request) =>
      changeFloor(app.ctx, auditActorOf(request), { tenantId: tenantOf(request), id: request.params.id }, request.body),
  });

  route(app, 'DELETE /floor/:id', {
    config: floorScoped,
    handler: (request) =>
      removeFloor(
        app.ctx,
        auditActorOf(request),
        { tenantId: tenantOf(request), id: request.params.id },
        request.query.cancelBookings === 'true',
      ),
  });

  route(app, 'PATCH /floor/:id/layoutConfig', {
    config: floorScoped,
    handler: (request) =>
      changeLayoutConfig(
        app.ctx,
        auditActorOf(request),
        { tenantId: tenantOf(request), id: request.params.id },
        request.body,
      ),
  });

  route(app, 'GET /floor/:id/layout', {
    config: floorScoped,
    handler: (request) => getLayout(app.ctx, tenantOf(request), request.params.id),
  });

  route(app, 'PATCH /floor/:id/layoutImage', {
    config: floorScoped,
    handler: async (request) => {
      const tenantId = tenantOf(request);
      const { file } = await readMultipartForm(request, planUploadRules);
      if (!file) throw new AppError('MISSING', { field: 'file' });
      // The type by the content's signature and the size from its header; nothing is stored on refusal.
      const image = readPlanImage(file.content);
      if (!image) throw new AppError('FLOOR_PLAN_INVALID_FORMAT');
      const fileName = (file.fileName || 'plan').slice(0, 200);
      return storePlan(
        app.ctx,
        auditActorOf(request),
        { tenantId, id: request.params.id },
        { ...image, content: file.content, fileName },
      );
    },
  });

  route(app, 'DELETE /floor/:id/layoutImage', {
    config: floorScoped,
    handler: (request) =>
      removePlan(app.ctx, auditActorOf(request), { tenantId: tenantOf(request), id: request.params.id }),
  });

  route(app, 'GET /public/floor/:id/plan/:key', {
    config: { access: 'public', rateLimit: { max: app.ctx.config.rateLimits.publicPerMinute, timeWindow: 60_000 } },
    handler: async (request, reply) => {
      const plan = await planContent(app.ctx, request.params.id, request.params.key);
      return reply
        .header('content-type', plan.content_type)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(plan.content);
    },
  });

  route(app, 'GET /space', {
    config: managers,
    handler: (request) =>
      listTenantSpaces(app.ctx, tenantOf(request), request.query, assignedBuildingsOf(authOf(request))),
  });

  route(app, 'GET /space/list/:floorId', {
    config: { ...managers, tenantParams: { floorId: 'floor' } },
    handler: (request) => spaceOptions(app.ctx, tenantOf(request), request.params.floorId),
  });

  route(app, 'GET /space/byFloorId/:id', {
    config: floorScoped,
    handler: (request) => spacesOfFloor(app.ctx, tenantOf(request), request.params.id),
  });

  route(app, 'POST /space', {
    config: managers,
    handler: (request) =>
      createSpace(
        app.ctx,
        auditActorOf(request),
        { tenantId: tenantOf(request), assignedTo: assignedBuildingsOf(authOf(request)) },
        request.body,
      ),
  });

  route(app, 'PATCH /space/:id', {
    config: spaceScoped,
    handler: (request) =>
      changeSpace(app.ctx, auditActorOf(request), { tenantId: tenantOf(request), id: request.params.id }, request.body),
  });

  route(app, 'DELETE /space/:id', {
    config: spaceScoped,
    handler: (request) =>
      removeSpace(
        app.ctx,
        auditActorOf(request),
        { tenantId: tenantOf(request), id: request.params.id },
        request.query.cancelBookings === 'true',
      ),
  });

  route(app, 'GET /space/approvers/:id', {
    config: floorScoped,
    handler: (request) => approversOfFloor(app.ctx, tenantOf(request), request.params.id),
  });
}
