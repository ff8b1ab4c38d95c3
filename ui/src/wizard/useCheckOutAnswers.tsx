import { useState } from 'react';
import type { z } from 'zod';
import {
  type Answers,
  COMMENTS_MAX,
  type WizardQuestion,
  type checkOutDataSchema,
  type checkOutRequestSchema,
  isQuestionnaireComplete,
  setAnswer,
  visibleQuestions,
} from '@vestibule/shared';
import { TemperatureFields } from './TemperatureFields.tsx';
import { TextField } from './TextField.tsx';
import { type TemperatureTexts, checkTemperatures } from './temperatureInput.ts';
import type { ChoiceStorage } from './wizard.types.ts';

// The check-out's answers (the visitor's own page and kiosk, and staff in the admin app): the
// exit questionnaires, the temperature and the comments the building asks for, whether they are
// complete, and the request they make; the temperature and comments fields. Each app lays out
// the questionnaires in its own way.

type CheckOutSettings = Omit<z.infer<typeof checkOutDataSchema>, 'visit'>;

export function useCheckOutAnswers(data: CheckOutSettings) {
  const [answers, setAnswers] = useState<Answers>({});
  const [temperature, setTemperature] = useState<TemperatureTexts>({ first: '', second: '' });
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [comments, setComments] = useState('');

  const temperatureAsked = data.checkOutTemperatureMeasuresEnabled && data.allowCheckOutManualTemperatureMeasure;
  const range = { unit: data.temperatureUnit, min: data.minTemperature, max: data.maxTemperature };
  const temperatures = checkTemperatures(temperature, range);
  const valid =
    data.exitQuestionnaires.every((questionnaire) => isQuestionnaireComplete(questionnaire.items, answers)) &&
    (!temperatureAsked || temperatures.valid) &&
    comments.length <= COMMENTS_MAX;

  /** The check-out's body: what is asked, answered questions only (as shown), trimmed. */
  const request = (): z.input<typeof checkOutRequestSchema> => ({
    tempMeasure1: temperatureAsked ? temperatures.first : null,
    tempMeasure2: temperatureAsked ? temperatures.second : null,
    comments: data.commentsEnabled && comments.trim() !== '' ? comments.trim() : null,
    questionnairesAnswers: data.exitQuestionnaires.map((questionnaire) => ({
      questionnaireId: questionnaire.id,
      answers: Object.fromEntries(
        visibleQuestions(questionnaire.items, answers).map((question) => [
          question.id,
          (answers[question.id] ?? '').trim(),
        ]),
      ),
    })),
  });

  return {
    answers,
    answer: (items: readonly WizardQuestion[], questionId: string, value: string) =>
      setAnswers((current) => setAnswer(items, current, questionId, value)),
    temperatureAsked,
    range,
    temperature,
    setTemperature,
    touched,
    touch: (key: string) => setTouched((current) => ({ ...current, [key]: true })),
    comments,
    setComments,
    valid,
    request,
  };
}

/** The check-out's temperature and comments, when the building asks for them, bound to `fields`. */
export function CheckOutMeasureFields(props: {
  fields: ReturnType<typeof useCheckOutAnswers>;
  commentsEnabled: boolean;
  commentsLabel: string;
  idPrefix: string;
  storage: ChoiceStorage | null;
}) {
  const { fields, commentsEnabled, commentsLabel, idPrefix, storage } = props;
  return (
    <>
      {fields.temperatureAsked && (
        <TemperatureFields
          idPrefix={idPrefix}
          range={fields.range}
          texts={fields.temperature}
          onChange={fields.setTemperature}
          touched={fields.touched}
          onTouch={fields.touch}
          place="EXIT"
          storage={storage}
        />
      )}
      {commentsEnabled && (
        <TextField
          id={`${idPrefix}-comments`}
          label={commentsLabel}
          multiline
          maxLength={COMMENTS_MAX}
          value={fields.comments}
          onChange={fields.setComments}
        />
      )}
    </>
  );
}
