import type { FastifyInstance } from 'fastify';
import { KIOSK_CREDENTIAL_HEADER } from '@vestibule/shared';
import { route } from '../../http/route.ts';
import { identifyByPin, pinIdentificationPage } from './pinIdentification.service.ts';

/**
 * PIN identification: the building PIN (or an enrolled kiosk's credential) and the person's own
 * credentials, no sign-in. The page is
 * limited like the public check-in's calls; the identification per address like sign-in, and its
 * failures are also counted per person and address by the service.
 */
export async function identificationRoutes(app: FastifyInstance): Promise<void> {
  route(app, 'GET /pinIdentification/:qrCodeKey', {
    config: { access: 'public', rateLimit: { max: app.ctx.config.rateLimits.publicPerMinute, timeWindow: 60_000 } },
    handler: (request) => pinIdentificationPage(app.ctx, request.params.qrCodeKey),
  });

  route(app, 'POST /pinIdentification/:qrCodeKey', {
    config: { access: 'public', rateLimit: { max: app.ctx.config.rateLimits.loginPerMinute, timeWindow: 60_000 } },
    handler: (request) =>
      identifyByPin(app.ctx, request.params.qrCodeKey, request.body, {
        clientIp: request.ip,
        credential: request.headers[KIOSK_CREDENTIAL_HEADER],
      }),
  });
}
