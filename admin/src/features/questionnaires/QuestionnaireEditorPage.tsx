import { Anchor, Button, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { Question, QuestionInput, Questionnaire } from '@vestibule/shared';
import { ApiError } from '@vestibule/shared/api';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Page } from '../../components/Page.tsx';
import { messageFromError, notifications, type NoticeMessage, useNoticeText } from '../notifications/index.ts';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog.tsx';
import { questionErrorMessage } from './formMessages.ts';
import { QuestionFormDialog } from './QuestionFormDialog.tsx';
import { QuestionList, type FocusRequest, type MoveDirection } from './QuestionList.tsx';
import { QuestionnaireDetailsDialog } from './QuestionnaireDetailsDialog.tsx';
import { IconArrowLeft, IconPencil, IconPlus, IconTrash } from './QuestionnaireIcons.tsx';
import { listPlaceOf, listSearch } from './questionnaireLocation.ts';
import {
  addQuestion,
  deleteQuestion,
  deleteQuestionnaire,
  moveQuestion,
  updateQuestion,
  updateQuestionnaire,
  type QuestionnaireFields,
} from './questionnaires.api.ts';
import { dependentsOf } from './questionRules.ts';
import { useQuestionnaireEditorData } from './useQuestionnaireData.ts';

type QuestionTarget = { opened: boolean; question: Question | null };
/**
 * The question to delete, with its number and its follow-ups as they were when asked: a question
 * others follow up on is not deleted (the server refuses it, QUESTION_HAS_FOLLOW_UPS).
 */
type QuestionRemoval = { opened: boolean; question: Question | null; number: number; dependents: number[] };

/** One questionnaire: its details and its questions in order, each editable and movable. */
export function QuestionnaireEditorPage({ questionnaireId }: { questionnaireId: string }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const backTo = { search: listSearch(listPlaceOf(params)) };
  const { data, setQuestions, setQuestionnaire, reloadQuestions } = useQuestionnaireEditorData(questionnaireId);

  const backLink = (
    <div>
      <Anchor component={Link} to={backTo} size="sm">
        <Group gap={4} component="span" wrap="nowrap">
          <IconArrowLeft size={16} />
          {t('questionnaires.editor.back')}
        </Group>
      </Anchor>
    </div>
  );

  if (data === null || data.status === 'failed') {
    return <Page title={t('questionnaires.editor.loadingTitle')}>{backLink}</Page>;
  }
  if (data.status === 'notFound') {
    return (
      <Page title={t('questionnaires.editor.notFoundTitle')}>
        <Text>{t('questionnaires.editor.notFound')}</Text>
        {backLink}
      </Page>
    );
  }
  return (
    <QuestionnaireEditor
      questionnaire={data.questionnaire}
      questions={data.questions}
      backLink={backLink}
      backTo={backTo}
      setQuestions={setQuestions}
      setQuestionnaire={setQuestionnaire}
      reloadQuestions={reloadQuestions}
    />
  );
}

interface QuestionnaireEditorProps {
  questionnaire: Questionnaire;
  questions: Question[];
  backLink: ReactNode;
  backTo: { search: string };
  setQuestions: (questions: Question[]) => void;
  setQuestionnaire: (questionnaire: Questionnaire) => void;
  reloadQuestions: () => Promise<void>;
}

function QuestionnaireEditor({
  questionnaire,
  questions,
  backLink,
  backTo,
  setQuestions,
  setQuestionnaire,
  reloadQuestions,
}: QuestionnaireEditorProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const messageText = useNoticeText();
  const questionsHeading = useRef<HTMLHeadingElement>(null);
  const moving = useRef(false);
  const [questionDialog, setQuestionDialog] = useState<QuestionTarget>({ opened: false, question: null });
  const [questionRemoval, setQuestionRemoval] = useState<QuestionRemoval>({
    opened: false,
    question: null,
    number: 0,
    dependents: [],
  });
  const [detailsOpened, setDetailsOpened] = useState(false);
  const [removalOpened, setRemovalOpened] = useState(false);
  const [moveError, setMoveError] = useState<{ questionId: string; message: NoticeMessage } | null>(null);
  const [focusRequest, setFocusRequest] = useState<FocusRequest | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const id = questionnaire.id;

  const reloadAfterChange = async () => {
    try {
      await reloadQuestions();
    } catch (error) {
      notifications.showError(messageFromError(error));
    }
  };

  const move = async (question: Question, direction: MoveDirection) => {
    if (moving.current) return;
    moving.current = true;
    setMoveError(null);
    try {
      const next = await moveQuestion(id, question.id, direction);
      setQuestions(next);
      const position = next.findIndex((q) => q.id === question.id) + 1;
      setAnnouncement(t('questionnaires.editor.moved', { position }));
      setFocusRequest({ questionId: question.id, direction });
    } catch (error) {
      setMoveError({ questionId: question.id, message: questionErrorMessage(error) });
    } finally {
      moving.current = false;
    }
  };

  const saveQuestion = async (input: QuestionInput) => {
    const editing = questionDialog.question;
    if (editing) await updateQuestion(id, editing.id, input);
    else await addQuestion(id, input);
    setQuestionDialog((current) => ({ ...current, opened: false }));
    setMoveError(null);
    notifications.showSuccess({ key: 'common.SAVED_SUCCESSFULLY' });
    await reloadAfterChange();
  };

  const removeQuestion = async () => {
    const target = questionRemoval.question;
    if (!target) return;
    notifications.clearBanners();
    try {
      await deleteQuestion(id, target.id);
      setMoveError(null);
      notifications.showSuccess({ key: 'common.DELETED_SUCCESSFULLY' });
      await reloadAfterChange();
      questionsHeading.current?.focus();
    } catch (error) {
      notifications.showError(messageFromError(error));
      // Follow-ups added elsewhere since the list was read: show them.
      if (error instanceof ApiError && error.errorCode === 'QUESTION_HAS_FOLLOW_UPS') await reloadAfterChange();
    } finally {
      setQuestionRemoval((current) => ({ ...current, opened: false }));
    }
  };

  const saveDetails = async (fields: QuestionnaireFields) => {
    setQuestionnaire(await updateQuestionnaire(id, fields));
    setDetailsOpened(false);
    notifications.showSuccess({ key: 'common.SAVED_SUCCESSFULLY' });
  };

  const removeQuestionnaire = async () => {
    notifications.clearBanners();
    try {
      await deleteQuestionnaire(id);
      setRemovalOpened(false);
      await navigate(backTo);
      notifications.showSuccess({ key: 'common.DELETED_SUCCESSFULLY' });
    } catch (error) {
      setRemovalOpened(false);
      notifications.showError(messageFromError(error));
      window.scrollTo({ top: 0 });
    }
  };

  const askRemoval = (question: Question) =>
    setQuestionRemoval({
      opened: true,
      question,
      number: questions.findIndex((q) => q.id === question.id) + 1,
      dependents: dependentsOf(questions, question.id).map(({ number }) => number),
    });

  return (
    <Page title={questionnaire.name}>
      {backLink}
      <Text c={questionnaire.description ? undefined : 'dimmed'} data-testid="questionnaire-description">
        {questionnaire.description ?? t('questionnaires.editor.noDescription')}
      </Text>
      <Group gap="sm">
        <Button variant="default" leftSection={<IconPencil />} onClick={() => setDetailsOpened(true)}>
          {t('questionnaires.editor.editDetails')}
        </Button>
        <Button variant="light" color="red" leftSection={<IconTrash />} onClick={() => setRemovalOpened(true)}>
          {t('questionnaires.editor.deleteQuestionnaire')}
        </Button>
      </Group>

      <Stack gap="sm" component="section" aria-labelledby="questionnaire-questions-heading">
        <Group justify="space-between" align="center" gap="sm">
          <Group gap="sm" align="baseline">
            <Title order={2} id="questionnaire-questions-heading" ref={questionsHeading} tabIndex={-1}>
              {t('questionnaires.editor.questions')}
            </Title>
            <Text size="sm" c="dimmed" data-testid="questions-total">
              {t('questionnaires.editor.questionCount', { count: questions.length })}
            </Text>
          </Group>
          <Button leftSection={<IconPlus />} onClick={() => setQuestionDialog({ opened: true, question: null })}>
            {t('questionnaires.editor.addQuestion')}
          </Button>
        </Group>
        {questions.length === 0 ? (
          <Text>{t('questionnaires.editor.empty')}</Text>
        ) : (
          <QuestionList
            questions={questions}
            onMove={(question, direction) => void move(question, direction)}
            onEdit={(question) => setQuestionDialog({ opened: true, question })}
            onDelete={askRemoval}
            moveError={moveError && { questionId: moveError.questionId, text: messageText(moveError.message) }}
            onDismissMoveError={() => setMoveError(null)}
            focusRequest={focusRequest}
          />
        )}
      </Stack>
      <VisuallyHidden aria-live="polite" data-testid="questions-announcement">
        {announcement}
      </VisuallyHidden>

      <QuestionFormDialog
        opened={questionDialog.opened}
        question={questionDialog.question}
        questions={questions}
        onClose={() => setQuestionDialog((current) => ({ ...current, opened: false }))}
        onSubmit={saveQuestion}
      />
      <ConfirmDeleteDialog
        opened={questionRemoval.opened}
        title={t('questionnaires.deleteQuestion.title', { number: questionRemoval.number })}
        confirmLabel={t('questionnaires.deleteQuestion.confirm')}
        onClose={() => setQuestionRemoval((current) => ({ ...current, opened: false }))}
        onConfirm={removeQuestion}
        canConfirm={questionRemoval.dependents.length === 0}
        data-testid="delete-question-dialog"
      >
        {questionRemoval.dependents.length === 0
          ? t('questionnaires.deleteQuestion.text')
          : t('errors.QUESTION_HAS_FOLLOW_UPS', { numbers: questionRemoval.dependents.join(', ') })}
      </ConfirmDeleteDialog>
      <QuestionnaireDetailsDialog
        opened={detailsOpened}
        questionnaire={questionnaire}
        onClose={() => setDetailsOpened(false)}
        onSubmit={saveDetails}
      />
      <ConfirmDeleteDialog
        opened={removalOpened}
        title={t('questionnaires.deleteQuestionnaire.title')}
        confirmLabel={t('questionnaires.deleteQuestionnaire.confirm')}
        onClose={() => setRemovalOpened(false)}
        onConfirm={removeQuestionnaire}
        data-testid="delete-questionnaire-dialog"
      >
        {t('questionnaires.deleteQuestionnaire.text', { name: questionnaire.name })}
      </ConfirmDeleteDialog>
    </Page>
  );
}
