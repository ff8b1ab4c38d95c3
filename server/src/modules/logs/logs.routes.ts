import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { pickLocale } from '@vestibule/shared/i18n';
import { route } from '../../http/route.ts';
import { tenantOf } from '../../plugins/auth.plugin.ts';
import { adminOnly } from '../access.ts';
import { historyOf } from './history.service.ts';
import { jobRunsCsv, jobRunsPage } from './jobRuns.service.ts';
import { kioskSyncCsv, kioskSyncReport } from './kioskSync.service.ts';

// The Logs screen's operations tabs, administrators only. The history of one object and the
// kiosks' figures are the selected company's (another company's object answers 404, checked by
// the service since the object's kind is a parameter); the jobs' runs are the service's own.

/** Sends a CSV file (a stream or a text) under its name. */
export function sendCsv(reply: FastifyReply, fileName: string, body: AsyncGenerator<string> | string) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(typeof body === 'string' ? body : Readable.from(body));
}

export async function logsRoutes(app: FastifyInstance): Promise<void> {
  route(app, 'GET /logs/:type/:id', {
    config: { access: adminOnly, tenant: true },
    handler: (request) => historyOf(app.ctx, tenantOf(request), request.params.type, request.params.id),
  });

  route(app, 'GET /jobRuns', {
    config: { access: adminOnly },
    handler: (request) => jobRunsPage(app.ctx, request.query),
  });

  route(app, 'GET /jobRuns/jobRuns.csv', {
    config: { access: adminOnly },
    handler: (request, reply) =>
      sendCsv(reply, 'jobRuns.csv', jobRunsCsv(app.ctx, request.query, pickLocale(request.headers['accept-language']))),
  });

  route(app, 'GET /kioskSync', {
    config: { access: adminOnly, tenant: true },
    handler: (request) => kioskSyncReport(app.ctx, tenantOf(request), request.query),
  });

  route(app, 'GET /kioskSync/kioskSync.csv', {
    config: { access: adminOnly, tenant: true },
    handler: async (request, reply) =>
      sendCsv(
        reply,
        'kioskSync.csv',
        await kioskSyncCsv(app.ctx, tenantOf(request), request.query, pickLocale(request.headers['accept-language'])),
      ),
  });
}
