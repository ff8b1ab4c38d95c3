import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { pickLocale } from '@vestibule/shared/i18n';
import { route } from '../../http/route.ts';
import { adminOnly } from '../access.ts';
import { mailboxCsv, mailboxPage } from './mail.service.ts';

export async function mailRoutes(app: FastifyInstance): Promise<void> {
  route(app, 'GET /mailbox', {
    config: { access: adminOnly },
    handler: (request) => mailboxPage(app.ctx, request.query),
  });

  route(app, 'GET /mailbox/mailbox.csv', {
    config: { access: adminOnly },
    handler: (request, reply) => {
      const rows = mailboxCsv(app.ctx, request.query, pickLocale(request.headers['accept-language']));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="mailbox.csv"')
        .header('cache-control', 'no-store')
        .send(Readable.from(rows));
    },
  });
}
