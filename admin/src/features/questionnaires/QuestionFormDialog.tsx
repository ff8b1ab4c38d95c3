import {
  Alert,
  Box,
  Button,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import {
  QUESTION_TEXT_MAX,
  questionInputSchema,
  questionTypes,
  type Question,
  type QuestionInput,
  type QuestionType,
  type RuleAnswer,
} from '@vestibule/shared';
import { useDeferredValue, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../components/AppDialog.tsx';
import { IconAlertCircle } from '../../components/Icons.tsx';
import { MarkdownText } from '../../components/MarkdownText.tsx';
import type { NoticeMessage } from '../notifications/index.ts';
import { AnswerChips } from './AnswerChips.tsx';
import { fieldMessages, focusField, questionErrorMessage, useMessageText } from './formMessages.ts';
import {
  alertChoices,
  draftOf,
  emptyDraft,
  followUpAnswerChoices,
  followUpCandidates,
  isRuleAnswer,
  normalizeDraft,
  plainExcerpt,
  typeRestriction,
  warningChoices,
  type QuestionDraft,
} from './questionRules.ts';

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

const none = '';

function QuestionForm({ question, questions, number, onCancel, onSubmit }: QuestionFormProps) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const ids = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const editingId = question?.id ?? null;
  const [draft, setDraft] = useState<QuestionDraft>(() => (question ? draftOf(question) : emptyDraft()));
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const [serverError, setServerError] = useState<NoticeMessage | null>(null);
  const previewText = useDeferredValue(draft.text);

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

  const candidates = followUpCandidates(questions, editingId);
  const previous = candidates.find(({ question: q }) => q.id === draft.previousQuestionId)?.question;
  const answerLabel = (answer: RuleAnswer) => t(`questionnaires.answers.${answer}`);
  const restrictionOf = (type: QuestionType) => typeRestriction(questions, editingId, type);
  const restrictions = questionTypes.map(restrictionOf).filter((reason) => reason !== null);

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
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Textarea
            label={t('questionnaires.question.text')}
            description={
              <>
                {t('questionnaires.question.textHelp')}
                <Text
                  component="span"
                  display="block"
                  size="xs"
                  c={textTooLong ? 'var(--mantine-color-error)' : undefined}
                  fw={textTooLong ? 700 : undefined}
                  data-testid="question-text-counter"
                >
                  {t('questionnaires.question.counter', { count: textLength, max: QUESTION_TEXT_MAX })}
                </Text>
              </>
            }
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            withAsterisk
            aria-required
            autosize
            minRows={6}
            maxRows={14}
            data-autofocus
            name="text"
            value={draft.text}
            onChange={(event) => update({ text: event.currentTarget.value })}
            error={errorOf('text')}
          />
          <Stack gap={4} component="section" aria-labelledby={`${ids}-preview`}>
            <Title order={3} fz="sm" fw={500} id={`${ids}-preview`}>
              {t('questionnaires.question.preview')}
            </Title>
            <Paper withBorder p="sm" radius="md" mih={146} data-testid="question-preview">
              <Stack gap="sm">
                <MarkdownText
                  empty={
                    <Text size="sm" c="dimmed">
                      {t('questionnaires.question.previewEmpty')}
                    </Text>
                  }
                >
                  {previewText}
                </MarkdownText>
                <AnswerChips question={draft} label={t('questionnaires.editor.answersLabel', { number })} />
              </Stack>
            </Paper>
          </Stack>
        </SimpleGrid>

        <NativeSelect
          label={t('questionnaires.question.type')}
          name="questionType"
          value={draft.questionType}
          onChange={(event) => {
            const value = event.currentTarget.value;
            const type = questionTypes.find((candidate) => candidate === value);
            if (type) update({ questionType: type });
          }}
          data={questionTypes.map((type) => ({
            value: type,
            label: t(`questionnaires.types.${type}`),
            disabled: restrictionOf(type) !== null,
          }))}
          description={
            restrictions.length > 0
              ? restrictions.map((reason) => t(`questionnaires.question.${reason}`)).join(' ')
              : undefined
          }
          error={errorOf('questionType')}
        />

        {draft.questionType === 'FREEFORM' ? (
          <Text size="sm" c="dimmed">
            {t('questionnaires.question.freeformNoRules')}
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <NativeSelect
              label={t('questionnaires.question.alertAnswer')}
              name="alertAnswer"
              description={t('questionnaires.question.alertHelp')}
              value={draft.alertAnswer ?? none}
              onChange={(event) => {
                const value = event.currentTarget.value;
                update({ alertAnswer: isRuleAnswer(value) ? value : null });
              }}
              data={[
                { value: none, label: t('questionnaires.question.none') },
                ...alertChoices(draft.questionType).map((answer) => ({ value: answer, label: answerLabel(answer) })),
              ]}
              error={errorOf('alertAnswer')}
            />
            {draft.questionType === 'YESNONA' && (
              <NativeSelect
                label={t('questionnaires.question.warningAnswer')}
                name="warningAnswer"
                description={t('questionnaires.question.warningHelp')}
                value={draft.warningAnswer ?? none}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  update({ warningAnswer: isRuleAnswer(value) ? value : null });
                }}
                data={[
                  { value: none, label: t('questionnaires.question.none') },
                  ...warningChoices(draft.questionType, draft.alertAnswer).map((answer) => ({
                    value: answer,
                    label: answerLabel(answer),
                  })),
                ]}
                error={errorOf('warningAnswer')}
              />
            )}
          </SimpleGrid>
        )}

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <NativeSelect
            label={t('questionnaires.question.followUp')}
            name="previousQuestionId"
            description={candidates.length === 0 ? t('questionnaires.question.noEarlier') : undefined}
            disabled={candidates.length === 0}
            value={draft.previousQuestionId ?? none}
            onChange={(event) => {
              const value = event.currentTarget.value;
              update({ previousQuestionId: value === none ? null : value });
            }}
            data={[
              { value: none, label: t('questionnaires.question.followUpNone') },
              ...candidates.map(({ question: candidate, number }) => ({
                value: candidate.id,
                label: t('questionnaires.question.followUpOption', {
                  number,
                  question: plainExcerpt(candidate.text),
                }),
              })),
            ]}
            error={errorOf('previousQuestionId')}
          />
          {previous && (
            <NativeSelect
              label={t('questionnaires.question.followUpAnswer')}
              name="previousQuestionAnswer"
              value={draft.previousQuestionAnswer ?? none}
              onChange={(event) => {
                const value = event.currentTarget.value;
                update({ previousQuestionAnswer: isRuleAnswer(value) ? value : null });
              }}
              data={followUpAnswerChoices(previous).map((answer) => ({ value: answer, label: answerLabel(answer) }))}
              error={errorOf('previousQuestionAnswer')}
            />
          )}
        </SimpleGrid>

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
