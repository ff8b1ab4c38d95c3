import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '../../http/route.ts';
import { authOf } from '../../plugins/auth.plugin.ts';
import { adminOnly, anyRole } from '../access.ts';
import { createSsoToken, impersonate, logIn, logInWithSsoToken, logOut, renewToken } from './auth.service.ts';

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const loginLimit = { max: app.ctx.config.rateLimits.loginPerMinute, timeWindow: 60_000 };

  route(app, 'POST /login', {
    config: { access: 'public', rateLimit: loginLimit },
    handler: (request) => logIn(app.ctx, request.body.username, request.body.password, request.ip),
  });

  route(app, 'GET /token', {
    config: { access: anyRole },
    handler: (request) => renewToken(app.ctx, authOf(request)),
  });

  route(app, 'POST /logout', {
    config: { access: anyRole },
    handler: async (request) => {
      await logOut(app.ctx, authOf(request));
      return { ok: true as const };
    },
  });

  /** The administrator calling, with whether their session is itself an impersonation. */
  const administrator = (request: FastifyRequest) => {
    const auth = authOf(request);
    return { id: auth.userId, username: auth.username, clientIp: request.ip, impersonatorId: auth.impersonatorId };
  };

  route(app, 'POST /login/impersonate', {
    config: { access: adminOnly },
    handler: (request) => impersonate(app.ctx, administrator(request), request.body.username),
  });

  route(app, 'POST /sso/token', {
    config: { access: adminOnly },
    handler: (request) => createSsoToken(app.ctx, administrator(request), request.body.username),
  });

  route(app, 'GET /sso/:token', {
    config: { access: 'public', rateLimit: loginLimit },
    handler: (request) => logInWithSsoToken(app.ctx, request.params.token, request.ip),
  });
}
