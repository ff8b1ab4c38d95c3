import type { Role } from '@vestibule/shared';
import type { FastifyInstance } from 'fastify';
import { auditActorOf } from '../../http/auditActor.ts';
import { route } from '../../http/route.ts';
import { tenantOf } from '../../plugins/auth.plugin.ts';
import {
  addWebhookEndpoint,
  changeWebhookEndpoint,
  redeliverWebhook,
  removeWebhookEndpoint,
  replaceWebhookSecret,
  webhookDeliveries,
  webhookEndpoints,
} from './webhooks.service.ts';

// A company's webhooks are kept by those who see the whole company (docs/webhooks.md):
// administrators and corporate users.
const keepers: readonly Role[] = ['ROLE_ADMIN', 'ROLE_MASTER'];
const config = { access: keepers, tenant: true } as const;
const byEndpoint = { ...config, tenantParams: { id: 'webhookEndpoint' } } as const;
const byDelivery = { ...config, tenantParams: { id: 'webhookDelivery' } } as const;

export async function webhooksRoutes(app: FastifyInstance): Promise<void> {
  route(app, 'GET /webhooks', {
    config,
    handler: (request) => webhookEndpoints(app.ctx, tenantOf(request)),
  });

  route(app, 'POST /webhooks', {
    config,
    handler: async (request, reply) =>
      reply.code(201).send(await addWebhookEndpoint(app.ctx, auditActorOf(request), tenantOf(request), request.body)),
  });

  route(app, 'PATCH /webhooks/:id', {
    config: byEndpoint,
    handler: (request) =>
      changeWebhookEndpoint(app.ctx, auditActorOf(request), tenantOf(request), request.params.id, request.body),
  });

  route(app, 'DELETE /webhooks/:id', {
    config: byEndpoint,
    handler: async (request) => {
      await removeWebhookEndpoint(app.ctx, auditActorOf(request), tenantOf(request), request.params.id);
      return { ok: true as const };
    },
  });

  route(app, 'POST /webhooks/:id/secret', {
    config: byEndpoint,
    handler: (request) => replaceWebhookSecret(app.ctx, auditActorOf(request), tenantOf(request), request.params.id),
  });

  route(app, 'GET /webhooks/deliveries', {
    config,
    handler: (request) => webhookDeliveries(app.ctx, tenantOf(request), request.query),
  });

  route(app, 'POST /webhooks/deliveries/:id/redeliver', {
    config: byDelivery,
    handler: (request) => redeliverWebhook(app.ctx, auditActorOf(request), tenantOf(request), request.params.id),
  });
}
