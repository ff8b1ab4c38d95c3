import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cameraInfoSchema, cameraInputSchema, cameraSchema, errorBodySchema, idParamsSchema } from '@vestibule/shared';
import { tenantOf } from '../../plugins/auth.plugin.ts';
import { buildingManagers } from '../access.ts';
import { addCamera, cameraInfo, cameraPicture, camerasOf, editCamera, removeCamera } from './cameras.service.ts';

const tags = ['cameras'];
const list = z.array(cameraSchema);
const errors = { 400: errorBodySchema, 404: errorBodySchema, 502: errorBodySchema };
const byBuilding = { access: buildingManagers, tenant: true, tenantParams: { buildingId: 'building' } } as const;
const byCamera = { access: buildingManagers, tenant: true, tenantParams: { id: 'camera' } } as const;
const buildingParams = z.object({ buildingId: z.uuid() });

export async function camerasRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/camera/:buildingId', {
    config: byBuilding,
    schema: { tags, summary: 'Every camera of a building', params: buildingParams, response: { 200: list, ...errors } },
    handler: (request) => camerasOf(app.ctx, tenantOf(request), request.params.buildingId),
  });

  r.post('/camera/:buildingId', {
    config: byBuilding,
    schema: {
      tags,
      summary: 'Add a camera; answers the full list',
      params: buildingParams,
      body: cameraInputSchema,
      response: { 200: list, ...errors },
    },
    handler: (request) => addCamera(app.ctx, tenantOf(request), request.params.buildingId, request.body),
  });

  r.patch('/camera/:id', {
    config: byCamera,
    schema: {
      tags,
      summary: 'Edit a camera (an empty password keeps the stored one); answers the full list',
      params: idParamsSchema,
      body: cameraInputSchema,
      response: { 200: list, ...errors },
    },
    handler: (request) => editCamera(app.ctx, tenantOf(request), request.params.id, request.body),
  });

  r.delete('/camera/:id', {
    config: byCamera,
    schema: {
      tags,
      summary: 'Delete a camera; answers the full list',
      params: idParamsSchema,
      response: { 200: list, ...errors },
    },
    handler: (request) => removeCamera(app.ctx, tenantOf(request), request.params.id),
  });

  r.get('/camera/info/:id', {
    config: byCamera,
    schema: {
      tags,
      summary: 'Read the camera: an entry list with maxTemperature',
      params: idParamsSchema,
      response: { 200: cameraInfoSchema, ...errors },
    },
    handler: (request) => cameraInfo(app.ctx, tenantOf(request), request.params.id),
  });

  r.get('/camera/picture/:id', {
    config: byCamera,
    schema: {
      tags,
      summary: 'A picture from the camera (?x=timestamp defeats caches)',
      params: idParamsSchema,
      querystring: z.object({ x: z.string().max(32).optional() }),
    },
    handler: async (request, reply) => {
      const picture = await cameraPicture(app.ctx, tenantOf(request), request.params.id);
      return reply.header('content-type', picture.contentType).header('cache-control', 'no-store').send(picture.body);
    },
  });
}
