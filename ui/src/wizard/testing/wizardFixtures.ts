import { type CheckInField, type CheckInFieldKey, type WizardQuestion, defaultCheckInForm } from '@vestibule/shared';
import type { WizardInput } from '../wizard.types.ts';

// Plain wizard inputs for the component tests: the wizard takes objects, so nothing of the
// server is involved.

/** A form asking only these fields (the others off). */
export function formWith(
  fields: Partial<Record<CheckInFieldKey, Partial<CheckInField>>>,
): Record<string, CheckInField> {
  const form: Record<string, CheckInField> = { ...defaultCheckInForm('VISITOR') };
  for (const key of Object.keys(form)) form[key] = { ...form[key]!, enabled: false, mandatory: false };
  Object.entries(fields).forEach(([key, overrides], order) => {
    form[key] = { ...form[key]!, ...overrides, enabled: true, order };
  });
  return form;
}

export function question(id: string, text: string, overrides: Partial<WizardQuestion> = {}): WizardQuestion {
  return {
    id,
    text,
    questionType: 'YESNO',
    alertAnswer: null,
    warningAnswer: null,
    previousQuestionId: null,
    previousQuestionAnswer: null,
    ...overrides,
  };
}

/** The demo building's health questionnaire: an alert question, a warning question and its follow-up. */
export const healthQuestionnaire = {
  id: 'q-health',
  name: 'Health check',
  items: [
    question('fever', 'Do you have a **fever** today?', { alertAnswer: 'YES' }),
    question('travel', 'Have you travelled abroad?', { questionType: 'YESNONA', warningAnswer: 'YES' }),
    question('countries', 'Which countries did you visit?', {
      questionType: 'FREEFORM',
      previousQuestionId: 'travel',
      previousQuestionAnswer: 'YES',
    }),
  ],
};

export function wizardInput(overrides: Partial<WizardInput> = {}): WizardInput {
  return {
    qrCodeKey: 'key-1',
    visitorType: 'VISITOR',
    defaultMeetingDuration: 'PT1H',
    checkInForm: {},
    questionnaires: [],
    consentClauseActive: false,
    consentClauseText: '',
    emailMeActive: false,
    checkInTemperatureMeasuresEnabled: false,
    allowCheckInManualTemperatureMeasure: false,
    checkOutTemperatureMeasuresEnabled: false,
    allowCheckOutManualTemperatureMeasure: false,
    commentsEnabled: false,
    temperatureUnit: 'CELSIUS',
    minTemperature: null,
    maxTemperature: null,
    cameras: { ENTRY: {}, EXIT: {} },
    successFormText: '',
    failureFormText: '',
    allowFreeTextHost: true,
    meetingIdentifier: null,
    id: null,
    personId: null,
    replaceOldVisit: false,
    scheduledDuration: null,
    checkInAnswers: null,
    answeredQuestionnaires: null,
    checkingBack: false,
    fromKiosk: false,
    ...overrides,
  };
}
