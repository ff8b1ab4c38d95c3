import { z } from 'zod';
import { idParamsSchema, listQuerySchema, listResponseSchema } from '../schemas/common.ts';
import {
  questionInputSchema,
  questionSchema,
  questionnaireInputSchema,
  questionnaireSchema,
} from '../schemas/questionnaire.ts';
import { endpoint } from './endpoint.ts';

const tags = ['questionnaires'];
const questionParams = z.object({ qid: z.uuid(), id: z.uuid() });
const deleted = z.object({ id: z.uuid() });

/** PATCH …/up and …/down: one place up or down, as the path says. */
const moveQuestion = endpoint({
  tags,
  summary: 'Move a question one place up or down (as the path says); answers the new list',
  params: questionParams,
  response: z.array(questionSchema),
  errors: ['NOT_FOUND', 'QUESTION_FOLLOW_UP_ORDER'],
});

export const questionnairesContract = {
  'GET /questionnaire': endpoint({
    tags,
    summary: 'Questionnaires of the current tenant',
    query: listQuerySchema,
    response: listResponseSchema(questionnaireSchema),
    errors: [],
  }),
  'GET /questionnaire/all': endpoint({
    tags,
    summary: 'Every questionnaire of the tenant, by name',
    response: z.array(z.object({ id: z.uuid(), name: z.string() })),
    errors: [],
  }),
  'POST /questionnaire': endpoint({
    tags,
    summary: 'Create a questionnaire (201)',
    body: questionnaireInputSchema,
    response: questionnaireSchema,
    alsoAnswers: [201],
    errors: ['NOT_FOUND'],
  }),
  'GET /questionnaire/:id': endpoint({
    tags,
    summary: 'One questionnaire',
    params: idParamsSchema,
    response: questionnaireSchema,
    errors: ['NOT_FOUND'],
  }),
  'PATCH /questionnaire/:id': endpoint({
    tags,
    summary: 'Rename or describe a questionnaire',
    params: idParamsSchema,
    body: questionnaireInputSchema,
    response: questionnaireSchema,
    errors: ['NOT_FOUND'],
  }),
  'DELETE /questionnaire/:id': endpoint({
    tags,
    summary: 'Delete a questionnaire (409 QUESTIONNAIRE_IN_USE while a building uses it)',
    params: idParamsSchema,
    response: deleted,
    errors: ['NOT_FOUND', 'QUESTIONNAIRE_IN_USE'],
  }),
  'GET /questionnaire/:id/questions': endpoint({
    tags,
    summary: 'The questions, in order',
    params: idParamsSchema,
    response: z.array(questionSchema),
    errors: ['NOT_FOUND'],
  }),
  'POST /questionnaire/:qid/question': endpoint({
    tags,
    summary: 'Add a question at the end',
    params: z.object({ qid: z.uuid() }),
    body: questionInputSchema,
    response: questionSchema,
    errors: ['NOT_FOUND', 'QUESTION_FOLLOW_UP_INVALID'],
  }),
  'PATCH /questionnaire/:qid/question/:id': endpoint({
    tags,
    summary: 'Edit a question',
    params: questionParams,
    body: questionInputSchema,
    response: questionSchema,
    errors: ['NOT_FOUND', 'QUESTION_FOLLOW_UP_INVALID'],
  }),
  'DELETE /questionnaire/:qid/question/:id': endpoint({
    tags,
    summary: 'Delete a question (refused, 409, while other questions follow up on it: params name them)',
    params: questionParams,
    response: deleted,
    errors: ['NOT_FOUND', 'QUESTION_HAS_FOLLOW_UPS'],
  }),
  'PATCH /questionnaire/:qid/question/:id/up': moveQuestion,
  'PATCH /questionnaire/:qid/question/:id/down': moveQuestion,
} satisfies Record<string, ReturnType<typeof endpoint>>;
