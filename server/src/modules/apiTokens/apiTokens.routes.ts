import type { Role } from '@vestibule/shared';
import type { FastifyInstance } from 'fastify';
import { auditActorOf } from '../../http/auditActor.ts';
import { route } from '../../http/route.ts';
import { tenantOf } from '../../plugins/auth.plugin.ts';
import { apiTokens, makeApiToken, revokeToken } from './apiTokens.service.ts';

// A company's API tokens are made by those who see the whole company (docs/api-tokens.md):
// administrators and corporate users. A token never makes or revokes tokens (no scope names it).
const keepers: readonly Role[] = ['ROLE_ADMIN', 'ROLE_MASTER'];
const config = { access: keepers, tenant: true } as const;

export async function apiTokensRoutes(app: FastifyInstance): Promise<void> {
  route(app, 'GET /apiTokens', {
    config,
    handler: (request) => apiTokens(app.ctx, tenantOf(request)),
  });

  route(app, 'POST /apiTokens', {
    config,
    handler: async (request, reply) =>
      reply.code(201).send(await makeApiToken(app.ctx, auditActorOf(request), tenantOf(request), request.body)),
  });

  route(app, 'DELETE /apiTokens/:id', {
    config: { ...config, tenantParams: { id: 'apiToken' } },
    handler: (request) => revokeToken(app.ctx, auditActorOf(request), tenantOf(request), request.params.id),
  });
}
