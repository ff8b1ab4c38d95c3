import {
  ANSWER_MAX,
  type Answers,
  COMMENTS_MAX,
  type CheckInField,
  type CheckInFieldKey,
  DURATION_MAX_HOURS,
  type FieldValue,
  type HostOption,
  type WizardQuestion,
  type WizardStep,
  durationError,
  enabledFields,
  fieldError,
  hostName,
  initialDuration,
  isQuestionnaireComplete,
  joinDuration,
  linkOf,
  prefillAnswers,
  prefillForm,
  setAnswer,
  splitDuration,
  visibleQuestions,
  wizardSteps,
} from '@vestibule/shared';
import { type TemperatureRange, type TemperatureTexts, checkTemperatures } from './temperatureInput.ts';
import type { WizardInput, WizardResult, WizardSignature } from './wizard.types.ts';

// The wizard's state and rules, free of React: what is typed, which step shows, whether it
// may be left, and the result. The rules themselves come from @vestibule/shared.

/** A wizard that asks nothing still shows one step, so the person confirms before checking in. */
export type DisplayStep = WizardStep | { kind: 'confirm' };

export interface WizardState {
  stepIndex: number;
  form: Record<string, FieldValue>;
  /** The host chosen from the list (the form's `host` is then their name), or null. */
  host: HostOption | null;
  /** Fields left at least once: their errors show. */
  touched: Record<string, boolean>;
  hours: number;
  minutes: number;
  answers: Answers;
  consentAccepted: boolean;
  emailMeActive: boolean;
  emailMeEmail: string;
  temperature: TemperatureTexts;
  comments: string;
  /** The photo taken (base64 JPEG), or null. */
  photo: string | null;
  /** The person chose Skip (an optional photo). */
  photoSkipped: boolean;
  /** The camera was refused or is missing. */
  cameraUnavailable: boolean;
  /** The signatures given, by the version signed. */
  signatures: Record<string, WizardSignature>;
  /** The current versions the person signed lately (the lookup's answer): not asked again. */
  signedVersionIds: string[];
}

export type WizardAction =
  | { type: 'next'; stepCount: number }
  | { type: 'back' }
  | { type: 'reset'; state: WizardState }
  | { type: 'field'; key: string; value: FieldValue }
  | { type: 'host'; text: string; chosen: HostOption | null }
  | { type: 'touch'; key: string }
  | { type: 'duration'; hours: number; minutes: number }
  | { type: 'answer'; items: readonly WizardQuestion[]; questionId: string; value: string }
  | { type: 'consent'; accepted: boolean }
  | { type: 'emailMe'; active: boolean }
  | { type: 'emailMeEmail'; value: string }
  | { type: 'temperature'; texts: TemperatureTexts }
  | { type: 'comments'; value: string }
  | { type: 'photo'; photo: string | null }
  | { type: 'photoSkip' }
  | { type: 'cameraUnavailable' }
  | { type: 'sign'; versionId: string; signature: WizardSignature | null }
  | { type: 'signedVersions'; versionIds: string[] };

export function displaySteps(input: WizardInput, signedVersionIds: readonly string[] = []): DisplayStep[] {
  const steps: DisplayStep[] = wizardSteps(input, signedVersionIds);
  return steps.length > 0 ? steps : [{ kind: 'confirm' }];
}

export function temperatureAsked(input: WizardInput): boolean {
  return input.checkInTemperatureMeasuresEnabled && input.allowCheckInManualTemperatureMeasure;
}

export function temperatureRange(input: WizardInput): TemperatureRange {
  return { unit: input.temperatureUnit, min: input.minTemperature, max: input.maxTemperature };
}

/** The duration as hours and minutes the selects offer (minutes rounded to the 5-minute steps). */
function durationParts(duration: string): { hours: number; minutes: number } {
  const { hours, minutes } = splitDuration(duration);
  const total = Math.min(hours * 60 + Math.round(minutes / 5) * 5, DURATION_MAX_HOURS * 60);
  return { hours: Math.floor(total / 60), minutes: total % 60 };
}

/** Prefilled from what is known: stored form values, earlier answers, the visit's duration. */
export function initialWizardState(input: WizardInput): WizardState {
  const form = prefillForm(input.checkInForm, input.checkInAnswers);
  const host = input.host ?? null;
  return {
    stepIndex: 0,
    form: host && input.checkInForm.host?.enabled ? { ...form, host: hostName(host) } : form,
    host,
    touched: {},
    ...durationParts(initialDuration(input)),
    answers: prefillAnswers(input.questionnaires, input.answeredQuestionnaires),
    consentAccepted: false,
    emailMeActive: false,
    emailMeEmail: '',
    temperature: { first: '', second: '' },
    comments: '',
    photo: null,
    photoSkipped: false,
    cameraUnavailable: false,
    signatures: {},
    signedVersionIds: [],
  };
}

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'next':
      return { ...state, stepIndex: Math.min(state.stepIndex + 1, action.stepCount - 1) };
    case 'back':
      return { ...state, stepIndex: Math.max(state.stepIndex - 1, 0) };
    case 'reset':
      return action.state;
    case 'field':
      return { ...state, form: { ...state.form, [action.key]: action.value } };
    case 'host':
      return { ...state, form: { ...state.form, host: action.text }, host: action.chosen };
    case 'touch':
      return state.touched[action.key] ? state : { ...state, touched: { ...state.touched, [action.key]: true } };
    case 'duration':
      return { ...state, hours: action.hours, minutes: action.minutes };
    case 'answer':
      return { ...state, answers: setAnswer(action.items, state.answers, action.questionId, action.value) };
    case 'consent':
      return { ...state, consentAccepted: action.accepted };
    case 'emailMe': {
      // The copy goes to the address typed in the form unless another one is given.
      const formEmail = typeof state.form.email === 'string' ? state.form.email.trim() : '';
      const emailMeEmail = action.active && state.emailMeEmail === '' ? formEmail : state.emailMeEmail;
      return { ...state, emailMeActive: action.active, emailMeEmail };
    }
    case 'emailMeEmail':
      return { ...state, emailMeEmail: action.value };
    case 'temperature':
      return { ...state, temperature: action.texts };
    case 'comments':
      return { ...state, comments: action.value };
    case 'photo':
      return { ...state, photo: action.photo, photoSkipped: false };
    case 'photoSkip':
      return { ...state, photo: null, photoSkipped: true };
    case 'cameraUnavailable':
      return { ...state, cameraUnavailable: true };
    case 'sign': {
      const signatures = { ...state.signatures };
      if (action.signature) signatures[action.versionId] = action.signature;
      else delete signatures[action.versionId];
      return { ...state, signatures };
    }
    case 'signedVersions':
      return { ...state, signedVersionIds: action.versionIds };
  }
}

export type FieldProblem = 'required' | 'email' | 'maxLength' | 'notChosen';

export function fieldProblems(input: WizardInput, state: WizardState): Partial<Record<CheckInFieldKey, FieldProblem>> {
  const problems: Partial<Record<CheckInFieldKey, FieldProblem>> = {};
  for (const [key, field] of enabledFields(input.checkInForm)) {
    const problem = fieldError(key, field, state.form[key]) ?? (key === 'host' ? hostProblem(input, state) : null);
    if (problem) problems[key] = problem;
  }
  return problems;
}

/** The host typed but not chosen from the list, where the building asks for a host of its directory. */
function hostProblem(input: WizardInput, state: WizardState): 'notChosen' | null {
  const text = typeof state.form.host === 'string' ? state.form.host.trim() : '';
  if (text === '' || input.allowFreeTextHost || chosenHost(input, state) !== null) return null;
  // A visit's own host (an invitation) stands as it is: the server keeps its link.
  const own = input.checkInAnswers?.host;
  if (input.id !== null && typeof own === 'string' && own.trim() === text) return null;
  return 'notChosen';
}

/**
 * The chosen host while the field still shows their name; a host chosen before the wizard stands
 * when the building's form asks no host.
 */
function chosenHost(input: WizardInput, state: WizardState): HostOption | null {
  if (!input.checkInForm.host?.enabled) return state.host;
  const text = typeof state.form.host === 'string' ? state.form.host.trim() : '';
  return state.host && hostName(state.host) === text ? state.host : null;
}

export function durationProblem(input: WizardInput, state: WizardState): 'range' | 'required' | null {
  return durationError(state.hours, state.minutes, input.visitorType);
}

const emailMeField: CheckInField = {
  enabled: true,
  mandatory: true,
  enabledEditable: false,
  mandatoryEditable: false,
  order: 0,
  type: 'TEXT',
  size: ANSWER_MAX,
  custom: false,
  label: '',
};

/** The e-mail-me address: required and a valid e-mail when the copy is asked for. */
export function emailMeProblem(input: WizardInput, state: WizardState): 'required' | 'invalid' | null {
  if (!input.emailMeActive || !state.emailMeActive) return null;
  const problem = fieldError('email', emailMeField, state.emailMeEmail);
  return problem === null ? null : problem === 'required' ? 'required' : 'invalid';
}

/** Why the current step cannot be left: invalid answers, or the consent not accepted yet. */
export function stepProblem(input: WizardInput, state: WizardState, step: DisplayStep): 'invalid' | 'consent' | null {
  switch (step.kind) {
    case 'form':
      return Object.keys(fieldProblems(input, state)).length > 0 || durationProblem(input, state) ? 'invalid' : null;
    case 'questionnaire': {
      const questionnaire = input.questionnaires[step.index];
      return questionnaire && !isQuestionnaireComplete(questionnaire.items, state.answers) ? 'invalid' : null;
    }
    case 'consent':
      if (emailMeProblem(input, state)) return 'invalid';
      return input.consentClauseActive && !state.consentAccepted ? 'consent' : null;
    case 'entry':
      if (temperatureAsked(input) && !checkTemperatures(state.temperature, temperatureRange(input)).valid) {
        return 'invalid';
      }
      return state.comments.length > COMMENTS_MAX ? 'invalid' : null;
    case 'photo':
      return photoProblem(input, state);
    case 'document': {
      const document = input.documents?.[step.index];
      return document && !state.signatures[document.versionId] ? 'invalid' : null;
    }
    case 'confirm':
      return null;
  }
}

/**
 * The photo step is left with a photo, or without one when it is optional and skipped, or when
 * the camera cannot be used and either the photo is optional or the device is a kiosk (whose
 * entry the server never refuses for it: docs/check-in.md, "The visitor's photo"). A phone
 * that needs a photo and has no camera cannot go on: the person asks at the reception.
 */
export function photoProblem(input: WizardInput, state: WizardState): 'invalid' | null {
  if (state.photo !== null) return null;
  if (input.photo === 'OPTIONAL' && state.photoSkipped) return null;
  if (state.cameraUnavailable && (input.photo === 'OPTIONAL' || input.fromKiosk)) return null;
  return 'invalid';
}

/** The signatures of the documents asked (those signed lately are not), in the documents' order. */
function signaturesOf(input: WizardInput, state: WizardState): WizardSignature[] {
  return (input.documents ?? [])
    .filter((document) => !state.signedVersionIds.includes(document.versionId))
    .flatMap((document) => {
      const signature = state.signatures[document.versionId];
      return signature ? [signature] : [];
    });
}

/**
 * The wizard's result. `reuseEarlierAnswers` (checking back off a kiosk) sends no answers, so
 * the server keeps the ones given at the first check-in while they are still valid.
 */
export function buildResult(
  input: WizardInput,
  state: WizardState,
  options: { reuseEarlierAnswers?: boolean } = {},
): WizardResult {
  const checkInForm: Record<string, string | boolean> = {};
  for (const [key, field] of enabledFields(input.checkInForm)) {
    const value = state.form[key];
    checkInForm[key] = field.type === 'BOOLEAN' ? value === true : typeof value === 'string' ? value.trim() : '';
  }
  const questionnairesAnswers = options.reuseEarlierAnswers
    ? []
    : input.questionnaires.map((questionnaire) => ({
        questionnaireId: questionnaire.id,
        answers: Object.fromEntries(
          visibleQuestions(questionnaire.items, state.answers).map((question) => [
            question.id,
            (state.answers[question.id] ?? '').trim(),
          ]),
        ),
      }));
  const temperatures = temperatureAsked(input) ? checkTemperatures(state.temperature, temperatureRange(input)) : null;
  const emailMe = input.emailMeActive && state.emailMeActive;
  const comments = state.comments.trim();
  return {
    qrCodeKey: input.qrCodeKey,
    visitorType: input.visitorType,
    id: input.id,
    personId: input.personId,
    replaceOldVisit: input.replaceOldVisit,
    // An employee is not asked: their own default duration applies (the server's, from their record).
    scheduledDuration: input.visitorType === 'EMPLOYEE' ? null : joinDuration(state.hours, state.minutes),
    checkInForm,
    questionnairesAnswers,
    consentAccepted: input.consentClauseActive && state.consentAccepted,
    tempMeasure1: temperatures?.first ?? null,
    tempMeasure2: temperatures?.second ?? null,
    comments: input.commentsEnabled && comments !== '' ? comments : null,
    emailMeActive: emailMe,
    emailMeEmail: emailMe ? state.emailMeEmail.trim() : null,
    ...linkOf(chosenHost(input, state)),
    photo: input.photo === 'OPTIONAL' || input.photo === 'REQUIRED' ? state.photo : null,
    signatures: signaturesOf(input, state),
  };
}
