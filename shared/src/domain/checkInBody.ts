// The wizard's result as a check-in request carries it. The wizard (the kiosk's, the phone's and
// the admin's staff wizard) ends with more than its answers (the building's key, the visit and the
// person it started from); every check-in call takes the same answer fields
// (`wizardAnswerFields`, schemas/visit.ts), which this picks, so the staff wizard's dialogs and the
// server's staff channel build their bodies from one mapping. Pure and free of zod: the apps'
// pages load no schema for it.
import type { WizardAnswers } from '../schemas/visit.ts';

/** The wizard's answers, and only them, out of its result. */
export function wizardAnswersOf(result: WizardAnswers): WizardAnswers {
  return {
    scheduledDuration: result.scheduledDuration,
    checkInForm: result.checkInForm,
    questionnairesAnswers: result.questionnairesAnswers,
    consentAccepted: result.consentAccepted,
    tempMeasure1: result.tempMeasure1,
    tempMeasure2: result.tempMeasure2,
    comments: result.comments,
    emailMeActive: result.emailMeActive,
    emailMeEmail: result.emailMeEmail,
    hostPersonId: result.hostPersonId,
    hostUserId: result.hostUserId,
  };
}
