// The rules a check-in and a check-out both apply to what a visitor submitted.
import {
  type AnsweredQuestionnaire,
  type BuildingSettings,
  type WizardQuestionnaire,
  answerOptions,
  isQuestionnaireComplete,
  secondMeasureRequired,
  temperatureRefused,
  visibleQuestions,
} from '@vestibule/shared';
import type { z } from 'zod';
import type { checkInRequestSchema } from '@vestibule/shared';
import { AppError } from '../../errors.ts';

type CheckInBody = z.output<typeof checkInRequestSchema>;

/**
 * Checks answers against the questionnaires: every visible question answered with a value
 * its type allows; answers to hidden or unknown questions are dropped. Answers are stored
 * with the question texts as they were.
 */
export function answeredQuestionnaires(
  questionnaires: readonly WizardQuestionnaire[],
  given: CheckInBody['questionnairesAnswers'],
): { stored: AnsweredQuestionnaire[]; flat: Record<string, string> } {
  const flat: Record<string, string> = {};
  for (const entry of given) Object.assign(flat, entry.answers);
  const stored: AnsweredQuestionnaire[] = [];
  for (const questionnaire of questionnaires) {
    if (!isQuestionnaireComplete(questionnaire.items, flat))
      throw new AppError('MISSING', { field: questionnaire.name });
    const items = visibleQuestions(questionnaire.items, flat).map((question) => {
      const answer = flat[question.id] ?? '';
      const options = answerOptions(question.questionType, false);
      if (options.length > 0 && !(options as string[]).includes(answer)) {
        throw new AppError('VALIDATION_FAILED', { field: question.text.slice(0, 80) });
      }
      return { questionId: question.id, question: question.text, questionType: question.questionType, answer };
    });
    stored.push({ questionnaireId: questionnaire.id, name: questionnaire.name, items });
  }
  return { stored, flat };
}

/** Stored answers as a request posts them (answers given earlier, judged again by today's questionnaires). */
export function postedAnswers(stored: readonly AnsweredQuestionnaire[]): CheckInBody['questionnairesAnswers'] {
  return stored.map((q) => ({
    questionnaireId: q.questionnaireId,
    answers: Object.fromEntries(q.items.map((item) => [item.questionId, item.answer])),
  }));
}

export function checkTemperatures(
  enabled: boolean,
  measures: { tempMeasure1: number | null; tempMeasure2: number | null },
  settings: BuildingSettings,
): boolean {
  if (!enabled) return false;
  const min = settings.minAllowedTemperature ?? Number.NEGATIVE_INFINITY;
  const max = settings.maxAllowedTemperature ?? Number.POSITIVE_INFINITY;
  if (measures.tempMeasure1 === null) throw new AppError('MISSING', { field: 'tempMeasure1' });
  if (secondMeasureRequired(measures.tempMeasure1, min, max) && measures.tempMeasure2 === null) {
    throw new AppError('MISSING', { field: 'tempMeasure2' });
  }
  return temperatureRefused(measures.tempMeasure1, measures.tempMeasure2, min, max);
}

export function textValue(form: Record<string, string | boolean>, key: string): string | null {
  const value = form[key];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** What a check-out form needs of the building's settings (the wizard's exit step and the check-out page). */
export function checkOutSettings(settings: BuildingSettings) {
  return {
    checkOutTemperatureMeasuresEnabled: settings.checkOutTemperatureMeasuresEnabled,
    allowCheckOutManualTemperatureMeasure: settings.allowCheckOutManualTemperatureMeasure,
    commentsEnabled: settings.commentsEnabled,
    temperatureUnit: settings.temperatureMeasureUnit ?? 'CELSIUS',
    minTemperature: settings.minAllowedTemperature,
    maxTemperature: settings.maxAllowedTemperature,
  };
}
