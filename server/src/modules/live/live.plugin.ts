import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseHandle } from '../../db/database.ts';
import { LiveHub } from './liveHub.ts';
import { rescope } from './live.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The instance's live updates: one LISTEN, fanned out to the open streams (GET /live/visits). */
    liveHub: LiveHub;
  }
}

/**
 * The live hub of this instance: it listens from the start (a client reconnecting from another
 * instance can be caught up only with events this one received), ends every stream before the
 * server closes (an open stream would hold `close()` and a graceful shutdown forever), and stops
 * listening after.
 */
export const livePlugin = fp(async (app: FastifyInstance, options: { database: DatabaseHandle }) => {
  const hub = new LiveHub({
    listen: options.database.listen,
    log: app.log,
    rescope: (scope) => rescope(app.ctx, scope),
  });
  app.decorate('liveHub', hub);
  app.addHook('onReady', async () => hub.start());
  app.addHook('preClose', async () => hub.endStreams());
  app.addHook('onClose', async () => hub.close());
});
