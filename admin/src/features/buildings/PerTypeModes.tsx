import { Group, Input, Select } from '@mantine/core';
import { type WizardVisitorType, wizardVisitorTypes } from '@vestibule/shared';
import { useTranslation } from 'react-i18next';

interface PerTypeModesProps<Mode extends string> {
  /** The setting's name, for the controls' ids (`settings-{name}-{type}`). */
  name: string;
  label: string;
  description?: string;
  /** Each select's label, given the person type's words ("Photo at check-in: Visitors"). */
  selectLabel: (type: string) => string;
  modes: readonly Mode[];
  modeLabel: (mode: Mode) => string;
  value: (type: WizardVisitorType) => Mode;
  onChange: (type: WizardVisitorType, mode: Mode) => void;
}

/** A setting with one mode per wizard person type (the photo, the badge): a select per type, side by side. */
export function PerTypeModes<Mode extends string>(props: PerTypeModesProps<Mode>) {
  const { t } = useTranslation();
  const { name, label, modes } = props;
  return (
    <Input.Wrapper id={`settings-${name}`} label={label} description={props.description}>
      <Group gap="md" mt={4} role="group" aria-label={label}>
        {wizardVisitorTypes.map((type) => (
          <Select
            key={type}
            id={`settings-${name}-${type}`}
            label={props.selectLabel(t(`buildings.personTypes.${type}`))}
            data={modes.map((mode) => ({ value: mode, label: props.modeLabel(mode) }))}
            value={props.value(type)}
            allowDeselect={false}
            onChange={(chosen) => {
              const mode = modes.find((known) => known === chosen);
              if (mode) props.onChange(type, mode);
            }}
          />
        ))}
      </Group>
    </Input.Wrapper>
  );
}
