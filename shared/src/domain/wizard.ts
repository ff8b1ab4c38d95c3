import { durationToMinutes, isIsoDuration, minutesToDuration } from './duration.ts';
import type { CheckInField, CheckInFieldKey, CheckInForm } from './checkInForm.ts';
import { checkInFieldKeys } from './checkInForm.ts';
import type { QuestionType, RuleAnswer } from '../schemas/questionnaire.ts';

// The rules of the check-in wizard (docs/check-in.md, "The wizard"), free of any
// knowledge of where its data comes from: the kiosk and the admin app both drive it.

export interface WizardQuestion {
  id: string;
  text: string;
  questionType: QuestionType;
  alertAnswer: RuleAnswer | null;
  warningAnswer: RuleAnswer | null;
  previousQuestionId: string | null;
  previousQuestionAnswer: RuleAnswer | null;
}

export interface WizardQuestionnaire {
  id: string;
  name: string;
  items: WizardQuestion[];
}

export type WizardStep =
  | { kind: 'form' }
  | { kind: 'photo' }
  | { kind: 'questionnaire'; index: number }
  | { kind: 'document'; index: number }
  | { kind: 'consent' }
  | { kind: 'entry' };

export interface WizardStepInput {
  checkInForm: Partial<CheckInForm> | null;
  questionnaires: readonly WizardQuestionnaire[];
  consentClauseActive: boolean;
  emailMeActive: boolean;
  checkInTemperatureMeasuresEnabled: boolean;
  allowCheckInManualTemperatureMeasure: boolean;
  commentsEnabled: boolean;
  /** The building's photo setting for the person type (docs/check-in.md, "The visitor's photo"); absent is OFF. */
  photo?: 'OFF' | 'OPTIONAL' | 'REQUIRED' | undefined;
  /** The documents to sign (docs/check-in.md, "Signed documents"); absent is none. */
  documents?: readonly { versionId: string }[] | undefined;
}

/** The fields a person fills in, enabled ones only, in their order. */
export function enabledFields(form: Partial<CheckInForm> | null): [CheckInFieldKey, CheckInField][] {
  if (!form) return [];
  return checkInFieldKeys
    .map((key) => [key, form[key]] as const)
    .filter((entry): entry is [CheckInFieldKey, CheckInField] => entry[1] !== undefined && entry[1].enabled)
    .sort((a, b) => a[1].order - b[1].order);
}

/**
 * Steps in order: the form (skipped when it asks nothing), the photo when the building takes
 * one, one step per questionnaire, one per document to sign (those whose current version the
 * person signed lately, `signedVersionIds`, are not asked again), consent and/or e-mail-me when
 * either is active, and the entry step when temperature is measured by hand at check-in or
 * comments are enabled.
 */
export function wizardSteps(input: WizardStepInput, signedVersionIds: readonly string[] = []): WizardStep[] {
  const steps: WizardStep[] = [];
  if (enabledFields(input.checkInForm).length > 0) steps.push({ kind: 'form' });
  if (input.photo === 'OPTIONAL' || input.photo === 'REQUIRED') steps.push({ kind: 'photo' });
  input.questionnaires.forEach((_, index) => steps.push({ kind: 'questionnaire', index }));
  (input.documents ?? []).forEach((document, index) => {
    if (!signedVersionIds.includes(document.versionId)) steps.push({ kind: 'document', index });
  });
  if (input.consentClauseActive || input.emailMeActive) steps.push({ kind: 'consent' });
  const manualTemperature = input.checkInTemperatureMeasuresEnabled && input.allowCheckInManualTemperatureMeasure;
  if (manualTemperature || input.commentsEnabled) steps.push({ kind: 'entry' });
  return steps;
}

export type Answers = Record<string, string>;

/** A follow-up is shown only when its earlier question holds the answer it depends on. */
export function isQuestionVisible(question: WizardQuestion, answers: Answers): boolean {
  if (!question.previousQuestionId) return true;
  return answers[question.previousQuestionId] === question.previousQuestionAnswer;
}

export function visibleQuestions(items: readonly WizardQuestion[], answers: Answers): WizardQuestion[] {
  return items.filter((question) => isQuestionVisible(question, answers));
}

/** Sets an answer; the answers of later questions that depended on the old one are deleted. */
export function setAnswer(
  items: readonly WizardQuestion[],
  answers: Answers,
  questionId: string,
  value: string,
): Answers {
  const next: Answers = { ...answers, [questionId]: value };
  let changed = true;
  while (changed) {
    changed = false;
    for (const question of items) {
      if (next[question.id] !== undefined && !isQuestionVisible(question, next)) {
        delete next[question.id];
        changed = true;
      }
    }
  }
  return next;
}

export const ANSWER_MAX = 255;

/** Every visible question answered (free text at most 255 characters). */
export function isQuestionnaireComplete(items: readonly WizardQuestion[], answers: Answers): boolean {
  return visibleQuestions(items, answers).every((question) => {
    const answer = answers[question.id];
    return answer !== undefined && answer.trim() !== '' && answer.length <= ANSWER_MAX;
  });
}

export type AnswerOutcome = 'alert' | 'warning' | 'ok';

/** Alert answers refuse entry; warning answers let the person in and flag the visit. */
export function answersOutcome(questionnaires: readonly WizardQuestionnaire[], answers: Answers): AnswerOutcome {
  let outcome: AnswerOutcome = 'ok';
  for (const question of questionnaires.flatMap((q) => q.items)) {
    if (!isQuestionVisible(question, answers)) continue;
    const answer = answers[question.id];
    if (answer === undefined) continue;
    if (question.questionType !== 'FREEFORM' && question.alertAnswer === answer) return 'alert';
    if (question.questionType === 'YESNONA' && question.warningAnswer === answer) outcome = 'warning';
  }
  return outcome;
}

export type FieldValue = string | boolean;

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The rule derived for a field: required if mandatory, e-mail format for `email`, max length = size for TEXT. */
export function fieldError(
  key: CheckInFieldKey,
  field: CheckInField,
  value: FieldValue | undefined,
): 'required' | 'email' | 'maxLength' | null {
  if (field.type === 'BOOLEAN') return field.mandatory && value === undefined ? 'required' : null;
  const text = typeof value === 'string' ? value.trim() : '';
  if (text === '') return field.mandatory ? 'required' : null;
  if (key === 'email' && !emailPattern.test(text)) return 'email';
  if (text.length > field.size) return 'maxLength';
  return null;
}

/** Prefill: BOOLEAN is true when the stored value is the text true, empty booleans false, others empty text. */
export function prefillForm(
  form: Partial<CheckInForm> | null,
  stored: Record<string, unknown> | null,
): Record<string, FieldValue> {
  const values: Record<string, FieldValue> = {};
  for (const [key, field] of enabledFields(form)) {
    const value = stored?.[key];
    values[key] =
      field.type === 'BOOLEAN' ? value === true || value === 'true' : typeof value === 'string' ? value : '';
  }
  return values;
}

export interface AnsweredQuestion {
  question: string;
  answer: string;
}

/** Answered questionnaires prefill the questions that have the same text. */
export function prefillAnswers(
  questionnaires: readonly WizardQuestionnaire[],
  answered: readonly { items: readonly AnsweredQuestion[] }[] | null,
): Answers {
  const byText = new Map<string, string>();
  for (const questionnaire of answered ?? [])
    for (const item of questionnaire.items) byText.set(item.question, item.answer);
  const answers: Answers = {};
  for (const question of questionnaires.flatMap((q) => q.items)) {
    const answer = byText.get(question.text);
    if (answer !== undefined) answers[question.id] = answer;
  }
  return answers;
}

/** The duration starts at the meeting's when a meeting exists, else at the building's default. */
export function initialDuration(input: {
  id: string | null;
  scheduledDuration: string | null;
  defaultMeetingDuration: string | null;
}): string {
  return (input.id ? input.scheduledDuration : null) ?? input.defaultMeetingDuration ?? 'PT1H';
}

export const DURATION_MAX_HOURS = 24;
export const minuteChoices = Array.from({ length: 12 }, (_, i) => i * 5);

export function splitDuration(duration: string): { hours: number; minutes: number } {
  const total = durationToMinutes(duration) ?? 0;
  return { hours: Math.floor(total / 60), minutes: total % 60 };
}

/**
 * Whether an ISO duration is one the wizard can give (0 to 24 hours in steps of 5 minutes): the
 * rule every check-in path holds, whoever posts it (a phone, a kiosk's queued entry, staff).
 */
export function isWizardDuration(duration: string): boolean {
  if (!isIsoDuration(duration)) return false;
  const { hours, minutes } = splitDuration(duration);
  return durationError(hours, minutes, 'EMPLOYEE') === null;
}

export function joinDuration(hours: number, minutes: number): string {
  return minutesToDuration(hours * 60 + minutes);
}

/**
 * 0 to 24 hours in steps of 5 minutes (24 h at most: 24 h 05 is out); required (total above 0)
 * unless the person is an employee.
 */
export function durationError(
  hours: number,
  minutes: number,
  visitorType: string,
  maxHours = DURATION_MAX_HOURS,
): 'range' | 'required' | null {
  if (!Number.isInteger(hours) || hours < 0 || hours > maxHours) return 'range';
  if (!minuteChoices.includes(minutes) || hours * 60 + minutes > maxHours * 60) return 'range';
  if (visitorType !== 'EMPLOYEE' && hours * 60 + minutes <= 0) return 'required';
  return null;
}

export function isInRange(value: number, min: number, max: number): boolean {
  return value >= min && value <= max;
}

/** A second measure is required unless the first reading is within the allowed range. */
export function secondMeasureRequired(first: number | null, min: number, max: number): boolean {
  return first === null || !isInRange(first, min, max);
}

/** A camera reading fills the first measure, or the second when the first is out of range. */
export function applyCameraReading(
  reading: number,
  measures: { tempMeasure1: number | null; tempMeasure2: number | null },
  min: number,
  max: number,
): { tempMeasure1: number | null; tempMeasure2: number | null } {
  if (measures.tempMeasure1 !== null && !isInRange(measures.tempMeasure1, min, max)) {
    return { ...measures, tempMeasure2: reading };
  }
  return { ...measures, tempMeasure1: reading };
}

/** Entry is refused when the deciding measure (the second when it was needed) is out of range. */
export function temperatureRefused(
  tempMeasure1: number | null,
  tempMeasure2: number | null,
  min: number,
  max: number,
): boolean {
  if (tempMeasure1 === null) return false;
  if (isInRange(tempMeasure1, min, max)) return false;
  return tempMeasure2 === null || !isInRange(tempMeasure2, min, max);
}

/** checkingBack finishes at once unless on a kiosk. */
export function finishesImmediately(input: { checkingBack: boolean; fromKiosk: boolean }): boolean {
  return input.checkingBack && !input.fromKiosk;
}

export type EntryRefusal = 'ALERT_ANSWER' | 'TEMPERATURE';

/**
 * What a finished wizard decides, from the building's check-in data: refused on an alert
 * answer or an out-of-range temperature, flagged on a warning answer. The server decides the
 * same way when the check-in reaches it; a kiosk decides with it when the network is down.
 */
export function entryDecision(
  data: {
    questionnaires: readonly WizardQuestionnaire[];
    checkInTemperatureMeasuresEnabled: boolean;
    allowCheckInManualTemperatureMeasure: boolean;
    minTemperature: number | null;
    maxTemperature: number | null;
  },
  result: {
    questionnairesAnswers: readonly { answers: Answers }[];
    tempMeasure1: number | null;
    tempMeasure2: number | null;
  },
): { refusal: EntryRefusal | null; flagged: boolean } {
  const answers: Answers = Object.assign({}, ...result.questionnairesAnswers.map((q) => q.answers));
  const outcome = answersOutcome(data.questionnaires, answers);
  const measured = data.checkInTemperatureMeasuresEnabled && data.allowCheckInManualTemperatureMeasure;
  const temperatureOut =
    measured &&
    temperatureRefused(
      result.tempMeasure1,
      result.tempMeasure2,
      data.minTemperature ?? Number.NEGATIVE_INFINITY,
      data.maxTemperature ?? Number.POSITIVE_INFINITY,
    );
  const refusal = outcome === 'alert' ? 'ALERT_ANSWER' : temperatureOut ? 'TEMPERATURE' : null;
  return { refusal, flagged: outcome === 'warning' };
}

/**
 * Checking back in (a person who was here before) never loses what is stored: a value the
 * person typed wins; a blank or missing text keeps the stored one; a yes/no the person sent
 * wins (the form showed the stored one prefilled), a missing one keeps the stored one. Only
 * the form's enabled fields are kept. The server applies it before checking the form, the
 * kiosk when it prefills.
 */
export function mergeCheckBack(
  form: Partial<CheckInForm> | null,
  stored: Record<string, unknown> | null,
  submitted: Record<string, FieldValue | undefined>,
): Record<string, FieldValue> {
  const merged: Record<string, FieldValue> = {};
  for (const [key, field] of enabledFields(form)) {
    const sent = submitted[key];
    const kept = stored?.[key];
    if (field.type === 'BOOLEAN') {
      if (typeof sent === 'boolean') merged[key] = sent;
      else if (typeof kept === 'boolean' || kept === 'true' || kept === 'false')
        merged[key] = kept === true || kept === 'true';
      continue;
    }
    if (typeof sent === 'string' && sent.trim() !== '') merged[key] = sent;
    else if (typeof kept === 'string' && kept.trim() !== '') merged[key] = kept;
    else if (typeof sent === 'string') merged[key] = sent;
  }
  return merged;
}
