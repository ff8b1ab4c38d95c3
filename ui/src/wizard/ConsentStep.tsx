import { ANSWER_MAX } from '@vestibule/shared';
import type { Dispatch } from 'react';
import { useWizardTexts } from './wizardTexts.tsx';
import { TextField } from './TextField.tsx';
import type { WizardInput } from './wizard.types.ts';
import { type WizardAction, type WizardState, emailMeProblem } from './wizardState.ts';

interface ConsentStepProps {
  input: WizardInput;
  state: WizardState;
  dispatch: Dispatch<WizardAction>;
  idPrefix: string;
}

/** The building's consent clause (to accept) and the offer of a copy by e-mail. */
export function ConsentStep({ input, state, dispatch, idPrefix }: ConsentStepProps) {
  const { t } = useWizardTexts();
  const emailProblem = state.touched.emailMeEmail ? emailMeProblem(input, state) : null;
  return (
    <div className="consent-step">
      {input.consentClauseActive && (
        <div className="consent">
          <div id={`${idPrefix}-consent-text`} className="consent-text">
            {input.consentClauseText}
          </div>
          <label className="check">
            <input
              type="checkbox"
              checked={state.consentAccepted}
              aria-describedby={`${idPrefix}-consent-text`}
              onChange={(event) => dispatch({ type: 'consent', accepted: event.target.checked })}
            />
            <span>{t('consent.accept')}</span>
          </label>
        </div>
      )}
      {input.emailMeActive && (
        <div className="email-me">
          <label className="check">
            <input
              type="checkbox"
              checked={state.emailMeActive}
              onChange={(event) => dispatch({ type: 'emailMe', active: event.target.checked })}
            />
            <span>{t('emailMe.toggle')}</span>
          </label>
          {state.emailMeActive && (
            <TextField
              id={`${idPrefix}-email-me`}
              label={t('emailMe.address')}
              type="email"
              inputMode="email"
              autoComplete={input.fromKiosk ? 'off' : 'email'}
              required
              maxLength={ANSWER_MAX}
              value={state.emailMeEmail}
              error={emailProblem ? t(`emailMe.${emailProblem}`) : null}
              onChange={(value) => dispatch({ type: 'emailMeEmail', value })}
              onBlur={() => dispatch({ type: 'touch', key: 'emailMeEmail' })}
            />
          )}
        </div>
      )}
    </div>
  );
}
