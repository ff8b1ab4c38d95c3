import type { FastifyInstance, FastifyRequest } from 'fastify';
import { auditActorOf } from '../../http/auditActor.ts';
import { route } from '../../http/route.ts';
import { authOf, tenantOf } from '../../plugins/auth.plugin.ts';
import { adminOnly, anyRole } from '../access.ts';
import {
  changePassword,
  forgotPassword,
  profileOf,
  resetPassword,
  resetTokenUser,
  startPasswordReset,
  updateProfile,
  verificationTokenUser,
  verifyEmail,
} from './account.service.ts';

/** Where the request came to: links in e-mails use it when PUBLIC_URL is not set. */
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const publicConfig = {
    access: 'public' as const,
    rateLimit: { max: app.ctx.config.rateLimits.loginPerMinute, timeWindow: 60_000 },
  };

  route(app, 'GET /profile', {
    config: { access: anyRole },
    handler: (request) => profileOf(app.ctx, authOf(request)),
  });

  route(app, 'PATCH /profile', {
    config: { access: anyRole },
    handler: (request) => updateProfile(app.ctx, authOf(request), auditActorOf(request), request.body),
  });

  route(app, 'POST /profile/changePassword', {
    config: { access: anyRole },
    handler: (request) => changePassword(app.ctx, authOf(request), auditActorOf(request), request.body),
  });

  route(app, 'POST /forgot', {
    config: publicConfig,
    handler: async (request) => {
      await forgotPassword(app.ctx, auditActorOf(request), request.body.email, originOf(request));
      return { ok: true as const };
    },
  });

  route(app, 'GET /user/byResetPasswordToken', {
    config: publicConfig,
    handler: (request) => resetTokenUser(app.ctx, request.query.token),
  });

  route(app, 'POST /reset', {
    config: publicConfig,
    handler: async (request) => {
      await resetPassword(app.ctx, auditActorOf(request), request.body);
      return { ok: true as const };
    },
  });

  route(app, 'GET /user/byVerificationToken', {
    config: publicConfig,
    handler: (request) => verificationTokenUser(app.ctx, request.query.token),
  });

  route(app, 'POST /user/verify', {
    config: publicConfig,
    handler: async (request) => {
      await verifyEmail(app.ctx, auditActorOf(request), request.body);
      return { ok: true as const };
    },
  });

  route(app, 'POST /user/:id/resetPassword', {
    config: { access: adminOnly, tenant: true, tenantParams: { id: 'user' } },
    handler: async (request) => {
      await startPasswordReset(app.ctx, auditActorOf(request), tenantOf(request), request.params.id, originOf(request));
      return { ok: true as const };
    },
  });
}
