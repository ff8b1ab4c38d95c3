import { Checkbox, Stack, Title } from '@mantine/core';
import {
  type Answers,
  type DeskCheckInData,
  type WizardQuestion,
  isQuestionnaireComplete,
  setAnswer,
  visibleQuestions,
} from '@vestibule/shared';
import { QuestionList, TemperatureFields, type TemperatureTexts, checkTemperatures } from '@vestibule/ui/wizard';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MarkdownText } from '../../../components/MarkdownText.tsx';
import { AdminWizardTexts } from './AdminWizardTexts.tsx';
import type { DeskAnswers } from './deskForm.ts';

/**
 * The questions of a building that asks them at the desk: the person type's entry questionnaires,
 * the consent clause and the temperature it measures, answered with the person, whether they are
 * complete, and what they add to the check-in.
 */
export function useDeskQuestions(data: DeskCheckInData | null) {
  const [answers, setAnswers] = useState<Answers>({});
  const [consent, setConsent] = useState(false);
  const [temperature, setTemperature] = useState<TemperatureTexts>({ first: '', second: '' });
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const asked = data?.questionnairesOnStaffCheckIn === true;
  const questionnaires = asked && data ? data.questionnaires : [];
  const consentAsked = asked && data?.consentClauseActive === true;
  const temperatureAsked =
    asked && data !== null && data.checkInTemperatureMeasuresEnabled && data.allowCheckInManualTemperatureMeasure;
  const range = {
    unit: data?.temperatureUnit ?? 'CELSIUS',
    min: data?.minTemperature ?? null,
    max: data?.maxTemperature ?? null,
  };
  const temperatures = checkTemperatures(temperature, range);
  const complete =
    questionnaires.every((questionnaire) => isQuestionnaireComplete(questionnaire.items, answers)) &&
    (!consentAsked || consent) &&
    (!temperatureAsked || temperatures.valid);
  const result = (): DeskAnswers => ({
    questionnairesAnswers: questionnaires.map((questionnaire) => ({
      questionnaireId: questionnaire.id,
      answers: Object.fromEntries(
        visibleQuestions(questionnaire.items, answers).map((question) => [
          question.id,
          (answers[question.id] ?? '').trim(),
        ]),
      ),
    })),
    consentAccepted: consentAsked && consent,
    tempMeasure1: temperatureAsked ? temperatures.first : null,
    tempMeasure2: temperatureAsked ? temperatures.second : null,
  });
  return {
    data,
    asked,
    questionnaires,
    answers,
    answer: (items: readonly WizardQuestion[], questionId: string, value: string) =>
      setAnswers((current) => setAnswer(items, current, questionId, value)),
    consentAsked,
    consent,
    setConsent,
    temperatureAsked,
    range,
    temperature,
    setTemperature,
    touched,
    touch: (key: string) => setTouched((current) => ({ ...current, [key]: true })),
    complete,
    result,
  };
}

export type DeskQuestionsState = ReturnType<typeof useDeskQuestions>;

/** The questions, laid out in the desk's dialog (the wizard's own fields and words). */
export function DeskQuestions({ state }: { state: DeskQuestionsState }) {
  const { t } = useTranslation();
  const idPrefix = useId().replace(/:/g, '');
  if (!state.asked) return null;
  return (
    <AdminWizardTexts>
      <Stack gap="md">
        {state.questionnaires.map((questionnaire) => (
          <section key={questionnaire.id} aria-labelledby={`${idPrefix}-${questionnaire.id}`}>
            <Title order={3} size="h5" id={`${idPrefix}-${questionnaire.id}`} mb="xs">
              {questionnaire.name}
            </Title>
            <QuestionList
              questionnaire={questionnaire}
              answers={state.answers}
              onAnswer={state.answer}
              idPrefix={idPrefix}
            />
          </section>
        ))}
        {state.consentAsked && state.data && (
          <Stack gap={4}>
            <MarkdownText>{state.data.consentClauseText}</MarkdownText>
            <Checkbox
              label={t('entryLog.desk.consent')}
              checked={state.consent}
              onChange={(event) => state.setConsent(event.currentTarget.checked)}
            />
          </Stack>
        )}
        {state.temperatureAsked && (
          <TemperatureFields
            idPrefix={idPrefix}
            range={state.range}
            texts={state.temperature}
            onChange={state.setTemperature}
            touched={state.touched}
            onTouch={state.touch}
            place="ENTRY"
            storage={null}
          />
        )}
      </Stack>
    </AdminWizardTexts>
  );
}
