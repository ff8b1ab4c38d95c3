import type { FastifyInstance, FastifyRequest } from 'fastify';
import { pickLocale } from '@vestibule/shared/i18n';
import { route } from '../../http/route.ts';
import { actorOf, allow, byVisit, callerOf } from '../visits/visitCaller.ts';
import {
  buildingCheckInData,
  fastCheckIn,
  instantReplacement,
  returningVisitors,
  staffChannel,
  staffCheckIn,
  visitCheckInData,
} from './staffCheckIn.service.ts';
import { answerQuestionnaires } from './staffAnswers.service.ts';
import { checkInBack, staffCheckOut, visitCheckOutData } from './staffCheckOut.service.ts';

// The check-in's staff channel: staff at the desk check visits in and out from the entry log
// (/check-in-out), through the public check-in's and check-out's own services. Who may call what
// is the shared rule (visitPermissions: the door's roles); every call is the request's company and
// the caller's buildings, as the visits' routes.

function channelOf(request: FastifyRequest) {
  return staffChannel({
    locale: pickLocale(request.headers['accept-language']),
    origin: `${request.protocol}://${request.host}`,
    clientIp: request.ip,
  });
}

export async function staffCheckInRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  route(app, 'POST /meetingWithCheckIn', {
    config: allow('fastCheckIn'),
    handler: async (request, reply) => {
      const outcome = await fastCheckIn(ctx, actorOf(request), channelOf(request), request.body);
      return reply.code(outcome.status).send(outcome.body);
    },
  });

  route(app, 'GET /meeting/building/:id/checkInData', {
    config: { ...allow('fastCheckIn'), tenantParams: { id: 'building' } },
    handler: (request) =>
      buildingCheckInData(ctx, callerOf(request), channelOf(request), request.params.id, request.query.visitorType),
  });

  route(app, 'GET /meeting/building/:id/returning', {
    config: { ...allow('fastCheckIn'), tenantParams: { id: 'building' } },
    handler: (request) =>
      returningVisitors(ctx, callerOf(request), request.params.id, request.query.search, request.query.limit),
  });

  route(app, 'PATCH /meeting/:id/questionnaires', {
    config: { ...allow('questionnaires'), ...byVisit },
    handler: (request) => answerQuestionnaires(ctx, actorOf(request), request.params.id, request.body, 'ENTRY'),
  });

  route(app, 'PATCH /meeting/:id/exitQuestionnaires', {
    config: { ...allow('questionnaires'), ...byVisit },
    handler: (request) => answerQuestionnaires(ctx, actorOf(request), request.params.id, request.body, 'EXIT'),
  });

  route(app, 'GET /meeting/:id/check-in', {
    config: { ...allow('checkIn'), ...byVisit },
    handler: (request) => visitCheckInData(ctx, callerOf(request), channelOf(request), request.params.id),
  });

  route(app, 'GET /meeting/:id/check-out', {
    config: { ...allow('checkOut'), ...byVisit },
    handler: (request) => visitCheckOutData(ctx, callerOf(request), request.params.id),
  });

  route(app, 'PATCH /meeting/:id/check-in', {
    config: { ...allow('checkIn'), ...byVisit },
    handler: async (request, reply) => {
      const outcome = await staffCheckIn(ctx, actorOf(request), channelOf(request), request.params.id, request.body);
      return reply.code(outcome.status).send(outcome.body);
    },
  });

  route(app, 'PATCH /meeting/:id/check-out', {
    config: { ...allow('checkOut'), ...byVisit },
    handler: (request) => staffCheckOut(ctx, actorOf(request), request.params.id, request.body),
  });

  route(app, 'PATCH /meeting/:id/check-in-back', {
    config: { ...allow('checkInBack'), ...byVisit },
    handler: (request) => checkInBack(ctx, actorOf(request), request.params.id),
  });

  route(app, 'POST /meeting/instantReplacementCheckin', {
    config: allow('fastCheckIn'),
    handler: async (request, reply) => {
      const outcome = await instantReplacement(ctx, actorOf(request), channelOf(request), request.body.meetingId);
      return reply.code(outcome.status).send(outcome.body);
    },
  });
}
