import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { pickLocale } from '@vestibule/shared/i18n';
import { route } from '../../http/route.ts';
import { replicaReads } from '../../http/replicaReads.ts';
import { adminOnly } from '../access.ts';
import { auditCsv, auditLogPage } from './audit.service.ts';

// Reading the audit log: administrators only, across every company (the tenantId filter narrows
// it to one), so no tenant scope; any other role gets the 403 of every admin-only call.

export async function auditRoutes(app: FastifyInstance): Promise<void> {
  route(app, 'GET /auditLog', {
    config: { access: adminOnly },
    handler: async (request) => auditLogPage(await replicaReads(app.ctx, request), request.query),
  });

  route(app, 'GET /auditLog/audit.csv', {
    config: { access: adminOnly },
    handler: async (request, reply) => {
      const rows = auditCsv(
        await replicaReads(app.ctx, request),
        request.query,
        pickLocale(request.headers['accept-language']),
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="audit.csv"')
        .header('cache-control', 'no-store')
        .send(Readable.from(rows));
    },
  });
}
