import { Alert, Box, Button, Stack, Text } from '@mantine/core';
import { QUESTION_TEXT_MAX, questionInputSchema, type Question, type QuestionInput } from '@vestibule/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog, DialogActions } from '../../components/AppDialog.tsx';
import { IconAlertCircle } from '../../components/Icons.tsx';
import { useSchemaForm } from '../../form/useSchemaForm.ts';
import type { FieldIssue } from '../../form/validationMessages.ts';
import { type NoticeMessage, useNoticeText } from '../notifications/index.ts';
import { questionErrorMessage } from './formMessages.ts';
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
  const messageText = useNoticeText();
  const editingId = question?.id ?? null;
  const [pending, setPending] = useState(false);
  const [serverError, setServerError] = useState<NoticeMessage | null>(null);
  // The shared schema's cross-field refusals get the questionnaire's own words; lengths and
  // required text keep the app's usual messages.
  const ruleMessage = (field: Field) => (issue: FieldIssue, draft: QuestionDraft) => {
    if (issue.code === 'too_small' || issue.code === 'too_big') return undefined;
    if (field === 'warningAnswer' && draft.warningAnswer !== null && draft.warningAnswer === draft.alertAnswer) {
      return t('questionnaires.validation.warningSameAsAlert');
    }
    if (field === 'previousQuestionAnswer') return t('questionnaires.validation.followUpAnswer');
    return t('questionnaires.validation.notAllowed');
  };
  const fields: Field[] = [
    'text',
    'questionType',
    'alertAnswer',
    'warningAnswer',
    'previousQuestionId',
    'previousQuestionAnswer',
  ];
  const form = useSchemaForm<QuestionDraft, QuestionInput>(
    questionInputSchema,
    question ? draftOf(question) : emptyDraft(),
    Object.fromEntries(fields.map((field) => [field, ruleMessage(field)])),
  );
  const draft = form.values;

  const update = (change: Partial<QuestionDraft>) =>
    form.setValues((current) => normalizeDraft({ ...current, ...change }, questions, editingId));

  // Text over the limit is said at once, not only after a save.
  const textTooLong = draft.text.trim().length > QUESTION_TEXT_MAX;
  const errorOf = (field: Field) =>
    form.error(field) ??
    (field === 'text' && textTooLong ? t('common.validation.maxLength', { max: QUESTION_TEXT_MAX }) : undefined);

  const draftFields = { draft, questions, editingId, errorOf, update };

  const submit = form.onSubmit(async (input) => {
    if (pending) return;
    setServerError(null);
    setPending(true);
    try {
      await onSubmit(input);
    } catch (error) {
      setServerError(questionErrorMessage(error));
      setPending(false);
    }
  });

  return (
    <Box component="form" onSubmit={submit} noValidate>
      <Stack gap="md">
        <QuestionTextField draft={draft} number={number} error={errorOf('text')} onText={(text) => update({ text })} />
        <QuestionRuleFields {...draftFields} />
        <QuestionFollowUpFields {...draftFields} />

        {serverError && (
          <Alert role="alert" color="red" variant="light" icon={<IconAlertCircle />}>
            <Text size="sm">{messageText(serverError)}</Text>
          </Alert>
        )}

        <DialogActions>
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={pending}>
            {question ? t('common.save') : t('questionnaires.question.add')}
          </Button>
        </DialogActions>
      </Stack>
    </Box>
  );
}
