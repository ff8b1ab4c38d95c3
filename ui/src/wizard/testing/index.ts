// Test code only: the inputs and words the wizard's tests (here and in the apps) render it with.
// A separate entry (@vestibule/ui/wizard/testing), so no production entry carries a fixture.
export { formWith, healthQuestionnaire, question, wizardInput } from './wizardFixtures.ts';
export { setTestLocale, withTestTexts } from './testTexts.tsx';
