import type { FastifyInstance, FastifyRequest } from 'fastify';
import { KIOSK_CREDENTIAL_HEADER } from '@vestibule/shared';
import { pickLocale } from '@vestibule/shared/i18n';
import { route } from '../../http/route.ts';
import type { CheckInChannel } from './channel.ts';
import {
  checkInBuilding,
  checkInData,
  hostsForLink,
  linkTarget,
  signedDocumentsForLink,
  visitForLink,
} from './checkInLink.service.ts';
import { checkIn } from './checkin.service.ts';
import {
  buildingCheckOutData,
  checkOutByLink,
  checkOutData,
  searchVisit,
  selfCheckOutSearch,
  ticketCheckOut,
  ticketCheckOutData,
} from './checkout.service.ts';
import { wizardCameraInfo, wizardCameraPicture } from './wizardCameras.service.ts';

/** Who calls: a kiosk (its enrolment credential checked by the service) or a visitor's phone. */
export function channelOf(request: FastifyRequest, fromKiosk: boolean): CheckInChannel {
  const credential = request.headers[KIOSK_CREDENTIAL_HEADER];
  return {
    fromKiosk,
    credential: typeof credential === 'string' ? credential : undefined,
    clientIp: request.ip,
    locale: pickLocale(request.headers['accept-language']),
    origin: `${request.protocol}://${request.host}`,
  };
}

/** The public calls of the check-in wizard and the check-out pages: no sign-in, rate-limited. */
export async function checkinRoutes(app: FastifyInstance): Promise<void> {
  const config = {
    access: 'public' as const,
    rateLimit: { max: app.ctx.config.rateLimits.publicPerMinute, timeWindow: 60_000 },
  };

  // A visitor's phone (/checkin) and an enrolled kiosk (/checkinKiosk): the same calls.
  for (const fromKiosk of [false, true]) {
    route(app, fromKiosk ? 'GET /checkinKiosk/:qrCodeKey' : 'GET /checkin/:qrCodeKey', {
      config,
      handler: (request) =>
        checkInBuilding(
          app.ctx,
          request.params.qrCodeKey,
          channelOf(request, fromKiosk),
          request.query.mt ?? null,
          request.query.proof,
        ),
    });

    route(app, fromKiosk ? 'GET /checkinKiosk/:qrCodeKey/:identifier' : 'GET /checkin/:qrCodeKey/:identifier', {
      config,
      // A visit's link, or a person's pass of the building.
      handler: (request) =>
        linkTarget(app.ctx, request.params.qrCodeKey, request.params.identifier, channelOf(request, fromKiosk)),
    });

    route(
      app,
      fromKiosk ? 'GET /checkinKiosk/status/:qrCodeKey/:identifier' : 'GET /checkin/status/:qrCodeKey/:identifier',
      {
        config,
        handler: async (request) => {
          const visit = await visitForLink(
            app.ctx,
            request.params.qrCodeKey,
            request.params.identifier,
            channelOf(request, fromKiosk),
          );
          return { status: visit.status, checkedInAt: visit.checkedInAt };
        },
      },
    );

    route(
      app,
      fromKiosk ? 'POST /checkinKiosk/:qrCodeKey/signedDocuments' : 'POST /checkin/:qrCodeKey/signedDocuments',
      {
        config,
        handler: (request) =>
          signedDocumentsForLink(
            app.ctx,
            request.params.qrCodeKey,
            request.body,
            channelOf(request, fromKiosk),
            request.query.mt ?? null,
            request.query.proof,
          ),
      },
    );

    route(app, fromKiosk ? 'POST /checkinKiosk' : 'POST /checkin', {
      config,
      handler: async (request, reply) => {
        const outcome = await checkIn(app.ctx, request.body, channelOf(request, fromKiosk));
        return reply.code(outcome.status).send(outcome.body);
      },
    });
  }

  route(app, 'GET /building/:qrCodeKey/checkInData', {
    config,
    handler: (request) =>
      checkInData(
        app.ctx,
        request.params.qrCodeKey,
        request.query.visitorType,
        channelOf(request, request.query.kiosk === 'true'),
        request.query.mt ?? null,
        request.query.proof,
      ),
  });

  route(app, 'GET /building/:qrCodeKey/hosts', {
    config,
    handler: (request) =>
      hostsForLink(
        app.ctx,
        request.params.qrCodeKey,
        request.query.name,
        channelOf(request, request.query.kiosk === 'true'),
        request.query.mt ?? null,
        request.query.proof,
      ),
  });

  route(app, 'GET /public/checkin/:qrCodeKey/camera/:cameraId/info', {
    config,
    handler: (request) =>
      wizardCameraInfo(
        app.ctx,
        request.params.qrCodeKey,
        request.params.cameraId,
        channelOf(request, request.query.kiosk === 'true'),
        request.query.mt ?? null,
      ),
  });

  route(app, 'GET /public/checkin/:qrCodeKey/camera/:cameraId/picture', {
    config,
    handler: async (request, reply) => {
      const picture = await wizardCameraPicture(
        app.ctx,
        request.params.qrCodeKey,
        request.params.cameraId,
        channelOf(request, request.query.kiosk === 'true'),
        request.query.mt ?? null,
      );
      return reply.header('content-type', picture.contentType).header('cache-control', 'no-store').send(picture.body);
    },
  });

  for (const key of ['GET /checkoutable/:publicIdentifier', 'GET /checkOutData/:publicIdentifier'] as const) {
    route(app, key, {
      config,
      handler: (request) => checkOutData(app.ctx, request.params.publicIdentifier, channelOf(request, false)),
    });
  }

  route(app, 'PATCH /checkoutable/:publicIdentifier', {
    config,
    handler: (request) =>
      checkOutByLink(app.ctx, request.params.publicIdentifier, request.body, channelOf(request, false)),
  });

  route(app, 'GET /buildingCheckOutData/:qrCodeKey', {
    config,
    handler: (request) => buildingCheckOutData(app.ctx, request.params.qrCodeKey, channelOf(request, true)),
  });

  route(app, 'POST /buildingCheckOut/:qrCodeKey/search', {
    config,
    handler: (request) => selfCheckOutSearch(app.ctx, request.params.qrCodeKey, request.body, channelOf(request, true)),
  });

  route(app, 'GET /buildingCheckOut/:qrCodeKey/ticket/:ticket', {
    config,
    handler: (request) =>
      ticketCheckOutData(app.ctx, request.params.qrCodeKey, request.params.ticket, channelOf(request, true)),
  });

  route(app, 'PATCH /buildingCheckOut/:qrCodeKey/ticket/:ticket', {
    config,
    handler: (request) =>
      ticketCheckOut(app.ctx, request.params.qrCodeKey, request.params.ticket, request.body, channelOf(request, true)),
  });

  route(app, 'GET /searchMeeting/:identifier/:pin', {
    config,
    handler: (request) => searchVisit(app.ctx, request.params.identifier, request.params.pin, undefined),
  });

  route(app, 'GET /searchMeeting/:identifier/:pin/:lastname', {
    config,
    handler: (request) => searchVisit(app.ctx, request.params.identifier, request.params.pin, request.params.lastname),
  });
}
