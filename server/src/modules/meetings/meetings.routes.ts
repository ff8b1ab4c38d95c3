import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { meetingPermissions } from '@vestibule/shared';
import { pickLocale } from '@vestibule/shared/i18n';
import { auditActorOf } from '../../http/auditActor.ts';
import { route } from '../../http/route.ts';
import { authOf, tenantOf } from '../../plugins/auth.plugin.ts';
import { assignedBuildingsOf } from '../access.ts';
import {
  answerQuestionnaires,
  buildingCheckInData,
  checkInBack,
  fastCheckIn,
  instantReplacement,
  meetingCheckInData,
  meetingCheckOutData,
  staffChannel,
  staffCheckIn,
  staffCheckOut,
} from './door.service.ts';
import {
  type MeetingActor,
  cancelMeeting,
  inviteVisitor,
  removeMeeting,
  updateMeeting,
} from './invitations.service.ts';
import {
  type MeetingCaller,
  hostsOfBuilding,
  listMeetings,
  meetingDetail,
  meetingQuestionnaires,
  meetingStats,
  meetingsCsv,
} from './meetings.service.ts';

// The entry log (/check-in-out, issue 13). Who may call what is the shared rule the screen also
// reads (shared/src/domain/meetingPermissions.ts), so the screen never calls what a role is
// refused. Every call is the request's company; supervisors, users and space users reach the
// visits of their assigned buildings only (lists in SQL, one visit by the ownership check).

const allow = (permission: keyof typeof meetingPermissions) =>
  ({ access: meetingPermissions[permission], tenant: true }) as const;
const byVisit = { tenantParams: { id: 'visit' } } as const;

function callerOf(request: FastifyRequest): MeetingCaller {
  return { tenantId: tenantOf(request), assignedTo: assignedBuildingsOf(authOf(request)) };
}

function actorOf(request: FastifyRequest): MeetingActor {
  return { ...callerOf(request), userId: authOf(request).userId, audit: auditActorOf(request) };
}

function channelOf(request: FastifyRequest) {
  return staffChannel({
    locale: pickLocale(request.headers['accept-language']),
    origin: `${request.protocol}://${request.host}`,
    clientIp: request.ip,
  });
}

export async function meetingsRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  route(app, 'GET /meeting', {
    config: allow('view'),
    handler: (request) => listMeetings(ctx, callerOf(request), request.query),
  });

  route(app, 'GET /meetingStats/:buildingId', {
    config: { ...allow('view'), tenantParams: { buildingId: 'building' } },
    handler: (request) => meetingStats(ctx, callerOf(request), request.params.buildingId),
  });

  route(app, 'GET /meetings/meetings.csv', {
    config: allow('export'),
    handler: (request, reply) => {
      const locale = pickLocale(request.headers['accept-language']);
      const { page: _page, limit: _limit, ...filters } = request.query;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="meetings.csv"')
        .send(Readable.from(meetingsCsv(ctx, callerOf(request), filters, locale)));
    },
  });

  route(app, 'GET /meeting/:id', {
    config: { ...allow('view'), ...byVisit },
    handler: (request) => meetingDetail(ctx, callerOf(request), request.params.id),
  });

  route(app, 'POST /meeting', {
    config: allow('invite'),
    handler: async (request, reply) => reply.code(201).send(await inviteVisitor(ctx, actorOf(request), request.body)),
  });

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

  route(app, 'PATCH /meeting/:id', {
    config: { ...allow('update'), ...byVisit },
    handler: (request) => updateMeeting(ctx, actorOf(request), request.params.id, request.body),
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
    handler: (request) => meetingCheckInData(ctx, callerOf(request), channelOf(request), request.params.id),
  });

  route(app, 'GET /meeting/:id/check-out', {
    config: { ...allow('checkOut'), ...byVisit },
    handler: (request) => meetingCheckOutData(ctx, callerOf(request), request.params.id),
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

  route(app, 'DELETE /meeting/:id', {
    config: { ...allow('remove'), ...byVisit },
    handler: async (request) => {
      await removeMeeting(ctx, actorOf(request), request.params.id);
      return { ok: true as const };
    },
  });

  route(app, 'PATCH /meeting/:id/cancel', {
    config: { ...allow('cancel'), ...byVisit },
    handler: (request) => cancelMeeting(ctx, actorOf(request), request.params.id),
  });

  route(app, 'POST /meeting/instantReplacementCheckin', {
    config: allow('fastCheckIn'),
    handler: async (request, reply) => {
      const outcome = await instantReplacement(ctx, actorOf(request), channelOf(request), request.body.meetingId);
      return reply.code(outcome.status).send(outcome.body);
    },
  });

  route(app, 'GET /meeting/building/:id/employee', {
    config: { ...allow('invite'), tenantParams: { id: 'building' } },
    handler: (request) =>
      hostsOfBuilding(ctx, callerOf(request), request.params.id, request.query.name, request.query.limit),
  });

  route(app, 'GET /meeting/:id/questionnaire', {
    config: { ...allow('view'), ...byVisit },
    handler: (request) => meetingQuestionnaires(ctx, callerOf(request), request.params.id, 'ENTRY'),
  });

  route(app, 'GET /meeting/:id/exitQuestionnaire', {
    config: { ...allow('view'), ...byVisit },
    handler: (request) => meetingQuestionnaires(ctx, callerOf(request), request.params.id, 'EXIT'),
  });
}
