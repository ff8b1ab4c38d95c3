import { Checkbox, PasswordInput, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { PERSON_LIMITS } from '@vestibule/shared';
import { useTranslation } from 'react-i18next';
import { passwordFieldProps } from '../../form/fieldProps.ts';
import type { PersonFormParts } from './personForm.ts';

/**
 * The personal PIN of the PIN identification at the door: set, replaced or removed, never shown
 * (the server keeps only its hash); and, for an existing person, whether they are deactivated.
 */
export function PersonPinFields(props: PersonFormParts & { hasPin: boolean; editing: boolean }) {
  const { form, server, hasPin, editing } = props;
  const { t } = useTranslation();
  const removing = form.values.removePin;
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Stack gap="xs">
          <PasswordInput
            label={hasPin ? t('people.dialog.newPin') : t('people.dialog.pin')}
            description={t('people.dialog.pinHelp')}
            autoComplete="new-password"
            inputMode="numeric"
            disabled={removing}
            {...passwordFieldProps(form, server, 'pinCode', t('people.dialog.showPin'))}
            maxLength={PERSON_LIMITS.pinMax}
          />
          {hasPin && (
            <>
              <Text size="sm">{t('people.dialog.pinIsSet')}</Text>
              <Checkbox
                label={t('people.dialog.removePin')}
                checked={removing}
                onChange={(event) => {
                  const checked = event.currentTarget.checked;
                  form.setValues((current) => ({ ...current, removePin: checked, pinCode: '' }));
                  server.clear('pinCode');
                }}
              />
            </>
          )}
        </Stack>
      </SimpleGrid>
      {editing && (
        <Switch
          label={t('people.dialog.deactivated')}
          description={t('people.dialog.deactivatedHelp')}
          checked={form.values.deactivated}
          onChange={(event) => form.setField('deactivated', event.currentTarget.checked)}
        />
      )}
    </Stack>
  );
}
