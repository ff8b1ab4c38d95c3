import type { Role } from '@vestibule/shared';
import type { FastifyInstance } from 'fastify';
import { auditActorOf } from '../../http/auditActor.ts';
import { route } from '../../http/route.ts';
import { tenantOf } from '../../plugins/auth.plugin.ts';
import { discoverSso, finishSso, removeSsoProvider, setSsoProvider, ssoSettings, startSso } from './sso.service.ts';

// A company's provider is kept by those who see the whole company (docs/sso.md): administrators
// and corporate users. The sign-in side is public and limited as the password sign-in is.
const keepers: readonly Role[] = ['ROLE_ADMIN', 'ROLE_MASTER'];
const config = { access: keepers, tenant: true } as const;

export async function ssoRoutes(app: FastifyInstance): Promise<void> {
  const loginLimit = { max: app.ctx.config.rateLimits.loginPerMinute, timeWindow: 60_000 };

  route(app, 'GET /ssoProvider', {
    config,
    handler: (request) => ssoSettings(app.ctx, tenantOf(request)),
  });

  route(app, 'PUT /ssoProvider', {
    config,
    handler: (request) => setSsoProvider(app.ctx, auditActorOf(request), tenantOf(request), request.body),
  });

  route(app, 'DELETE /ssoProvider', {
    config,
    handler: async (request) => {
      await removeSsoProvider(app.ctx, auditActorOf(request), tenantOf(request));
      return { ok: true as const };
    },
  });

  route(app, 'POST /sso/discover', {
    config: { access: 'public', rateLimit: loginLimit },
    handler: (request) => discoverSso(app.ctx, request.body.login),
  });

  route(app, 'GET /sso/oidc/:id/start', {
    config: { access: 'public', rateLimit: loginLimit },
    handler: async (request, reply) => reply.redirect(await startSso(app.ctx, request.params.id)),
  });

  route(app, 'GET /sso/oidc/callback', {
    config: { access: 'public', rateLimit: loginLimit },
    handler: async (request, reply) => reply.redirect(await finishSso(app.ctx, request.query, request.ip)),
  });
}
