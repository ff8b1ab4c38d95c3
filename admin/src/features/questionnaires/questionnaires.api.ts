import type { QuestionInput } from '@vestibule/shared';
import type { CallInput, CallOutput, Contract } from '@vestibule/shared/contract';
import { api } from '../../api/apiClient.ts';

// The questionnaire calls, typed by the shared contract.

/** The body of questionnaire create and edit (questionnaireInputSchema). */
export type QuestionnaireFields = CallInput<Contract['POST /questionnaire']>['body'];

export interface QuestionnaireListQuery {
  search: string;
  /** 1-based. */
  page: number;
  limit: number;
}

export type QuestionnairePage = CallOutput<Contract['GET /questionnaire']>;

export function listQuestionnaires(query: QuestionnaireListQuery, signal?: AbortSignal) {
  const search = query.search.trim();
  return api.call('GET /questionnaire', {
    query: { search: search === '' ? undefined : search, page: query.page, limit: query.limit, order: 1 },
    signal,
  });
}

export function getQuestionnaire(id: string, signal?: AbortSignal) {
  return api.call('GET /questionnaire/:id', { params: { id }, signal });
}

export function createQuestionnaire(fields: QuestionnaireFields) {
  return api.call('POST /questionnaire', { body: fields });
}

export function updateQuestionnaire(id: string, fields: QuestionnaireFields) {
  return api.call('PATCH /questionnaire/:id', { params: { id }, body: fields });
}

export function deleteQuestionnaire(id: string) {
  return api.call('DELETE /questionnaire/:id', { params: { id } });
}

export function listQuestions(questionnaireId: string, signal?: AbortSignal) {
  return api.call('GET /questionnaire/:id/questions', { params: { id: questionnaireId }, signal });
}

export function addQuestion(questionnaireId: string, input: QuestionInput) {
  return api.call('POST /questionnaire/:qid/question', { params: { qid: questionnaireId }, body: input });
}

export function updateQuestion(questionnaireId: string, id: string, input: QuestionInput) {
  return api.call('PATCH /questionnaire/:qid/question/:id', { params: { qid: questionnaireId, id }, body: input });
}

export function deleteQuestion(questionnaireId: string, id: string) {
  return api.call('DELETE /questionnaire/:qid/question/:id', { params: { qid: questionnaireId, id } });
}

/** Moves a question one place; the server answers the whole new order. */
export function moveQuestion(questionnaireId: string, id: string, direction: 'up' | 'down') {
  return api.call(`PATCH /questionnaire/:qid/question/:id/${direction}`, { params: { qid: questionnaireId, id } });
}
