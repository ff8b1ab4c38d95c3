import { describe, expect, it } from 'vitest';
import { defaultCheckInForm, setFieldEnabled } from './checkInForm.ts';
import {
  type WizardQuestion,
  type WizardStepInput,
  answersOutcome,
  applyCameraReading,
  durationError,
  isWizardDuration,
  entryDecision,
  fieldError,
  finishesImmediately,
  initialDuration,
  isQuestionnaireComplete,
  mergeCheckBack,
  prefillAnswers,
  prefillForm,
  secondMeasureRequired,
  setAnswer,
  temperatureRefused,
  visibleQuestions,
  wizardSteps,
} from './wizard.ts';

const q = (id: string, over: Partial<WizardQuestion> = {}): WizardQuestion => ({
  id,
  text: `Question ${id}`,
  questionType: 'YESNO',
  alertAnswer: null,
  warningAnswer: null,
  previousQuestionId: null,
  previousQuestionAnswer: null,
  ...over,
});

const noSteps: WizardStepInput = {
  checkInForm: null,
  questionnaires: [],
  consentClauseActive: false,
  emailMeActive: false,
  checkInTemperatureMeasuresEnabled: false,
  allowCheckInManualTemperatureMeasure: false,
  commentsEnabled: false,
};

describe('wizard steps', () => {
  it('has only the steps the configuration asks for, in order', () => {
    expect(wizardSteps(noSteps)).toEqual([]);
    const full = wizardSteps({
      ...noSteps,
      checkInForm: defaultCheckInForm('VISITOR'),
      questionnaires: [
        { id: 'a', name: 'A', items: [] },
        { id: 'b', name: 'B', items: [] },
      ],
      consentClauseActive: true,
      checkInTemperatureMeasuresEnabled: true,
      allowCheckInManualTemperatureMeasure: true,
    });
    expect(full.map((s) => s.kind)).toEqual(['form', 'questionnaire', 'questionnaire', 'consent', 'entry']);
  });
  it('skips the form when it asks nothing, and the entry step without manual measure or comments', () => {
    let form = defaultCheckInForm('EMPLOYEE');
    for (const key of Object.keys(form) as (keyof typeof form)[]) {
      form = { ...form, [key]: { ...form[key], enabled: false } };
    }
    expect(wizardSteps({ ...noSteps, checkInForm: form, checkInTemperatureMeasuresEnabled: true })).toEqual([]);
    expect(wizardSteps({ ...noSteps, commentsEnabled: true })).toEqual([{ kind: 'entry' }]);
    expect(wizardSteps({ ...noSteps, emailMeActive: true })).toEqual([{ kind: 'consent' }]);
  });
});

describe('follow-up questions', () => {
  const items = [
    q('1'),
    q('2', { previousQuestionId: '1', previousQuestionAnswer: 'YES', questionType: 'YESNONA' }),
    q('3', { questionType: 'FREEFORM', previousQuestionId: '2', previousQuestionAnswer: 'NO' }),
  ];
  it('are shown only after the required answer', () => {
    expect(visibleQuestions(items, {}).map((x) => x.id)).toEqual(['1']);
    expect(visibleQuestions(items, { '1': 'YES' }).map((x) => x.id)).toEqual(['1', '2']);
    expect(visibleQuestions(items, { '1': 'YES', '2': 'NO' }).map((x) => x.id)).toEqual(['1', '2', '3']);
  });
  it('lose their answers, in cascade, when an earlier answer changes', () => {
    let answers = setAnswer(items, {}, '1', 'YES');
    answers = setAnswer(items, answers, '2', 'NO');
    answers = setAnswer(items, answers, '3', 'Spain');
    expect(setAnswer(items, answers, '1', 'NO')).toEqual({ '1': 'NO' });
  });
  it('make a questionnaire complete only when every visible question is answered (max 255)', () => {
    expect(isQuestionnaireComplete(items, { '1': 'NO' })).toBe(true);
    expect(isQuestionnaireComplete(items, { '1': 'YES' })).toBe(false);
    expect(isQuestionnaireComplete(items, { '1': 'YES', '2': 'NO', '3': 'x'.repeat(255) })).toBe(true);
    expect(isQuestionnaireComplete(items, { '1': 'YES', '2': 'NO', '3': 'x'.repeat(256) })).toBe(false);
  });
});

describe('answer outcome', () => {
  const questionnaires = [
    {
      id: 'q',
      name: 'Q',
      items: [q('1', { alertAnswer: 'YES' }), q('2', { questionType: 'YESNONA', warningAnswer: 'NA' })],
    },
  ];
  it('refuses on an alert answer and flags on a warning answer', () => {
    expect(answersOutcome(questionnaires, { '1': 'NO', '2': 'YES' })).toBe('ok');
    expect(answersOutcome(questionnaires, { '1': 'NO', '2': 'NA' })).toBe('warning');
    expect(answersOutcome(questionnaires, { '1': 'YES', '2': 'NA' })).toBe('alert');
  });

  it('decides entry from the answers and the deciding measure, as the server does', () => {
    const data = {
      questionnaires,
      checkInTemperatureMeasuresEnabled: true,
      allowCheckInManualTemperatureMeasure: true,
      minTemperature: 35,
      maxTemperature: 37.5,
    };
    const result = (
      answers: Record<string, string>,
      tempMeasure1: number | null,
      tempMeasure2: number | null = null,
    ) => ({
      questionnairesAnswers: [{ answers }],
      tempMeasure1,
      tempMeasure2,
    });
    expect(entryDecision(data, result({ '1': 'NO', '2': 'YES' }, 36.6))).toEqual({ refusal: null, flagged: false });
    expect(entryDecision(data, result({ '1': 'NO', '2': 'NA' }, 36.6))).toEqual({ refusal: null, flagged: true });
    expect(entryDecision(data, result({ '1': 'YES', '2': 'NO' }, 36.6))).toEqual({
      refusal: 'ALERT_ANSWER',
      flagged: false,
    });
    expect(entryDecision(data, result({ '1': 'NO' }, 38, 37.9)).refusal).toBe('TEMPERATURE');
    expect(entryDecision(data, result({ '1': 'NO' }, 38, 37)).refusal).toBeNull();
    // Without manual measures the wizard asks none, and none decides.
    expect(entryDecision({ ...data, allowCheckInManualTemperatureMeasure: false }, result({}, 39)).refusal).toBeNull();
  });
});

describe('form fields', () => {
  const form = defaultCheckInForm('VISITOR');
  it('derive required, e-mail format and maximum length from the settings', () => {
    expect(fieldError('firstName', form.firstName, '')).toBe('required');
    expect(fieldError('email', form.email, 'not-an-email')).toBe('email');
    expect(fieldError('email', form.email, '')).toBeNull();
    expect(fieldError('firstName', form.firstName, 'x'.repeat(form.firstName.size))).toBeNull();
    expect(fieldError('firstName', form.firstName, 'x'.repeat(form.firstName.size + 1))).toBe('maxLength');
  });
  it('prefill booleans from the text true, empty booleans as false, text as empty', () => {
    let custom = setFieldEnabled(form, 'custom1', true);
    custom = { ...custom, custom1: { ...custom.custom1, type: 'BOOLEAN' } };
    expect(prefillForm(custom, { custom1: 'true', firstName: 'Ana' })).toMatchObject({
      custom1: true,
      firstName: 'Ana',
      lastName: '',
    });
    expect(prefillForm(custom, null)).toMatchObject({ custom1: false, email: '' });
  });
  it('prefill answers by question text', () => {
    const questionnaires = [{ id: 'q', name: 'Q', items: [q('1', { text: 'Fever?' }), q('2', { text: 'Cough?' })] }];
    expect(prefillAnswers(questionnaires, [{ items: [{ question: 'Cough?', answer: 'NO' }] }])).toEqual({ '2': 'NO' });
  });
});

describe('duration', () => {
  it('starts at the meeting duration when a meeting exists, else the building default', () => {
    expect(initialDuration({ id: 'm', scheduledDuration: 'PT2H', defaultMeetingDuration: 'PT1H' })).toBe('PT2H');
    expect(initialDuration({ id: null, scheduledDuration: 'PT2H', defaultMeetingDuration: 'PT30M' })).toBe('PT30M');
  });
  it('takes 0 to 24 hours in steps of 5 minutes, above 0 unless EMPLOYEE', () => {
    expect(durationError(24, 0, 'VISITOR')).toBeNull();
    expect(durationError(23, 55, 'VISITOR')).toBeNull();
    expect(durationError(24, 5, 'VISITOR')).toBe('range');
    expect(durationError(25, 0, 'VISITOR')).toBe('range');
    expect(durationError(1, 7, 'VISITOR')).toBe('range');
    expect(durationError(0, 0, 'VISITOR')).toBe('required');
    expect(durationError(0, 0, 'EMPLOYEE')).toBeNull();
  });
  it('holds the same range for a duration posted as ISO 8601', () => {
    for (const good of ['PT5M', 'PT1H', 'PT1H30M', 'PT24H', 'PT0M', 'PT90M'])
      expect(isWizardDuration(good), good).toBe(true);
    for (const bad of ['PT7M', 'PT25H', 'PT24H5M', 'PT1H2M', 'P1D', 'PT', 'one hour'])
      expect(isWizardDuration(bad), bad).toBe(false);
  });
});

describe('temperature', () => {
  it('needs a second measure unless the first is in range', () => {
    expect(secondMeasureRequired(36.5, 35, 37.5)).toBe(false);
    expect(secondMeasureRequired(37.5, 35, 37.5)).toBe(false);
    expect(secondMeasureRequired(37.6, 35, 37.5)).toBe(true);
    expect(secondMeasureRequired(null, 35, 37.5)).toBe(true);
  });
  it('fills the first measure from the camera, or the second when the first is out of range', () => {
    expect(applyCameraReading(36.6, { tempMeasure1: null, tempMeasure2: null }, 35, 37.5)).toEqual({
      tempMeasure1: 36.6,
      tempMeasure2: null,
    });
    expect(applyCameraReading(36.6, { tempMeasure1: 38.2, tempMeasure2: null }, 35, 37.5)).toEqual({
      tempMeasure1: 38.2,
      tempMeasure2: 36.6,
    });
    expect(applyCameraReading(36.9, { tempMeasure1: 36.6, tempMeasure2: null }, 35, 37.5)).toEqual({
      tempMeasure1: 36.9,
      tempMeasure2: null,
    });
  });
  it('refuses entry when the second measure is also out of range', () => {
    expect(temperatureRefused(38.2, 36.6, 35, 37.5)).toBe(false);
    expect(temperatureRefused(38.2, 38.0, 35, 37.5)).toBe(true);
    expect(temperatureRefused(36.6, null, 35, 37.5)).toBe(false);
  });
});

describe('checking back', () => {
  it('finishes at once when not from a kiosk', () => {
    expect(finishesImmediately({ checkingBack: true, fromKiosk: false })).toBe(true);
    expect(finishesImmediately({ checkingBack: true, fromKiosk: true })).toBe(false);
    expect(finishesImmediately({ checkingBack: false, fromKiosk: false })).toBe(false);
  });
});

describe('checking back in (mergeCheckBack)', () => {
  const field = (type: 'TEXT' | 'BOOLEAN', order: number, enabled = true) => ({
    enabled,
    mandatory: false,
    enabledEditable: true,
    mandatoryEditable: true,
    order,
    type,
    size: 50,
  });
  const form = {
    firstName: field('TEXT', 1),
    lastName: field('TEXT', 2),
    phone: field('TEXT', 3),
    custom1: field('BOOLEAN', 4),
    companyName: field('TEXT', 5, false),
  } as unknown as Parameters<typeof mergeCheckBack>[0];
  const stored = { firstName: 'Ana', lastName: 'Lopez', phone: '+1 416', custom1: 'true', companyName: 'x' };

  it('keeps stored values for blanks and missing fields, takes what the person typed, and drops disabled fields', () => {
    expect(mergeCheckBack(form, stored, { firstName: '  ', lastName: 'López' })).toEqual({
      firstName: 'Ana',
      lastName: 'López',
      phone: '+1 416',
      custom1: true,
    });
  });

  it('takes a yes/no the person sent, even false, and a blank where nothing was stored', () => {
    expect(mergeCheckBack(form, { firstName: 'Ana' }, { lastName: 'Lopez', phone: '', custom1: false })).toEqual({
      firstName: 'Ana',
      lastName: 'Lopez',
      phone: '',
      custom1: false,
    });
  });
});
