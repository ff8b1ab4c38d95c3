import { ActionIcon, Alert, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import type { Question } from '@vestibule/shared';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { IconAlertCircle } from '../../components/Icons.tsx';
import { MarkdownText } from '../../components/MarkdownText.tsx';
import { AnswerChips } from './AnswerChips.tsx';
import { IconArrowDown, IconArrowUp, IconCornerDownRight, IconPencil, IconTrash } from './QuestionnaireIcons.tsx';
import { plainExcerpt } from './questionRules.ts';

export type MoveDirection = 'up' | 'down';

/** Where the keyboard focus goes after a move: the moved question's button, in its new place. */
export interface FocusRequest {
  questionId: string;
  direction: MoveDirection;
}

interface QuestionListProps {
  questions: readonly Question[];
  onMove: (question: Question, direction: MoveDirection) => void;
  onEdit: (question: Question) => void;
  onDelete: (question: Question) => void;
  /** A refused move, shown under the question that tried to move. */
  moveError?: { questionId: string; text: string } | null;
  onDismissMoveError?: () => void;
  focusRequest?: FocusRequest | null;
}

/** The questions in the order they are asked, with what each shows and its controls. */
export function QuestionList({
  questions,
  onMove,
  onEdit,
  onDelete,
  moveError = null,
  onDismissMoveError,
  focusRequest = null,
}: QuestionListProps) {
  const { t } = useTranslation();
  const listRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!focusRequest || !listRef.current) return;
    const item = listRef.current.querySelector<HTMLElement>(
      `[data-question-id="${CSS.escape(focusRequest.questionId)}"]`,
    );
    const wanted = item?.querySelector<HTMLButtonElement>(`[data-move="${focusRequest.direction}"]:not(:disabled)`);
    const other = item?.querySelector<HTMLButtonElement>('[data-move]:not(:disabled)');
    (wanted ?? other)?.focus();
  }, [focusRequest]);

  const numberOf = new Map(questions.map((question, index) => [question.id, index + 1]));

  return (
    <Stack component="ol" gap="sm" ref={listRef} aria-label={t('questionnaires.editor.listLabel')} m={0} p={0}>
      {questions.map((question, index) => {
        const number = index + 1;
        const previousNumber = question.previousQuestionId ? numberOf.get(question.previousQuestionId) : undefined;
        const previous = previousNumber === undefined ? undefined : questions[previousNumber - 1];
        const actions = [
          {
            key: 'up',
            label: t('questionnaires.editor.moveUp', { number }),
            icon: <IconArrowUp />,
            disabled: index === 0,
            move: 'up' as const,
            onClick: () => onMove(question, 'up'),
          },
          {
            key: 'down',
            label: t('questionnaires.editor.moveDown', { number }),
            icon: <IconArrowDown />,
            disabled: index === questions.length - 1,
            move: 'down' as const,
            onClick: () => onMove(question, 'down'),
          },
          {
            key: 'edit',
            label: t('questionnaires.editor.edit', { number }),
            icon: <IconPencil />,
            disabled: false,
            move: undefined,
            onClick: () => onEdit(question),
          },
          {
            key: 'delete',
            label: t('questionnaires.editor.delete', { number }),
            icon: <IconTrash />,
            disabled: false,
            move: undefined,
            onClick: () => onDelete(question),
          },
        ];
        return (
          <Paper
            component="li"
            key={question.id}
            withBorder
            p="md"
            radius="md"
            data-question-id={question.id}
            style={{ listStyle: 'none' }}
          >
            <Stack gap="xs">
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                <Title order={3} size="h5">
                  {t('questionnaires.editor.questionNumber', { number })}
                </Title>
                <Group gap={4} wrap="nowrap">
                  {actions.map((action) => (
                    <Tooltip key={action.key} label={action.label} withArrow openDelay={300}>
                      <ActionIcon
                        variant={action.key === 'delete' ? 'light' : 'default'}
                        color={action.key === 'delete' ? 'red' : undefined}
                        size="lg"
                        aria-label={action.label}
                        disabled={action.disabled}
                        data-move={action.move}
                        onClick={action.onClick}
                      >
                        {action.icon}
                      </ActionIcon>
                    </Tooltip>
                  ))}
                </Group>
              </Group>
              <MarkdownText data-testid="question-text">{question.text}</MarkdownText>
              <Group gap="xs" wrap="wrap">
                <Text size="sm" fw={600} component="span">
                  {t('questionnaires.editor.type')}
                </Text>
                <Text size="sm" component="span" data-testid="question-type">
                  {t(`questionnaires.types.${question.questionType}`)}
                </Text>
              </Group>
              {question.questionType !== 'FREEFORM' && (
                <Group gap="xs" wrap="wrap" align="center">
                  <Text size="sm" fw={600} component="span" aria-hidden="true">
                    {t('questionnaires.editor.answers')}
                  </Text>
                  <AnswerChips question={question} label={t('questionnaires.editor.answersLabel', { number })} />
                </Group>
              )}
              {previous && previousNumber !== undefined && question.previousQuestionAnswer && (
                <Group gap="xs" wrap="nowrap" align="flex-start">
                  <IconCornerDownRight />
                  <Text size="sm" data-testid="question-follow-up">
                    {t('questionnaires.editor.followUp', {
                      number: previousNumber,
                      question: plainExcerpt(previous.text),
                      answer: t(`questionnaires.answers.${question.previousQuestionAnswer}`),
                    })}
                  </Text>
                </Group>
              )}
              {moveError?.questionId === question.id && (
                <Alert
                  role="alert"
                  color="red"
                  variant="light"
                  icon={<IconAlertCircle />}
                  withCloseButton={onDismissMoveError !== undefined}
                  closeButtonLabel={t('questionnaires.editor.closeMessage')}
                  onClose={onDismissMoveError}
                >
                  <Text size="sm">{moveError.text}</Text>
                </Alert>
              )}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
