import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.ts';
import { adminOnly } from '../access.ts';
import { mailboxPage } from './mail.service.ts';

export async function mailRoutes(app: FastifyInstance): Promise<void> {
  route(app, 'GET /mailbox', {
    config: { access: adminOnly },
    handler: (request) => mailboxPage(app.ctx, request.query),
  });
}
