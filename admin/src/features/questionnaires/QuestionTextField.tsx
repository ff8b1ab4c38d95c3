import { Paper, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { QUESTION_TEXT_MAX } from '@vestibule/shared';
import { useDeferredValue, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { MarkdownText } from '../../components/MarkdownText.tsx';
import { AnswerChips } from './AnswerChips.tsx';
import type { QuestionDraft } from './questionRules.ts';

/** The question's markdown text with its counter, beside a live preview as visitors will see it. */
export function QuestionTextField(props: {
  draft: QuestionDraft;
  /** The question's position, for the preview's answers label. */
  number: number;
  error: string | undefined;
  onText: (text: string) => void;
}) {
  const { draft, number, error, onText } = props;
  const { t } = useTranslation();
  const ids = useId();
  const previewText = useDeferredValue(draft.text);
  const textLength = draft.text.trim().length;
  const textTooLong = textLength > QUESTION_TEXT_MAX;
  return (
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
        onChange={(event) => onText(event.currentTarget.value)}
        error={error}
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
  );
}
