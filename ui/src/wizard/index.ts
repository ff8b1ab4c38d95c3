// The check-in wizard (docs/check-in.md, "The wizard"): one component for the kiosk's and
// phone's public pages and the admin app's staff check-in. Plain elements with class names: each
// app styles them (kiosk/src/styles.css; the admin app's staff wizard). Its words come from the
// app through WizardTextsContext.
export { Wizard, type WizardProps } from './Wizard.tsx';
export { HostField, type HostFieldProps, type HostSearch } from './HostField.tsx';
export { QuestionList } from './QuestionList.tsx';
export { TemperatureFields } from './TemperatureFields.tsx';
export { type TemperatureTexts, checkTemperatures } from './temperatureInput.ts';
export { TextField, type TextFieldProps } from './TextField.tsx';
export { browserChoiceStorage, cameraChoiceKey } from './cameraChoice.ts';
export { CheckOutMeasureFields, useCheckOutAnswers } from './useCheckOutAnswers.tsx';
export { buildResult, initialWizardState } from './wizardState.ts';
export type {
  CameraReader,
  ChoiceStorage,
  SignedDocumentsLookup,
  SignerQuery,
  WizardInput,
  WizardResult,
  WizardSignature,
} from './wizard.types.ts';
export { type WizardTextKey, type WizardTexts, WizardTextsContext } from './wizardTexts.tsx';
