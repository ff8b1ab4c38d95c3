// The wizard feature's public entry: what the rest of the app may use of it (lint refuses
// deep imports from outside the feature). The wizard itself is shared with the admin app's staff
// check-in (@vestibule/shared/wizard); the kiosk gives it its words and styles.
import {
  CheckOutMeasureFields as SharedCheckOutMeasureFields,
  QuestionList as SharedQuestionList,
} from '@vestibule/shared/wizard';
import { withWizardTexts } from '../../ui/wizardTexts.tsx';

export const QuestionList = withWizardTexts(SharedQuestionList);
export const CheckOutMeasureFields = withWizardTexts(SharedCheckOutMeasureFields);
export { browserChoiceStorage, useCheckOutAnswers } from '@vestibule/shared/wizard';
export type { CameraReader, ChoiceStorage, WizardInput, WizardResult } from '@vestibule/shared/wizard';
export { wizardInput } from './wizardFixtures.ts';
