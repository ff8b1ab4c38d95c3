import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  KIOSK_CREDENTIAL_HEADER,
  cameraInfoSchema,
  checkInBuildingSchema,
  checkInDataSchema,
  checkInRequestSchema,
  checkInResponseSchema,
  checkOutDataSchema,
  checkOutRequestSchema,
  errorBodySchema,
  selfCheckOutMatchSchema,
  selfCheckOutSearchSchema,
  visitOfLinkSchema,
  visitSummarySchema,
  wizardVisitorTypeSchema,
} from '@vestibule/shared';
import { pickLocale } from '@vestibule/shared/i18n';
import {
  type CheckInChannel,
  buildingCheckOutData,
  checkIn,
  checkInBuilding,
  checkInData,
  checkOut,
  checkOutData,
  searchMeeting,
  selfCheckOutSearch,
  ticketCheckOut,
  ticketCheckOutData,
  visitForLink,
  wizardCameraInfo,
  wizardCameraPicture,
} from './checkin.service.ts';

const tags = ['public check-in'];
const key = z.string().min(1).max(64);
const publicId = z.string().min(1).max(64);
const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  410: errorBodySchema,
  422: errorBodySchema,
};

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
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = {
    access: 'public' as const,
    rateLimit: { max: app.ctx.config.rateLimits.publicPerMinute, timeWindow: 60_000 },
  };

  for (const [prefix, fromKiosk] of [
    ['checkin', false],
    ['checkinKiosk', true],
  ] as const) {
    r.get(`/${prefix}/:qrCodeKey`, {
      config,
      schema: {
        tags,
        summary: `The building of a ${fromKiosk ? 'kiosk' : 'check-in'} link and its person types`,
        params: z.object({ qrCodeKey: key }),
        querystring: z.object({ mt: z.string().max(64).optional() }),
        response: { 200: checkInBuildingSchema, ...errors },
      },
      handler: (request) =>
        checkInBuilding(app.ctx, request.params.qrCodeKey, channelOf(request, fromKiosk), request.query.mt ?? null),
    });

    r.get(`/${prefix}/:qrCodeKey/:identifier`, {
      config,
      schema: {
        tags,
        summary: 'A visit reached through its link, with the check-in form it stored (to check back in)',
        params: z.object({ qrCodeKey: key, identifier: publicId }),
        response: { 200: visitOfLinkSchema, ...errors },
      },
      handler: (request) =>
        visitForLink(app.ctx, request.params.qrCodeKey, request.params.identifier, channelOf(request, fromKiosk)),
    });

    r.get(`/${prefix}/status/:qrCodeKey/:identifier`, {
      config,
      schema: {
        tags,
        summary: 'The status of a visit reached through its link',
        params: z.object({ qrCodeKey: key, identifier: publicId }),
        response: {
          200: z.object({ status: visitSummarySchema.shape.status, checkedInAt: z.string().nullable() }),
          ...errors,
        },
      },
      handler: async (request) => {
        const visit = await visitForLink(
          app.ctx,
          request.params.qrCodeKey,
          request.params.identifier,
          channelOf(request, fromKiosk),
        );
        return { status: visit.status, checkedInAt: visit.checkedInAt };
      },
    });

    r.post(`/${prefix}`, {
      config,
      schema: {
        tags,
        summary: "Check in with the wizard's result (208 CHECKEDIN when already in)",
        body: checkInRequestSchema,
        response: { 200: checkInResponseSchema, 208: checkInResponseSchema, ...errors },
      },
      handler: async (request, reply) => {
        const outcome = await checkIn(app.ctx, request.body, channelOf(request, fromKiosk));
        return reply.code(outcome.status).send(outcome.body);
      },
    });
  }

  r.get('/building/:qrCodeKey/checkInData', {
    config,
    schema: {
      tags,
      summary: "The wizard's input for one person type (by the building's check-in key)",
      params: z.object({ qrCodeKey: key }),
      querystring: z.object({
        visitorType: wizardVisitorTypeSchema,
        mt: z.string().max(64).optional(),
        kiosk: z.enum(['true', 'false']).optional(),
      }),
      response: { 200: checkInDataSchema, ...errors },
    },
    handler: (request) =>
      checkInData(
        app.ctx,
        request.params.qrCodeKey,
        request.query.visitorType,
        channelOf(request, request.query.kiosk === 'true'),
        request.query.mt ?? null,
      ),
  });

  const cameraQuery = z.object({
    mt: z.string().max(64).optional(),
    kiosk: z.enum(['true', 'false']).optional(),
    x: z.string().max(32).optional(),
  });
  const cameraParams = z.object({ qrCodeKey: key, cameraId: z.uuid() });

  r.get('/public/checkin/:qrCodeKey/camera/:cameraId/info', {
    config,
    schema: {
      tags,
      summary: "A reading of one of the building's cameras, for the wizard",
      params: cameraParams,
      querystring: cameraQuery,
      response: { 200: cameraInfoSchema, ...errors, 502: errorBodySchema },
    },
    handler: (request) =>
      wizardCameraInfo(
        app.ctx,
        request.params.qrCodeKey,
        request.params.cameraId,
        channelOf(request, request.query.kiosk === 'true'),
        request.query.mt ?? null,
      ),
  });

  r.get('/public/checkin/:qrCodeKey/camera/:cameraId/picture', {
    config,
    schema: {
      tags,
      summary: "A picture from one of the building's cameras, for the wizard",
      params: cameraParams,
      querystring: cameraQuery,
    },
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

  for (const path of ['/checkoutable/:publicIdentifier', '/checkOutData/:publicIdentifier']) {
    r.get(path, {
      config,
      schema: {
        tags,
        summary: 'A visit that can be checked out, with its exit questionnaires',
        params: z.object({ publicIdentifier: publicId }),
        response: { 200: checkOutDataSchema, ...errors },
      },
      handler: (request) => checkOutData(app.ctx, request.params.publicIdentifier),
    });
  }

  r.patch('/checkoutable/:publicIdentifier', {
    config,
    schema: {
      tags,
      summary: 'Check out (temperature, comments, exit questionnaire answers)',
      params: z.object({ publicIdentifier: publicId }),
      body: checkOutRequestSchema,
      response: { 200: z.object({ status: z.literal('success'), visit: visitSummarySchema.nullable() }), ...errors },
    },
    handler: (request) => checkOut(app.ctx, request.params.publicIdentifier, request.body),
  });

  r.get('/buildingCheckOutData/:qrCodeKey', {
    config,
    schema: {
      tags,
      summary: 'What the building check-out page of a kiosk needs',
      params: z.object({ qrCodeKey: key }),
      response: {
        200: z.object({
          fromKiosk: z.boolean(),
          checkOutTemperatureMeasuresEnabled: z.boolean(),
          qrCode: z.string(),
          buildingName: z.string(),
        }),
        ...errors,
      },
    },
    handler: (request) => buildingCheckOutData(app.ctx, request.params.qrCodeKey, channelOf(request, true)),
  });

  r.post('/buildingCheckOut/:qrCodeKey/search', {
    config,
    schema: {
      tags,
      summary:
        'Self check-out on an enrolled kiosk: open visits by last name or the last 4 phone digits, each with a ticket for this kiosk',
      params: z.object({ qrCodeKey: key }),
      body: selfCheckOutSearchSchema,
      response: { 200: z.array(selfCheckOutMatchSchema), ...errors },
    },
    handler: (request) => selfCheckOutSearch(app.ctx, request.params.qrCodeKey, request.body, channelOf(request, true)),
  });

  const ticketParams = z.object({ qrCodeKey: key, ticket: z.string().min(1).max(100) });
  r.get('/buildingCheckOut/:qrCodeKey/ticket/:ticket', {
    config,
    schema: {
      tags,
      summary: "A visit found by this kiosk's search, with its exit questionnaires (410 once the ticket expired)",
      params: ticketParams,
      response: { 200: checkOutDataSchema, ...errors },
    },
    handler: (request) =>
      ticketCheckOutData(app.ctx, request.params.qrCodeKey, request.params.ticket, channelOf(request, true)),
  });

  r.patch('/buildingCheckOut/:qrCodeKey/ticket/:ticket', {
    config,
    schema: {
      tags,
      summary: "Check out a visit found by this kiosk's search, with its ticket",
      params: ticketParams,
      body: checkOutRequestSchema,
      response: {
        200: z.object({ status: z.literal('success'), visit: visitSummarySchema.nullable() }),
        ...errors,
      },
    },
    handler: (request) =>
      ticketCheckOut(app.ctx, request.params.qrCodeKey, request.params.ticket, request.body, channelOf(request, true)),
  });

  for (const path of ['/searchMeeting/:identifier/:pin', '/searchMeeting/:identifier/:pin/:lastname']) {
    r.get(path, {
      config,
      schema: {
        tags,
        summary: 'Find a visit by its code and PIN (and last name)',
        params: z.object({
          identifier: z.string().min(1).max(16),
          pin: z.string().regex(/^\d{4}$/),
          lastname: z.string().max(64).optional(),
        }),
        response: { 200: visitSummarySchema, ...errors },
      },
      handler: (request) =>
        searchMeeting(app.ctx, request.params.identifier, request.params.pin, request.params.lastname),
    });
  }
}
