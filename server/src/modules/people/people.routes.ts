import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Role } from '@vestibule/shared';
import { pickLocale } from '@vestibule/shared/i18n';
import { auditActorOf } from '../../http/auditActor.ts';
import { route } from '../../http/route.ts';
import { replicaReads } from '../../http/replicaReads.ts';
import { authOf, tenantOf } from '../../plugins/auth.plugin.ts';
import { assignedBuildingsOf, buildingManagers } from '../access.ts';
import { peopleCsv } from './peopleCsv.service.ts';
import {
  type PeopleCaller,
  createPerson,
  editPerson,
  onePerson,
  peoplePage,
  removePerson,
  statsOfPerson,
} from './people.service.ts';
import { personPass, revokePass, sendToPerson } from './personPass.service.ts';

// The people directory (docs/roles.md): administrators, corporate users
// and supervisors manage people; users read them (list, one, stats, pass); space and technical
// users have no access. Supervisors and users see the people of their assigned buildings only:
// the list filters by them, and a person of another building answers 404 (ownership check).
const peopleReaders: readonly Role[] = [...buildingManagers, 'ROLE_USER'];
const read = { access: peopleReaders, tenant: true } as const;
const manage = { access: buildingManagers, tenant: true } as const;
const byId = { tenantParams: { id: 'person' } } as const;

/** Where the request came to: links use it when PUBLIC_URL is not set. */
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

function callerOf(request: FastifyRequest): PeopleCaller {
  return { tenantId: tenantOf(request), assignedTo: assignedBuildingsOf(authOf(request)) };
}

export async function peopleRoutes(app: FastifyInstance): Promise<void> {
  route(app, 'GET /people', {
    config: read,
    handler: async (request) => peoplePage(await replicaReads(app.ctx, request), callerOf(request), request.query),
  });

  route(app, 'GET /people/people.csv', {
    config: read,
    handler: async (request, reply) => {
      const locale = pickLocale(request.headers['accept-language']);
      const reads = await replicaReads(app.ctx, request);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="people.csv"')
        .send(Readable.from(peopleCsv(reads, callerOf(request), request.query, locale)));
    },
  });

  route(app, 'POST /person', {
    config: manage,
    handler: async (request, reply) =>
      reply.code(201).send(await createPerson(app.ctx, auditActorOf(request), callerOf(request), request.body)),
  });

  route(app, 'GET /person/:id', {
    config: { ...read, ...byId },
    handler: (request) => onePerson(app.ctx, callerOf(request), request.params.id),
  });

  route(app, 'PATCH /person/:id', {
    config: { ...manage, ...byId },
    handler: (request) =>
      editPerson(app.ctx, auditActorOf(request), callerOf(request), request.params.id, request.body),
  });

  route(app, 'DELETE /person/:id', {
    config: { ...manage, ...byId },
    handler: async (request) => {
      await removePerson(app.ctx, auditActorOf(request), callerOf(request), request.params.id);
      return { ok: true as const };
    },
  });

  route(app, 'GET /person/:id/stats', {
    config: { ...read, ...byId },
    handler: (request) => statsOfPerson(app.ctx, callerOf(request), request.params.id),
  });

  route(app, 'GET /person/:id/pass', {
    config: { ...read, ...byId },
    handler: (request) => personPass(app.ctx, callerOf(request), request.params.id, originOf(request)),
  });

  route(app, 'POST /person/:id/revokePass', {
    config: { ...manage, ...byId },
    handler: (request) =>
      revokePass(app.ctx, auditActorOf(request), callerOf(request), request.params.id, originOf(request)),
  });

  route(app, 'POST /person/:id/sendpass', {
    config: { ...manage, ...byId },
    handler: async (request) => {
      await sendToPerson(
        app.ctx,
        auditActorOf(request),
        callerOf(request),
        request.params.id,
        'pass',
        originOf(request),
      );
      return { ok: true as const };
    },
  });

  route(app, 'POST /person/:id/sendlink', {
    config: { ...manage, ...byId },
    handler: async (request) => {
      await sendToPerson(
        app.ctx,
        auditActorOf(request),
        callerOf(request),
        request.params.id,
        'link',
        originOf(request),
      );
      return { ok: true as const };
    },
  });
}
