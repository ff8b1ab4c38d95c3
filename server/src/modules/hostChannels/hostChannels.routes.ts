import type { Role } from '@vestibule/shared';
import type { FastifyInstance } from 'fastify';
import { auditActorOf } from '../../http/auditActor.ts';
import { route } from '../../http/route.ts';
import { tenantOf } from '../../plugins/auth.plugin.ts';
import { changeHostChannels, hostChannels } from './hostChannels.service.ts';

// A company's host channels are kept by those who see the whole company
// (docs/host-notifications.md): administrators and corporate users, as its webhooks are.
const keepers: readonly Role[] = ['ROLE_ADMIN', 'ROLE_MASTER'];
const config = { access: keepers, tenant: true } as const;

export async function hostChannelsRoutes(app: FastifyInstance): Promise<void> {
  route(app, 'GET /hostChannels', {
    config,
    handler: (request) => hostChannels(app.ctx, tenantOf(request)),
  });

  route(app, 'PATCH /hostChannels', {
    config,
    handler: (request) => changeHostChannels(app.ctx, auditActorOf(request), tenantOf(request), request.body),
  });
}
