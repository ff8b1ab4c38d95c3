import type { Role } from '@vestibule/shared';
import type { FastifyInstance } from 'fastify';
import { auditActorOf } from '../../http/auditActor.ts';
import { route } from '../../http/route.ts';
import { tenantOf } from '../../plugins/auth.plugin.ts';
import { buildingManagers } from '../access.ts';
import { addCity, editCity, listTenantCities, removeCity } from './cities.service.ts';

// Supervisors and above keep a company's cities (they edit the addresses that use them); users
// read the list for the forms they fill. Technical users see companies and users only.
const cityReaders: readonly Role[] = [...buildingManagers, 'ROLE_USER'];
const byId = { access: buildingManagers, tenant: true, tenantParams: { id: 'city' } } as const;

export async function citiesRoutes(app: FastifyInstance): Promise<void> {
  route(app, 'GET /city', {
    config: { access: cityReaders, tenant: true },
    handler: (request) => listTenantCities(app.ctx, tenantOf(request), request.query),
  });

  route(app, 'POST /city', {
    config: { access: buildingManagers, tenant: true },
    handler: async (request, reply) =>
      reply.code(201).send(await addCity(app.ctx, auditActorOf(request), tenantOf(request), request.body)),
  });

  route(app, 'PATCH /city/:id', {
    config: byId,
    handler: (request) => editCity(app.ctx, auditActorOf(request), tenantOf(request), request.params.id, request.body),
  });

  route(app, 'DELETE /city/:id', {
    config: byId,
    handler: async (request) => {
      await removeCity(app.ctx, auditActorOf(request), tenantOf(request), request.params.id);
      return { ok: true as const };
    },
  });
}
