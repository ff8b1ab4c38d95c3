import { TextField as SharedTextField } from '@vestibule/ui/wizard';
import { withWizardTexts } from './wizardTexts.tsx';

/** A labelled text input with its counter, hint and error (the wizard's, shared with the admin app). */
export const TextField = withWizardTexts(SharedTextField);
