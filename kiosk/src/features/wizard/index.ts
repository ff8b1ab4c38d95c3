// The wizard feature's public entry: what the rest of the app may use of it (lint refuses
// deep imports from outside the feature). The wizard itself is shared with the admin app's staff
// check-in (@vestibule/ui/wizard); the kiosk gives it its words and styles. Its tests and their
// inputs live beside it in the ui package (@vestibule/ui/wizard/testing).
import {
  CheckOutMeasureFields as SharedCheckOutMeasureFields,
  QuestionList as SharedQuestionList,
} from '@vestibule/ui/wizard';
import { withWizardTexts } from '../../ui/wizardTexts.tsx';

export const QuestionList = withWizardTexts(SharedQuestionList);
export const CheckOutMeasureFields = withWizardTexts(SharedCheckOutMeasureFields);
export { browserChoiceStorage, useCheckOutAnswers } from '@vestibule/ui/wizard';
export type { CameraReader, ChoiceStorage, SignerQuery, WizardInput, WizardResult } from '@vestibule/ui/wizard';
