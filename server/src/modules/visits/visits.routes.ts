import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { pickLocale } from '@vestibule/shared/i18n';
import { route } from '../../http/route.ts';
import { replicaReads } from '../../http/replicaReads.ts';
import { cancelVisit, inviteVisitor, removeVisit, resendInvitation, updateVisit } from './invitations.service.ts';
import { actorOf, allow, byVisit, callerOf } from './visitCaller.ts';
import {
  heldVisits,
  hostsOfBuilding,
  listVisits,
  visitBadge,
  visitDetail,
  visitPhoto,
  visitQuestionnaires,
  visitSignatureImagePng,
  visitSignedDocument,
  visitStats,
  visitsCsv,
} from './visits.service.ts';

// The entry log's management of visits (/check-in-out): the list, counters, CSV, one visit, its
// questionnaires, invitations, changes, cancel, delete and the host search. Every call is the
// request's company; supervisors, users and space users reach the visits of their assigned
// buildings only (lists in SQL, one visit by the ownership check). The door actions (check-in,
// check-out, check in back, fast check-in) are the check-in's staff channel (checkin module).

/** A photo never changes but on a check-in again: kept an hour in the staff member's own browser only. */
const PHOTO_CACHE_SECONDS = 3600;

export async function visitsRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  route(app, 'GET /meeting', {
    config: allow('view'),
    handler: async (request) => listVisits(await replicaReads(ctx, request), callerOf(request), request.query),
  });

  // Who waits at the door in the caller's buildings (the entry log's banner), from the primary.
  route(app, 'GET /meetings/held', {
    config: allow('view'),
    handler: (request) => heldVisits(ctx, callerOf(request)),
  });

  route(app, 'GET /meetingStats/:buildingId', {
    config: { ...allow('view'), tenantParams: { buildingId: 'building' } },
    handler: (request) => visitStats(ctx, callerOf(request), request.params.buildingId),
  });

  route(app, 'GET /meetings/meetings.csv', {
    config: allow('export'),
    handler: async (request, reply) => {
      const locale = pickLocale(request.headers['accept-language']);
      const { page: _page, limit: _limit, ...filters } = request.query;
      const reads = await replicaReads(ctx, request);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="meetings.csv"')
        .send(Readable.from(visitsCsv(reads, callerOf(request), filters, locale)));
    },
  });

  route(app, 'GET /meeting/:id', {
    config: { ...allow('view'), ...byVisit },
    handler: (request) => visitDetail(ctx, callerOf(request), request.params.id),
  });

  // The visitor's photo: staff only, as the visit (docs/check-in.md, "The visitor's photo").
  route(app, 'GET /meeting/:id/photo', {
    config: { ...allow('view'), ...byVisit },
    handler: async (request, reply) => {
      const photo = await visitPhoto(ctx, callerOf(request), request.params.id);
      return reply
        .header('content-type', 'image/jpeg')
        .header('cache-control', `private, max-age=${PHOTO_CACHE_SECONDS}`)
        .send(photo);
    },
  });

  // A visit's badge, printed again at the desk (docs/badges.md).
  route(app, 'GET /meeting/:id/badge', {
    config: { ...allow('view'), ...byVisit },
    handler: (request) => visitBadge(ctx, callerOf(request), request.params.id),
  });

  // A visit's signed documents (docs/check-in.md, "Signed documents"): whoever sees the visit.
  // By the signature's id: its company and building checked as a visit's (GET /meeting/:id).
  const bySignature = { tenantParams: { id: 'signature' } } as const;
  route(app, 'GET /meetingSignature/:id', {
    config: { ...allow('view'), ...bySignature },
    handler: (request) => visitSignedDocument(ctx, callerOf(request), request.params.id),
  });

  route(app, 'GET /meetingSignature/:id/image', {
    config: { ...allow('view'), ...bySignature },
    handler: async (request, reply) => {
      const png = await visitSignatureImagePng(ctx, callerOf(request), request.params.id);
      return reply
        .header('content-type', 'image/png')
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(png);
    },
  });

  route(app, 'POST /meeting', {
    config: allow('invite'),
    handler: async (request, reply) => reply.code(201).send(await inviteVisitor(ctx, actorOf(request), request.body)),
  });

  route(app, 'PATCH /meeting/:id', {
    config: { ...allow('update'), ...byVisit },
    handler: (request) => updateVisit(ctx, actorOf(request), request.params.id, request.body),
  });

  route(app, 'DELETE /meeting/:id', {
    config: { ...allow('remove'), ...byVisit },
    handler: async (request) => {
      await removeVisit(ctx, actorOf(request), request.params.id);
      return { ok: true as const };
    },
  });

  route(app, 'PATCH /meeting/:id/cancel', {
    config: { ...allow('cancel'), ...byVisit },
    handler: (request) => cancelVisit(ctx, actorOf(request), request.params.id),
  });

  route(app, 'POST /meeting/:id/resendInvitation', {
    config: { ...allow('invite'), ...byVisit },
    handler: (request) => resendInvitation(ctx, actorOf(request), request.params.id),
  });

  route(app, 'GET /meeting/building/:id/employee', {
    config: { ...allow('invite'), tenantParams: { id: 'building' } },
    handler: (request) =>
      hostsOfBuilding(ctx, callerOf(request), request.params.id, request.query.name, request.query.limit),
  });

  route(app, 'GET /meeting/:id/questionnaire', {
    config: { ...allow('view'), ...byVisit },
    handler: (request) => visitQuestionnaires(ctx, callerOf(request), request.params.id, 'ENTRY'),
  });

  route(app, 'GET /meeting/:id/exitQuestionnaire', {
    config: { ...allow('view'), ...byVisit },
    handler: (request) => visitQuestionnaires(ctx, callerOf(request), request.params.id, 'EXIT'),
  });
}
