import { describe, expect, it } from 'vitest';
import { wizardAnswerFields } from '../schemas/visit.ts';
import { wizardAnswersOf } from './checkInBody.ts';

describe('wizardAnswersOf', () => {
  it("picks every answer field a check-in request declares, and nothing else of the wizard's result", () => {
    const result = {
      qrCodeKey: 'key',
      visitorType: 'VISITOR',
      id: null,
      personId: null,
      replaceOldVisit: false,
      scheduledDuration: 'PT1H',
      checkInForm: { firstName: 'Ada' },
      questionnairesAnswers: [{ questionnaireId: '0192a0b0-0000-7000-8000-000000000001', answers: {} }],
      consentAccepted: true,
      tempMeasure1: 36.6,
      tempMeasure2: null,
      comments: 'hello',
      emailMeActive: true,
      emailMeEmail: 'ada@example.com',
      hostPersonId: '0192a0b0-0000-7000-8000-000000000002',
      hostUserId: null,
    };
    const answers = wizardAnswersOf(result);
    expect(Object.keys(answers).sort()).toEqual(Object.keys(wizardAnswerFields).sort());
    expect(answers).toEqual({
      scheduledDuration: 'PT1H',
      checkInForm: { firstName: 'Ada' },
      questionnairesAnswers: result.questionnairesAnswers,
      consentAccepted: true,
      tempMeasure1: 36.6,
      tempMeasure2: null,
      comments: 'hello',
      emailMeActive: true,
      emailMeEmail: 'ada@example.com',
      hostPersonId: '0192a0b0-0000-7000-8000-000000000002',
      hostUserId: null,
    });
  });
});
