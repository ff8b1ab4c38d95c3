import type { FastifyInstance, FastifyRequest } from 'fastify';
import { auditActorOf } from '../../http/auditActor.ts';
import { route } from '../../http/route.ts';
import { authOf } from '../../plugins/auth.plugin.ts';
import { adminAndTech, adminOnly, anyRole } from '../access.ts';
import { company, createCompanyWithMaster, editCompany, listCompanies, removeCompany } from './companies.service.ts';
import { selectTenant } from './tenants.service.ts';

/** Where the request came to: links in e-mails use it when PUBLIC_URL is not set. */
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

export async function tenantsRoutes(app: FastifyInstance): Promise<void> {
  route(app, 'GET /selectTenant', {
    config: { access: anyRole },
    handler: (request) => selectTenant(app.ctx, authOf(request), undefined),
  });

  route(app, 'GET /selectTenant/:tenantId', {
    config: { access: adminAndTech },
    handler: (request) => selectTenant(app.ctx, authOf(request), request.params.tenantId),
  });

  route(app, 'GET /tenant', {
    config: { access: adminAndTech },
    handler: (request) => listCompanies(app.ctx, request.query),
  });

  route(app, 'GET /tenant/:id', {
    config: { access: adminAndTech },
    handler: (request) => company(app.ctx, request.params.id),
  });

  route(app, 'PATCH /tenant/:id', {
    config: { access: adminOnly },
    handler: (request) => editCompany(app.ctx, auditActorOf(request), request.params.id, request.body),
  });

  route(app, 'POST /tenantWithMaster', {
    config: { access: adminOnly },
    handler: async (request, reply) => {
      const created = await createCompanyWithMaster(app.ctx, auditActorOf(request), request.body, originOf(request));
      return reply.code(201).send(created);
    },
  });

  route(app, 'DELETE /tenant/:id', {
    config: { access: adminOnly },
    handler: async (request) => {
      await removeCompany(app.ctx, auditActorOf(request), request.params.id);
      return { ok: true as const };
    },
  });
}
