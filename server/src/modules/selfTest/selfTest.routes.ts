import type { FastifyInstance } from 'fastify';
import { auditActorOf } from '../../http/auditActor.ts';
import { route } from '../../http/route.ts';
import { authOf } from '../../plugins/auth.plugin.ts';
import { adminOnly } from '../access.ts';
import { removeSelfTestLeftovers, selfTestStatus, startSelfTest } from './selfTest.service.ts';

// The self-test of the Tests screen, administrators only: it starts a run and answers at once,
// and the screen polls the status. It touches only the throwaway company it makes.
export async function selfTestRoutes(app: FastifyInstance): Promise<void> {
  // What an interrupted run left (the instance stopped mid-run) goes at the server's start.
  app.addHook('onReady', async () => {
    await removeSelfTestLeftovers(app.ctx);
  });

  route(app, 'GET /stresstest', {
    config: { access: adminOnly },
    handler: (request) =>
      startSelfTest(
        app.ctx,
        { userId: authOf(request).userId, audit: auditActorOf(request) },
        { count: request.query.count, duration: request.query.duration },
      ),
  });

  route(app, 'GET /stresstest/status', {
    config: { access: adminOnly },
    handler: () => selfTestStatus(app.ctx),
  });
}
