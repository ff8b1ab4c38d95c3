// The wizard feature's public entry: what the rest of the app may use of it (lint refuses
// deep imports from outside the feature).
export { QuestionList } from './QuestionList.tsx';
export { TemperatureFields } from './TemperatureFields.tsx';
export { browserChoiceStorage } from './cameraChoice.ts';
export { checkTemperatures } from './temperatureInput.ts';
export type { TemperatureTexts } from './temperatureInput.ts';
export type { CameraReader, ChoiceStorage, WizardInput, WizardResult } from './wizard.types.ts';
export { wizardInput } from './wizardFixtures.ts';
