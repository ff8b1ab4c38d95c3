import { NativeSelect, SimpleGrid, Text } from '@mantine/core';
import { questionTypes, type Question, type QuestionType, type RuleAnswer } from '@vestibule/shared';
import { useTranslation } from 'react-i18next';
import {
  alertChoices,
  followUpAnswerChoices,
  followUpCandidates,
  isRuleAnswer,
  plainExcerpt,
  typeRestriction,
  warningChoices,
  type QuestionDraft,
} from './questionRules.ts';

const none = '';

/** What the question form's field groups share: the draft, its neighbours, its errors and its update. */
interface DraftFieldsProps {
  draft: QuestionDraft;
  /** Every question of the questionnaire, in order. */
  questions: readonly Question[];
  /** The question being edited (null: a new one). */
  editingId: string | null;
  errorOf: (field: keyof QuestionDraft) => string | undefined;
  update: (change: Partial<QuestionDraft>) => void;
}

/** The question's type, and the answers that refuse entry (alert) or flag it (warning). */
export function QuestionRuleFields({ draft, questions, editingId, errorOf, update }: DraftFieldsProps) {
  const { t } = useTranslation();
  const answerLabel = (answer: RuleAnswer) => t(`questionnaires.answers.${answer}`);
  const restrictionOf = (type: QuestionType) => typeRestriction(questions, editingId, type);
  const restrictions = questionTypes.map(restrictionOf).filter((reason) => reason !== null);
  return (
    <>
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
    </>
  );
}

/** Whether the question is asked only after an earlier one got a given answer. */
export function QuestionFollowUpFields({ draft, questions, editingId, errorOf, update }: DraftFieldsProps) {
  const { t } = useTranslation();
  const candidates = followUpCandidates(questions, editingId);
  const previous = candidates.find(({ question: q }) => q.id === draft.previousQuestionId)?.question;
  return (
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
            label: t('questionnaires.question.followUpOption', { number, question: plainExcerpt(candidate.text) }),
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
          data={followUpAnswerChoices(previous).map((answer) => ({
            value: answer,
            label: t(`questionnaires.answers.${answer}`),
          }))}
          error={errorOf('previousQuestionAnswer')}
        />
      )}
    </SimpleGrid>
  );
}
