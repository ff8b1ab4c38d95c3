import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorBodySchema,
  idParamsSchema,
  listQuerySchema,
  listResponseSchema,
  questionInputSchema,
  questionSchema,
  questionnaireInputSchema,
  questionnaireSchema,
} from '@vestibule/shared';
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

const tags = ['questionnaires'];
const errors = { 400: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
const byId = { access: buildingManagers, tenant: true, tenantParams: { id: 'questionnaire' } } as const;
const questionParams = z.object({ qid: z.uuid(), id: z.uuid() });
const byQuestion = {
  access: buildingManagers,
  tenant: true,
  tenantParams: { qid: 'questionnaire', id: 'question' },
} as const;

export async function questionnairesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/questionnaire', {
    config: { access: buildingManagers, tenant: true },
    schema: {
      tags,
      summary: 'Questionnaires of the current tenant',
      querystring: listQuerySchema,
      response: { 200: listResponseSchema(questionnaireSchema) },
    },
    handler: (request) => listTenantQuestionnaires(app.ctx, tenantOf(request), request.query),
  });

  r.get('/questionnaire/all', {
    config: { access: buildingManagers, tenant: true },
    schema: {
      tags,
      summary: 'Every questionnaire of the tenant, by name',
      response: { 200: z.array(z.object({ id: z.uuid(), name: z.string() })) },
    },
    handler: (request) => allQuestionnaires(app.ctx, tenantOf(request)),
  });

  r.post('/questionnaire', {
    config: { access: buildingManagers, tenant: true },
    schema: {
      tags,
      summary: 'Create a questionnaire (201)',
      body: questionnaireInputSchema,
      response: { 201: questionnaireSchema, ...errors },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await createQuestionnaire(app.ctx, tenantOf(request), request.body)),
  });

  r.get('/questionnaire/:id', {
    config: byId,
    schema: {
      tags,
      summary: 'One questionnaire',
      params: idParamsSchema,
      response: { 200: questionnaireSchema, ...errors },
    },
    handler: (request) => getQuestionnaire(app.ctx, tenantOf(request), request.params.id),
  });

  r.patch('/questionnaire/:id', {
    config: byId,
    schema: {
      tags,
      summary: 'Rename or describe a questionnaire',
      params: idParamsSchema,
      body: questionnaireInputSchema,
      response: { 200: questionnaireSchema, ...errors },
    },
    handler: (request) => editQuestionnaire(app.ctx, tenantOf(request), request.params.id, request.body),
  });

  r.delete('/questionnaire/:id', {
    config: byId,
    schema: {
      tags,
      summary: 'Delete a questionnaire (409 QUESTIONNAIRE_IN_USE while a building uses it)',
      params: idParamsSchema,
      response: { 200: z.object({ id: z.uuid() }), ...errors },
    },
    handler: async (request) => {
      await removeQuestionnaire(app.ctx, tenantOf(request), request.params.id);
      return { id: request.params.id };
    },
  });

  r.get('/questionnaire/:id/questions', {
    config: byId,
    schema: {
      tags,
      summary: 'The questions, in order',
      params: idParamsSchema,
      response: { 200: z.array(questionSchema), ...errors },
    },
    handler: (request) => questionsOf(app.ctx, request.params.id),
  });

  r.post('/questionnaire/:qid/question', {
    config: { access: buildingManagers, tenant: true, tenantParams: { qid: 'questionnaire' } },
    schema: {
      tags,
      summary: 'Add a question at the end',
      params: z.object({ qid: z.uuid() }),
      body: questionInputSchema,
      response: { 200: questionSchema, ...errors },
    },
    handler: (request) => addQuestion(app.ctx, request.params.qid, request.body),
  });

  r.patch('/questionnaire/:qid/question/:id', {
    config: byQuestion,
    schema: {
      tags,
      summary: 'Edit a question',
      params: questionParams,
      body: questionInputSchema,
      response: { 200: questionSchema, ...errors },
    },
    handler: (request) => editQuestion(app.ctx, request.params.qid, request.params.id, request.body),
  });

  r.delete('/questionnaire/:qid/question/:id', {
    config: byQuestion,
    schema: {
      tags,
      summary: 'Delete a question',
      params: questionParams,
      response: { 200: z.object({ id: z.uuid() }), ...errors },
    },
    handler: async (request) => {
      await removeQuestion(app.ctx, request.params.qid, request.params.id);
      return { id: request.params.id };
    },
  });

  for (const direction of ['up', 'down'] as const) {
    r.patch(`/questionnaire/:qid/question/:id/${direction}`, {
      config: byQuestion,
      schema: {
        tags,
        summary: `Move a question ${direction}; answers the new list`,
        params: questionParams,
        response: { 200: z.array(questionSchema), ...errors },
      },
      handler: (request) => moveQuestion(app.ctx, request.params.qid, request.params.id, direction),
    });
  }
}
