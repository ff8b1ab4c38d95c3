import type { FastifyInstance } from 'fastify';
import { pickLocale } from '@vestibule/shared/i18n';
import { visitorActor } from '../../http/auditActor.ts';
import { route } from '../../http/route.ts';
import {
  cancelVisit,
  cancelableVisit,
  postponableVisit,
  postponeVisit,
  reschedulableVisit,
  rescheduleVisit,
} from './publicVisit.service.ts';
import { register, registrationPage } from './registration.service.ts';

/**
 * The visitor's own visit pages: no sign-in, limited per address like the other public
 * calls (the public identifier, 128 random bits, is the secret). A registration writes a visit and
 * sends an e-mail: limited like sign-in.
 */
export async function publicVisitRoutes(app: FastifyInstance): Promise<void> {
  const config = {
    access: 'public' as const,
    rateLimit: { max: app.ctx.config.rateLimits.publicPerMinute, timeWindow: 60_000 },
  };

  route(app, 'GET /cancelable/:publicIdentifier', {
    config,
    handler: (request) => cancelableVisit(app.ctx, request.params.publicIdentifier),
  });

  route(app, 'DELETE /cancelable/:publicIdentifier', {
    config,
    handler: (request) => cancelVisit(app.ctx, visitorActor(request), request.params.publicIdentifier),
  });

  route(app, 'GET /postponable/:publicIdentifier', {
    config,
    handler: (request) => postponableVisit(app.ctx, request.params.publicIdentifier),
  });

  route(app, 'PATCH /postponable/:publicIdentifier', {
    config,
    handler: (request) =>
      postponeVisit(app.ctx, visitorActor(request), request.params.publicIdentifier, request.body.scheduledDuration),
  });

  route(app, 'GET /reschedulable/:publicIdentifier', {
    config,
    handler: (request) => reschedulableVisit(app.ctx, request.params.publicIdentifier),
  });

  route(app, 'PATCH /reschedulable/:publicIdentifier', {
    config,
    handler: (request) =>
      rescheduleVisit(app.ctx, visitorActor(request), request.params.publicIdentifier, request.body.scheduledAt),
  });

  route(app, 'GET /registration/:qrCodeKey', {
    config,
    handler: (request) => registrationPage(app.ctx, request.params.qrCodeKey, request.query.visitorType),
  });

  route(app, 'POST /registration', {
    config: {
      access: 'public',
      rateLimit: { max: app.ctx.config.rateLimits.loginPerMinute, timeWindow: 60_000 },
    },
    handler: async (request, reply) => {
      const registered = await register(
        app.ctx,
        visitorActor(request),
        request.body,
        pickLocale(request.headers['accept-language']),
      );
      return reply.code(201).send(registered);
    },
  });
}
