import type { Role } from '@vestibule/shared';
import type { FastifyInstance } from 'fastify';
import { auditActorOf } from '../../http/auditActor.ts';
import { route } from '../../http/route.ts';
import { tenantOf } from '../../plugins/auth.plugin.ts';
import { actorOf, allow, byVisit } from '../visits/visitCaller.ts';
import { decideHeldVisit } from './heldVisits.service.ts';
import { addWatchlistEntry, changeWatchlistEntry, removeWatchlistEntry, watchlist } from './watchlist.service.ts';

// The watchlist is kept by those who see the whole company (docs/watchlist.md): administrators
// and corporate users. Building staff meet its effect (a visitor held at their door) but never
// read the list or its reasons.
const keepers: readonly Role[] = ['ROLE_ADMIN', 'ROLE_MASTER'];
const config = { access: keepers, tenant: true } as const;
const byId = { ...config, tenantParams: { id: 'watchlistEntry' } } as const;

export async function watchlistRoutes(app: FastifyInstance): Promise<void> {
  route(app, 'GET /watchlist', {
    config,
    handler: (request) => watchlist(app.ctx, tenantOf(request)),
  });

  route(app, 'POST /watchlist', {
    config,
    handler: async (request, reply) =>
      reply.code(201).send(await addWatchlistEntry(app.ctx, auditActorOf(request), tenantOf(request), request.body)),
  });

  route(app, 'PATCH /watchlist/:id', {
    config: byId,
    handler: (request) =>
      changeWatchlistEntry(app.ctx, auditActorOf(request), tenantOf(request), request.params.id, request.body),
  });

  route(app, 'DELETE /watchlist/:id', {
    config: byId,
    handler: async (request) => {
      await removeWatchlistEntry(app.ctx, auditActorOf(request), tenantOf(request), request.params.id);
      return { ok: true as const };
    },
  });

  // Staff at the door decide for a visitor held there, in the buildings they see.
  route(app, 'POST /meeting/:id/approveHeld', {
    config: { ...allow('decideHeld'), ...byVisit },
    handler: (request) => decideHeldVisit(app.ctx, actorOf(request), request.params.id, 'approve'),
  });

  route(app, 'POST /meeting/:id/refuseHeld', {
    config: { ...allow('decideHeld'), ...byVisit },
    handler: (request) => decideHeldVisit(app.ctx, actorOf(request), request.params.id, 'refuse'),
  });
}
