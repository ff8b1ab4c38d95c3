import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.ts';
import { authOf } from '../../plugins/auth.plugin.ts';
import { adminAndTech, anyRole } from '../access.ts';
import { selectTenant } from './tenants.service.ts';

export async function tenantsRoutes(app: FastifyInstance): Promise<void> {
  route(app, 'GET /selectTenant', {
    config: { access: anyRole },
    handler: (request) => selectTenant(app.ctx, authOf(request), undefined),
  });

  route(app, 'GET /selectTenant/:tenantId', {
    config: { access: adminAndTech },
    handler: (request) => selectTenant(app.ctx, authOf(request), request.params.tenantId),
  });
}
