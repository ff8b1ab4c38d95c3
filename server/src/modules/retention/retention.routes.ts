import type { Role } from '@vestibule/shared';
import type { FastifyInstance } from 'fastify';
import { auditActorOf } from '../../http/auditActor.ts';
import { route } from '../../http/route.ts';
import { tenantOf } from '../../plugins/auth.plugin.ts';
import { changeRetention, previewRetention, retentionSettings } from './retention.service.ts';

// A company's retention periods are its data-protection choice (docs/privacy.md, "Retention"):
// administrators and corporate users, who see the whole company, set them.
const privacyManagers: readonly Role[] = ['ROLE_ADMIN', 'ROLE_MASTER'];
const config = { access: privacyManagers, tenant: true } as const;

export async function retentionRoutes(app: FastifyInstance): Promise<void> {
  route(app, 'GET /privacy/retention', {
    config,
    handler: (request) => retentionSettings(app.ctx, tenantOf(request), new Date()),
  });

  route(app, 'PUT /privacy/retention', {
    config,
    handler: (request) => changeRetention(app.ctx, auditActorOf(request), tenantOf(request), request.body, new Date()),
  });

  route(app, 'POST /privacy/retention/preview', {
    config,
    handler: (request) => previewRetention(app.ctx, tenantOf(request), request.body, new Date()),
  });
}
