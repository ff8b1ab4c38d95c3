import { Group, Radio, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { PERSON_LIMITS } from '@vestibule/shared';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { textFieldProps } from '../../../form/fieldProps.ts';
import type { SchemaForm } from '../../../form/useSchemaForm.ts';
import type { ServerFieldErrors } from '../../../form/useServerFieldErrors.ts';
import { entryLogApi } from '../entryLogApi.ts';
import type { InviteField, InviteValues } from './inviteForm.ts';
import { type RemoteOption, RemoteSelect } from './RemoteSelect.tsx';

/**
 * Who is invited: a person of the building's directory of the chosen type (for the roles that
 * read the directory), or someone new, typed in.
 */
export function InviteVisitorFields(props: {
  form: SchemaForm<InviteValues, unknown>;
  server: ServerFieldErrors<InviteField>;
  readsDirectory: boolean;
}) {
  const { form, server, readsDirectory } = props;
  const { t } = useTranslation();
  const { values } = form;
  const fromDirectory = readsDirectory && values.source === 'directory';

  const findPeople = useCallback(
    async (text: string, signal: AbortSignal): Promise<RemoteOption[]> =>
      values.buildingId === ''
        ? []
        : (await entryLogApi.people(values.buildingId, text, values.visitorType, signal)).map((person) => ({
            value: person.id,
            label: [`${person.firstName} ${person.lastName}`, person.email].filter(Boolean).join(' · '),
          })),
    [values.buildingId, values.visitorType],
  );

  return (
    <Stack gap="sm">
      {readsDirectory && (
        <Radio.Group
          label={t('entryLog.invite.visitorSource')}
          value={values.source}
          onChange={(value) => form.setField('source', value === 'directory' ? 'directory' : 'new')}
        >
          <Group gap="lg" mt={4}>
            <Radio value="new" label={t('entryLog.invite.newVisitor')} />
            <Radio value="directory" label={t('entryLog.invite.fromDirectory')} />
          </Group>
        </Radio.Group>
      )}
      {fromDirectory ? (
        <RemoteSelect
          key={`${values.buildingId}-${values.visitorType}`}
          id="invite-person"
          label={t('entryLog.invite.person')}
          description={t('entryLog.invite.personHelp')}
          nothingFound={t('entryLog.invite.personNone')}
          value={values.personId}
          onChange={(option) => {
            form.setField('personId', option?.value ?? '');
            server.clear('personId');
          }}
          onBlur={() => form.touch('personId')}
          error={server.message('personId') ?? form.error('personId')}
          find={findPeople}
          required
        />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            id="invite-first-name"
            label={t('entryLog.invite.firstName')}
            required
            {...textFieldProps(form, server, 'firstName', PERSON_LIMITS.name)}
          />
          <TextInput
            id="invite-last-name"
            label={t('entryLog.invite.lastName')}
            required
            {...textFieldProps(form, server, 'lastName', PERSON_LIMITS.name)}
          />
          <TextInput
            id="invite-email"
            type="email"
            label={t('entryLog.invite.email')}
            description={t('entryLog.invite.emailHelp')}
            // Its help line takes the whole row: beside the phone, the two fields stood at different heights.
            style={{ gridColumn: '1 / -1' }}
            {...textFieldProps(form, server, 'email', PERSON_LIMITS.email)}
          />
          <TextInput
            id="invite-phone"
            type="tel"
            label={t('entryLog.invite.phone')}
            {...textFieldProps(form, server, 'phone', PERSON_LIMITS.phone)}
          />
          <TextInput
            id="invite-company"
            label={t('entryLog.invite.companyName')}
            {...textFieldProps(form, server, 'companyName', PERSON_LIMITS.companyName)}
          />
        </SimpleGrid>
      )}
    </Stack>
  );
}
