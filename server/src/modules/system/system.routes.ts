import type { FastifyInstance } from 'fastify';
import { checkDatabase } from '../../db/database.ts';
import { route } from '../../http/route.ts';

export async function systemRoutes(app: FastifyInstance, options: { databaseKind: string }): Promise<void> {
  route(app, 'GET /actuator/health', {
    config: { access: 'public' },
    handler: async (_request, reply) => {
      const up = await checkDatabase(app.ctx.db);
      const status = up ? 'UP' : 'DOWN';
      return reply
        .code(up ? 200 : 503)
        .send({ status, components: { db: { status, database: options.databaseKind } } });
    },
  });
}
