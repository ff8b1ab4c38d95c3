import { Alert, Box, Button, Group, Stack, Text } from '@mantine/core';
import { QUESTION_TEXT_MAX, questionInputSchema, type Question, type QuestionInput } from '@vestibule/shared';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../components/AppDialog.tsx';
import { IconAlertCircle } from '../../components/Icons.tsx';
import type { NoticeMessage } from '../notifications/index.ts';
import { fieldMessages, focusField, questionErrorMessage, useMessageText } from './formMessages.ts';
import { QuestionFollowUpFields, QuestionRuleFields } from './QuestionRuleFields.tsx';
import { QuestionTextField } from './QuestionTextField.tsx';
import { draftOf, emptyDraft, normalizeDraft, type QuestionDraft } from './questionRules.ts';

interface QuestionFormDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The question being edited; null adds a new one at the end. */
  question: Question | null;
  /** Every question of the questionnaire, in order. */
  questions: readonly Question[];
  /** Saves; a rejection is shown in the dialog, which stays open. */
  onSubmit: (input: QuestionInput) => Promise<void>;
}

/** Add or edit a question: markdown text with a live preview, type, alert and warning answers, follow-up. */
export function QuestionFormDialog({ opened, onClose, question, questions, onSubmit }: QuestionFormDialogProps) {
  const { t } = useTranslation();
  const number = question ? questions.findIndex((q) => q.id === question.id) + 1 : questions.length + 1;
  return (
    <AppDialog
      opened={opened}
      onClose={onClose}
      size="xl"
      title={question ? t('questionnaires.question.editTitle', { number }) : t('questionnaires.question.addTitle')}
      data-testid="question-dialog"
    >
      <QuestionForm
        key={question?.id ?? 'new'}
        question={question}
        questions={questions}
        number={number}
        onCancel={onClose}
        onSubmit={onSubmit}
      />
    </AppDialog>
  );
}

type Field = keyof QuestionDraft;

interface QuestionFormProps {
  question: Question | null;
  /** The question's position (the next one for a new question). */
  number: number;
  questions: readonly Question[];
  onCancel: () => void;
  onSubmit: (input: QuestionInput) => Promise<void>;
}

function QuestionForm({ question, questions, number, onCancel, onSubmit }: QuestionFormProps) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const formRef = useRef<HTMLFormElement>(null);
  const editingId = question?.id ?? null;
  const [draft, setDraft] = useState<QuestionDraft>(() => (question ? draftOf(question) : emptyDraft()));
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const [serverError, setServerError] = useState<NoticeMessage | null>(null);

  const update = (change: Partial<QuestionDraft>) =>
    setDraft((current) => normalizeDraft({ ...current, ...change }, questions, editingId));

  const validation = questionInputSchema.safeParse(draft);
  const errors: Partial<Record<Field, NoticeMessage>> = validation.success
    ? {}
    : fieldMessages<Field>(validation.error.issues, (field) => {
        if (field === 'warningAnswer' && draft.warningAnswer !== null && draft.warningAnswer === draft.alertAnswer) {
          return { key: 'questionnaires.validation.warningSameAsAlert' };
        }
        if (field === 'previousQuestionAnswer') return { key: 'questionnaires.validation.followUpAnswer' };
        return { key: 'questionnaires.validation.notAllowed' };
      });
  const textLength = draft.text.trim().length;
  const textTooLong = textLength > QUESTION_TEXT_MAX;
  const errorOf = (field: Field) => {
    const message = errors[field];
    if (!message || !(submitted || (field === 'text' && textTooLong))) return undefined;
    return messageText(message);
  };

  const draftFields = { draft, questions, editingId, errorOf, update };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setSubmitted(true);
    setServerError(null);
    const parsed = questionInputSchema.safeParse(draft);
    if (!parsed.success) {
      focusField(formRef.current, parsed.error.issues[0]?.path[0]);
      return;
    }
    setPending(true);
    try {
      await onSubmit(parsed.data);
    } catch (error) {
      setServerError(questionErrorMessage(error));
      setPending(false);
    }
  };

  return (
    <Box component="form" ref={formRef} onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <QuestionTextField draft={draft} number={number} error={errorOf('text')} onText={(text) => update({ text })} />
        <QuestionRuleFields {...draftFields} />
        <QuestionFollowUpFields {...draftFields} />

        {serverError && (
          <Alert role="alert" color="red" variant="light" icon={<IconAlertCircle />}>
            <Text size="sm">{messageText(serverError)}</Text>
          </Alert>
        )}

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={pending}>
            {question ? t('common.save') : t('questionnaires.question.add')}
          </Button>
        </Group>
      </Stack>
    </Box>
  );
}
