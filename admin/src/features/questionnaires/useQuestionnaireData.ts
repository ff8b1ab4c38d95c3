import type { Question, Questionnaire } from '@vestibule/shared';
import { ApiError } from '@vestibule/shared/api';
import { useCallback, useEffect, useState } from 'react';
import { messageFromError, notifications } from '../notifications/index.ts';
import {
  getQuestionnaire,
  listQuestionnaires,
  listQuestions,
  type QuestionnaireListQuery,
  type QuestionnairePage,
} from './questionnaires.api.ts';

function showLoadError(error: unknown, signal: AbortSignal): void {
  if (!signal.aborted) notifications.showError(messageFromError(error));
}

/**
 * One page of questionnaires. While another page loads, the last one stays shown
 * (`loading` tells); `reload` fetches the same page again.
 */
export function useQuestionnairePage(query: QuestionnaireListQuery) {
  const { search, page, limit } = query;
  const key = JSON.stringify([search, page, limit]);
  const [version, setVersion] = useState(0);
  const [loaded, setLoaded] = useState<{ key: string; version: number; result: QuestionnairePage } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    listQuestionnaires({ search, page, limit }, controller.signal).then(
      (result) => setLoaded({ key, version, result }),
      (error: unknown) => showLoadError(error, controller.signal),
    );
    return () => controller.abort();
  }, [key, search, page, limit, version]);

  const reload = useCallback(() => setVersion((current) => current + 1), []);
  return {
    result: loaded?.result,
    loading: loaded === null || loaded.key !== key || loaded.version !== version,
    reload,
  };
}

type EditorData =
  | { id: string; status: 'ready'; questionnaire: Questionnaire; questions: Question[] }
  | { id: string; status: 'notFound' }
  | { id: string; status: 'failed' };

function isMissing(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.errorCode === 'ID_MALFORMED');
}

/** A questionnaire and its questions, with setters for what the server answers after a change. */
export function useQuestionnaireEditorData(id: string) {
  const [data, setData] = useState<EditorData | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    Promise.all([getQuestionnaire(id, controller.signal), listQuestions(id, controller.signal)]).then(
      ([questionnaire, questions]) => setData({ id, status: 'ready', questionnaire, questions }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (isMissing(error)) {
          setData({ id, status: 'notFound' });
        } else {
          setData({ id, status: 'failed' });
          notifications.showError(messageFromError(error));
        }
      },
    );
    return () => controller.abort();
  }, [id]);

  const setQuestions = useCallback(
    (questions: Question[]) =>
      setData((current) =>
        current?.id === id && current.status === 'ready'
          ? { ...current, questions, questionnaire: { ...current.questionnaire, questionsCount: questions.length } }
          : current,
      ),
    [id],
  );
  const setQuestionnaire = useCallback(
    (questionnaire: Questionnaire) =>
      setData((current) =>
        current?.id === id && current.status === 'ready' ? { ...current, questionnaire } : current,
      ),
    [id],
  );
  /** Fetches the questions again (after an add, an edit or a delete). */
  const reloadQuestions = useCallback(async () => setQuestions(await listQuestions(id)), [id, setQuestions]);

  return { data: data?.id === id ? data : null, setQuestions, setQuestionnaire, reloadQuestions };
}
