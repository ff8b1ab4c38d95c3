import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { PERSON_LIMITS, visitorTypes } from '@vestibule/shared';
import { useTranslation } from 'react-i18next';
import { textFieldProps } from '../../form/fieldProps.ts';
import type { PersonFormParts } from './personForm.ts';

type TextKey = 'firstName' | 'lastName' | 'email' | 'phone' | 'externalId' | 'jobTitle' | 'department' | 'companyName';

/** Who the person is: names, contact, type (a contractor's company), job, and the company's own reference. */
export function PersonIdentityFields({ form, server, autoFocus }: PersonFormParts & { autoFocus: boolean }) {
  const { t } = useTranslation();
  const text = (key: TextKey, max: number) => ({
    label: t(`people.dialog.${key}`),
    autoComplete: 'off',
    ...textFieldProps(form, server, key, max),
  });
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <TextInput withAsterisk data-autofocus={autoFocus || undefined} {...text('firstName', PERSON_LIMITS.name)} />
      <TextInput withAsterisk {...text('lastName', PERSON_LIMITS.name)} />
      <TextInput type="email" {...text('email', PERSON_LIMITS.email)} />
      <TextInput type="tel" {...text('phone', PERSON_LIMITS.phone)} />
      <Select
        label={t('people.dialog.visitorType')}
        withAsterisk
        data={visitorTypes.map((type) => ({ value: type, label: t(`people.types.${type}`) }))}
        value={form.values.visitorType}
        onChange={(value) => {
          const type = visitorTypes.find((choice) => choice === value);
          if (type) form.setField('visitorType', type);
          server.clear('visitorType');
          server.clear('defaultDuration');
        }}
        error={server.message('visitorType') ?? form.error('visitorType')}
        allowDeselect={false}
      />
      {form.values.visitorType === 'CONTRACTOR' && (
        <TextInput description={t('people.dialog.companyHelp')} {...text('companyName', PERSON_LIMITS.companyName)} />
      )}
      <TextInput {...text('jobTitle', PERSON_LIMITS.jobTitle)} />
      <TextInput {...text('department', PERSON_LIMITS.department)} />
      <TextInput description={t('people.dialog.externalIdHelp')} {...text('externalId', PERSON_LIMITS.externalId)} />
    </SimpleGrid>
  );
}
