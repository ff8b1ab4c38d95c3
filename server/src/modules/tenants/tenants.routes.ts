import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, selectTenantResponseSchema } from '@vestibule/shared';
import { authOf } from '../../plugins/auth.plugin.ts';
import { adminAndTech, anyRole } from '../access.ts';
import { selectTenant } from './tenants.service.ts';

export async function tenantsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/selectTenant', {
    config: { access: anyRole },
    schema: {
      tags: ['tenants'],
      summary: 'The current tenant and the tenants one may switch to',
      response: { 200: selectTenantResponseSchema },
    },
    handler: (request) => selectTenant(app.ctx, authOf(request), undefined),
  });

  r.get('/selectTenant/:tenantId', {
    config: { access: adminAndTech },
    schema: {
      tags: ['tenants'],
      summary: 'Switch the current tenant (admin and tech only)',
      params: z.object({ tenantId: z.uuid() }),
      response: { 200: selectTenantResponseSchema, 404: errorBodySchema },
    },
    handler: (request) => selectTenant(app.ctx, authOf(request), request.params.tenantId),
  });
}
