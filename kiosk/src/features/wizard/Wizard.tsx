import { Wizard as SharedWizard } from '@vestibule/ui/wizard';
import { withWizardTexts } from '../../ui/wizardTexts.tsx';

export type { WizardProps } from '@vestibule/ui/wizard';

/** The check-in wizard (shared with the admin app's staff check-in), with the kiosk's words. */
export const Wizard = withWizardTexts(SharedWizard);
