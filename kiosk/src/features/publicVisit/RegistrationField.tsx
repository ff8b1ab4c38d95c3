import type { CheckInField, CheckInFieldKey } from '@vestibule/shared';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../ui/TextField.tsx';

type Kind = Pick<ComponentProps<typeof TextField>, 'type' | 'inputMode' | 'autoComplete'>;

/** Keyboards on phones and autofill: the visitor registers from their own device. */
const inputKinds: Partial<Record<CheckInFieldKey, Kind>> = {
  firstName: { autoComplete: 'given-name' },
  lastName: { autoComplete: 'family-name' },
  fullName: { autoComplete: 'name' },
  email: { type: 'email', inputMode: 'email', autoComplete: 'email' },
  phone: { type: 'tel', inputMode: 'tel', autoComplete: 'tel' },
  companyName: { autoComplete: 'organization' },
  contractorCompanyName: { autoComplete: 'organization' },
};

interface RegistrationFieldProps {
  id: string;
  fieldKey: CheckInFieldKey;
  field: CheckInField;
  value: string | boolean | undefined;
  /** The shared rule's finding, shown once the field was left or the form sent. */
  problem: 'required' | 'email' | 'maxLength' | null | undefined;
  onChange: (value: string | boolean) => void;
  onBlur: () => void;
}

/** One field of the building's check-in form, labelled as the wizard labels it. */
export function RegistrationField({ id, fieldKey, field, value, problem, onChange, onBlur }: RegistrationFieldProps) {
  const { t } = useTranslation('publicVisit');
  const { t: tw } = useTranslation('wizard');
  const label = field.label.trim() || tw(`fields.${fieldKey}`);
  if (field.type === 'BOOLEAN') {
    return (
      <div className="field">
        <label htmlFor={id} className="field-label">
          {label}
        </label>
        <select
          id={id}
          value={value === true ? 'true' : 'false'}
          onChange={(event) => onChange(event.target.value === 'true')}
        >
          <option value="true">{tw('boolean.yes')}</option>
          <option value="false">{tw('boolean.no')}</option>
        </select>
      </div>
    );
  }
  return (
    <TextField
      id={id}
      label={label}
      value={typeof value === 'string' ? value : ''}
      required={field.mandatory}
      maxLength={field.size}
      hint={fieldKey === 'email' ? t('registration.emailHint') : null}
      {...inputKinds[fieldKey]}
      error={problem ? tw(`fieldErrors.${problem}`, { max: field.size }) : null}
      onChange={(text) => onChange(fieldKey === 'phone' ? text.replace(/[^\d+]/g, '') : text)}
      onBlur={onBlur}
    />
  );
}
