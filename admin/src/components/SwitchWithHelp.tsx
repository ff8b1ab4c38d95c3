import { Stack, Switch, Text } from '@mantine/core';
import type { ChangeEvent } from 'react';

interface SwitchWithHelpProps {
  id: string;
  label: string;
  help?: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}

/**
 * A switch whose help text describes it without joining its name: Mantine draws a switch's
 * description inside its label, which would make the accessible name the whole paragraph.
 */
export function SwitchWithHelp({ id, label, help, checked, disabled, onChange }: SwitchWithHelpProps) {
  const helpId = `${id}-help`;
  return (
    <Stack gap={2}>
      <Switch
        id={id}
        label={label}
        checked={checked}
        disabled={disabled}
        onChange={onChange}
        aria-describedby={help ? helpId : undefined}
      />
      {help && (
        <Text id={helpId} size="xs" c="dimmed" pl={46}>
          {help}
        </Text>
      )}
    </Stack>
  );
}
