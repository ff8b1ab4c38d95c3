import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.ts';
import { authOf, tenantOf } from '../../plugins/auth.plugin.ts';
import { AppError } from '../../errors.ts';
import { authorizeStream, issueTicket, liveRoles, ticketSecret } from './live.service.ts';

/** How long a new stream waits for the instance's LISTEN (at start, or back after a lost connection). */
const LISTEN_WAIT_MS = 5000;

export async function liveRoutes(app: FastifyInstance): Promise<void> {
  const secret = ticketSecret(app.ctx);

  route(app, 'POST /live/ticket', {
    config: { access: liveRoles, tenant: true },
    handler: async (request) =>
      issueTicket(app.ctx, await secret(), authOf(request), tenantOf(request), request.body.buildingId),
  });

  // Public for the auth hook (an EventSource sends no bearer header): the ticket is its credential,
  // checked before anything is written, so a refusal is an ordinary JSON error.
  route(app, 'GET /live/visits', {
    config: { access: 'public' },
    handler: async (request, reply) => {
      const scope = await authorizeStream(app.ctx, await secret(), request.query.ticket);
      if (!(await app.liveHub.ready(LISTEN_WAIT_MS))) throw new AppError('SERVICE_UNAVAILABLE');
      const header = request.headers['last-event-id'];
      const lastEventId =
        (typeof header === 'string' && header !== '' ? header : undefined) ?? request.query.lastEventId;
      // The stream is written by the hub, past Fastify's reply (no serialiser, no compression).
      reply.hijack();
      app.liveHub.open(scope, reply.raw, lastEventId?.slice(0, 100));
      return reply;
    },
  });
}
