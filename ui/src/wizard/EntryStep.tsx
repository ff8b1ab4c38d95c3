import { COMMENTS_MAX } from '@vestibule/shared';
import type { Dispatch } from 'react';
import { useWizardTexts } from './wizardTexts.tsx';
import { TextField } from './TextField.tsx';
import { TemperatureFields } from './TemperatureFields.tsx';
import type { CameraReader, ChoiceStorage, WizardInput } from './wizard.types.ts';
import { type WizardAction, type WizardState, temperatureAsked, temperatureRange } from './wizardState.ts';

interface EntryStepProps {
  input: WizardInput;
  state: WizardState;
  dispatch: Dispatch<WizardAction>;
  idPrefix: string;
  camera?: CameraReader;
  storage: ChoiceStorage | null;
}

/** Arrival: the temperature (typed, or read from an entry camera) and comments. */
export function EntryStep({ input, state, dispatch, idPrefix, camera, storage }: EntryStepProps) {
  const { t } = useWizardTexts();
  return (
    <div className="entry-step">
      {temperatureAsked(input) && (
        <TemperatureFields
          idPrefix={idPrefix}
          range={temperatureRange(input)}
          texts={state.temperature}
          onChange={(texts) => dispatch({ type: 'temperature', texts })}
          touched={state.touched}
          onTouch={(key) => dispatch({ type: 'touch', key })}
          cameras={input.cameras.ENTRY}
          camera={camera}
          place="ENTRY"
          storage={storage}
        />
      )}
      {input.commentsEnabled && (
        <TextField
          id={`${idPrefix}-comments`}
          label={t('comments.label')}
          multiline
          maxLength={COMMENTS_MAX}
          value={state.comments}
          onChange={(value) => dispatch({ type: 'comments', value })}
        />
      )}
    </div>
  );
}
