import type { FastifyInstance, FastifyRequest } from 'fastify';
import { auditActorOf } from '../../http/auditActor.ts';
import { route } from '../../http/route.ts';
import { tenantOf } from '../../plugins/auth.plugin.ts';
import { buildingManagers } from '../access.ts';
import {
  addQuestion,
  allQuestionnaires,
  createQuestionnaire,
  editQuestion,
  editQuestionnaire,
  getQuestionnaire,
  listTenantQuestionnaires,
  moveQuestion,
  questionsOf,
  removeQuestion,
  removeQuestionnaire,
} from './questionnaires.service.ts';

const byId = { access: buildingManagers, tenant: true, tenantParams: { id: 'questionnaire' } } as const;
const byQuestion = {
  access: buildingManagers,
  tenant: true,
  tenantParams: { qid: 'questionnaire', id: 'question' },
} as const;

/** The question a request names, in the questionnaire and tenant it names. */
function questionOf(request: FastifyRequest<{ Params: { qid: string; id: string } }>) {
  return { tenantId: tenantOf(request), questionnaireId: request.params.qid, id: request.params.id };
}

export async function questionnairesRoutes(app: FastifyInstance): Promise<void> {
  route(app, 'GET /questionnaire', {
    config: { access: buildingManagers, tenant: true },
    handler: (request) => listTenantQuestionnaires(app.ctx, tenantOf(request), request.query),
  });

  route(app, 'GET /questionnaire/all', {
    config: { access: buildingManagers, tenant: true },
    handler: (request) => allQuestionnaires(app.ctx, tenantOf(request)),
  });

  route(app, 'POST /questionnaire', {
    config: { access: buildingManagers, tenant: true },
    handler: async (request, reply) =>
      reply.code(201).send(await createQuestionnaire(app.ctx, auditActorOf(request), tenantOf(request), request.body)),
  });

  route(app, 'GET /questionnaire/:id', {
    config: byId,
    handler: (request) => getQuestionnaire(app.ctx, tenantOf(request), request.params.id),
  });

  route(app, 'PATCH /questionnaire/:id', {
    config: byId,
    handler: (request) =>
      editQuestionnaire(app.ctx, auditActorOf(request), tenantOf(request), request.params.id, request.body),
  });

  route(app, 'DELETE /questionnaire/:id', {
    config: byId,
    handler: async (request) => {
      await removeQuestionnaire(app.ctx, auditActorOf(request), tenantOf(request), request.params.id);
      return { id: request.params.id };
    },
  });

  route(app, 'GET /questionnaire/:id/questions', {
    config: byId,
    handler: (request) => questionsOf(app.ctx, request.params.id),
  });

  route(app, 'POST /questionnaire/:qid/question', {
    config: { access: buildingManagers, tenant: true, tenantParams: { qid: 'questionnaire' } },
    handler: (request) =>
      addQuestion(
        app.ctx,
        auditActorOf(request),
        { tenantId: tenantOf(request), questionnaireId: request.params.qid },
        request.body,
      ),
  });

  route(app, 'PATCH /questionnaire/:qid/question/:id', {
    config: byQuestion,
    handler: (request) => editQuestion(app.ctx, auditActorOf(request), questionOf(request), request.body),
  });

  route(app, 'DELETE /questionnaire/:qid/question/:id', {
    config: byQuestion,
    handler: async (request) => {
      await removeQuestion(app.ctx, auditActorOf(request), questionOf(request));
      return { id: request.params.id };
    },
  });

  route(app, 'PATCH /questionnaire/:qid/question/:id/up', {
    config: byQuestion,
    handler: (request) => moveQuestion(app.ctx, auditActorOf(request), questionOf(request), 'up'),
  });

  route(app, 'PATCH /questionnaire/:qid/question/:id/down', {
    config: byQuestion,
    handler: (request) => moveQuestion(app.ctx, auditActorOf(request), questionOf(request), 'down'),
  });
}
