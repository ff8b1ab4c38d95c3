import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthResponseSchema } from '@vestibule/shared';
import { checkDatabase } from '../../db/database.ts';

export async function systemRoutes(app: FastifyInstance, options: { databaseKind: string }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/actuator/health', {
    config: { access: 'public' },
    schema: {
      tags: ['system'],
      summary: 'Service health with a database check',
      response: { 200: healthResponseSchema, 503: healthResponseSchema },
    },
    handler: async (_request, reply) => {
      const up = await checkDatabase(app.ctx.db);
      const status = up ? 'UP' : 'DOWN';
      return reply
        .code(up ? 200 : 503)
        .send({ status, components: { db: { status, database: options.databaseKind } } });
    },
  });
}
