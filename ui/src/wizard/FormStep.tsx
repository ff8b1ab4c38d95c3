import type { Dispatch } from 'react';
import { type CheckInField, type CheckInFieldKey, enabledFields } from '@vestibule/shared';
import { useWizardTexts } from './wizardTexts.tsx';
import { type HostSearch, HostField } from './HostField.tsx';
import { TextField } from './TextField.tsx';
import { DurationField } from './DurationField.tsx';
import type { WizardInput } from './wizard.types.ts';
import { type WizardAction, type WizardState, durationProblem, fieldProblems } from './wizardState.ts';

interface FormStepProps {
  input: WizardInput;
  state: WizardState;
  dispatch: Dispatch<WizardAction>;
  idPrefix: string;
  /** Finds the building's hosts: the host field is then a search of them (else a text field). */
  hostSearch?: HostSearch | undefined;
}

type InputKind = Pick<Parameters<typeof TextField>[0], 'type' | 'inputMode' | 'autoComplete'>;

/** How each standard field is typed (keyboards on phones, autofill on the visitor's own device). */
const inputKinds: Partial<Record<CheckInFieldKey, InputKind>> = {
  firstName: { autoComplete: 'given-name' },
  lastName: { autoComplete: 'family-name' },
  fullName: { autoComplete: 'name' },
  email: { type: 'email', inputMode: 'email', autoComplete: 'email' },
  phone: { type: 'tel', inputMode: 'tel', autoComplete: 'tel' },
  companyName: { autoComplete: 'organization' },
  contractorCompanyName: { autoComplete: 'organization' },
};

/** The check-in form: the building's enabled fields in their order, then the expected duration (not an employee's). */
export function FormStep({ input, state, dispatch, idPrefix, hostSearch }: FormStepProps) {
  const { t } = useWizardTexts();
  const problems = fieldProblems(input, state);
  const labelOf = (key: CheckInFieldKey, field: CheckInField) => field.label.trim() || t(`fields.${key}`);
  return (
    <div className="form-step">
      {enabledFields(input.checkInForm).map(([key, field]) => {
        const id = `${idPrefix}-field-${key}`;
        if (field.type === 'BOOLEAN') {
          return (
            <div className="field" key={key}>
              <label htmlFor={id} className="field-label">
                {labelOf(key, field)}
              </label>
              <select
                id={id}
                value={state.form[key] === true ? 'true' : 'false'}
                onChange={(event) => dispatch({ type: 'field', key, value: event.target.value === 'true' })}
              >
                <option value="true">{t('boolean.yes')}</option>
                <option value="false">{t('boolean.no')}</option>
              </select>
            </div>
          );
        }
        const value = state.form[key];
        const problem = state.touched[key] ? problems[key] : undefined;
        if (key === 'host' && hostSearch) {
          return (
            <HostField
              key={key}
              id={id}
              label={labelOf(key, field)}
              value={typeof value === 'string' ? value : ''}
              chosen={state.host}
              onChange={(text, chosen) => dispatch({ type: 'host', text, chosen })}
              onBlur={() => dispatch({ type: 'touch', key })}
              search={hostSearch}
              freeText={input.allowFreeTextHost}
              required={field.mandatory}
              maxLength={field.size}
              error={problem ? t(`fieldErrors.${problem}`, { max: field.size }) : null}
            />
          );
        }
        const kind = input.fromKiosk ? { ...inputKinds[key], autoComplete: 'off' as const } : inputKinds[key];
        return (
          <TextField
            key={key}
            id={id}
            label={labelOf(key, field)}
            value={typeof value === 'string' ? value : ''}
            required={field.mandatory}
            maxLength={field.size}
            {...kind}
            error={problem ? t(`fieldErrors.${problem}`, { max: field.size }) : null}
            onChange={(text) =>
              dispatch({ type: 'field', key, value: key === 'phone' ? text.replace(/[^\d+]/g, '') : text })
            }
            onBlur={() => dispatch({ type: 'touch', key })}
          />
        );
      })}
      {/* An employee is not asked how long they stay: their default duration applies. */}
      {input.visitorType !== 'EMPLOYEE' && (
        <DurationField
          idPrefix={idPrefix}
          hours={state.hours}
          minutes={state.minutes}
          required
          problem={durationProblem(input, state)}
          onChange={(hours, minutes) => dispatch({ type: 'duration', hours, minutes })}
        />
      )}
    </div>
  );
}
