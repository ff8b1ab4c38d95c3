import { Stack, Table, Text, Title } from '@mantine/core';
import type { AnsweredQuestionnaire } from '@vestibule/shared';
import { useTranslation } from 'react-i18next';
import { MarkdownText } from '../../../components/MarkdownText.tsx';

const choiceAnswers = ['YES', 'NO', 'NA', 'SKIP'] as const;

/** Questionnaires as the visitor answered them: each question's text as it was then, and the answer. */
export function AnswersTab({ questionnaires }: { questionnaires: readonly AnsweredQuestionnaire[] }) {
  const { t } = useTranslation();
  if (questionnaires.length === 0) return <Text size="sm">{t('entryLog.detail.noAnswers')}</Text>;
  const answerText = (answer: string) => {
    const choice = choiceAnswers.find((candidate) => candidate === answer);
    return choice ? t(`entryLog.detail.answers.${choice}`) : answer;
  };
  return (
    <Stack gap="lg">
      {questionnaires.map((questionnaire) => (
        <Stack key={questionnaire.questionnaireId} gap="xs">
          <Title order={3} size="h5">
            {questionnaire.name}
          </Title>
          <Table withTableBorder verticalSpacing="xs" aria-label={questionnaire.name}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('entryLog.detail.question')}</Table.Th>
                <Table.Th scope="col" w="30%">
                  {t('entryLog.detail.answer')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {questionnaire.items.map((item) => (
                <Table.Tr key={item.questionId}>
                  <Table.Td>
                    <MarkdownText>{item.question}</MarkdownText>
                  </Table.Td>
                  <Table.Td>{answerText(item.answer)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      ))}
    </Stack>
  );
}
