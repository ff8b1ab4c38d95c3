import type { Question, QuestionInput, Questionnaire } from '@vestibule/shared';
import { api } from '../../api/apiClient.ts';

// The questionnaire calls of application.md section 7, as the server answers them.

/** The body of questionnaire create and edit (questionnaireInputSchema). */
export interface QuestionnaireFields {
  name: string;
  description: string | null;
}

export interface QuestionnaireListQuery {
  search: string;
  /** 1-based. */
  page: number;
  limit: number;
}

export interface QuestionnairePage {
  docs: Questionnaire[];
  totalDocs: number;
}

const base = '/questionnaire';

export function listQuestionnaires(query: QuestionnaireListQuery, signal?: AbortSignal): Promise<QuestionnairePage> {
  const search = query.search.trim();
  return api.get<QuestionnairePage>(base, {
    query: { search: search === '' ? undefined : search, page: query.page, limit: query.limit, order: 1 },
    signal,
  });
}

export function getQuestionnaire(id: string, signal?: AbortSignal): Promise<Questionnaire> {
  return api.get<Questionnaire>(`${base}/${encodeURIComponent(id)}`, { signal });
}

export function createQuestionnaire(fields: QuestionnaireFields): Promise<Questionnaire> {
  return api.post<Questionnaire>(base, fields);
}

export function updateQuestionnaire(id: string, fields: QuestionnaireFields): Promise<Questionnaire> {
  return api.patch<Questionnaire>(`${base}/${encodeURIComponent(id)}`, fields);
}

export function deleteQuestionnaire(id: string): Promise<{ id: string }> {
  return api.delete<{ id: string }>(`${base}/${encodeURIComponent(id)}`);
}

export function listQuestions(questionnaireId: string, signal?: AbortSignal): Promise<Question[]> {
  return api.get<Question[]>(`${base}/${encodeURIComponent(questionnaireId)}/questions`, { signal });
}

export function addQuestion(questionnaireId: string, input: QuestionInput): Promise<Question> {
  return api.post<Question>(`${base}/${encodeURIComponent(questionnaireId)}/question`, input);
}

export function updateQuestion(questionnaireId: string, id: string, input: QuestionInput): Promise<Question> {
  return api.patch<Question>(
    `${base}/${encodeURIComponent(questionnaireId)}/question/${encodeURIComponent(id)}`,
    input,
  );
}

export function deleteQuestion(questionnaireId: string, id: string): Promise<{ id: string }> {
  return api.delete<{ id: string }>(
    `${base}/${encodeURIComponent(questionnaireId)}/question/${encodeURIComponent(id)}`,
  );
}

/** Moves a question one place; the server answers the whole new order. */
export function moveQuestion(questionnaireId: string, id: string, direction: 'up' | 'down'): Promise<Question[]> {
  return api.patch<Question[]>(
    `${base}/${encodeURIComponent(questionnaireId)}/question/${encodeURIComponent(id)}/${direction}`,
  );
}
