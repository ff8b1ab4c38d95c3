import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { profileUpdateSchema, type Profile, type ProfileUpdate } from '@vestibule/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { textFieldProps } from '../../form/fieldProps.ts';
import { useSchemaForm } from '../../form/useSchemaForm.ts';
import { api } from '../../api/apiClient.ts';
import { changeLocale, currentLocale } from '../locale/index.ts';
import { messageFromError, notifications } from '../notifications/index.ts';
import { useSessionStore } from '../session/index.ts';
import { PreferencesFields } from './PreferencesFields.tsx';
import type { FormatChoices } from './useProfileData.ts';
import { profileFields, profileInput, profileValues, type ProfileValues } from './profileForm.ts';
import { SectionCard } from '../../components/SectionCard.tsx';
import { useServerFieldErrors } from '../../form/useServerFieldErrors.ts';

const NAME_MAX = 100;
const PHONE_MAX = 40;

/**
 * Who the user is (username and e-mail as the account has them) and what they may change: names,
 * phone and preferences. A save applies at once to the whole app: the session's user takes the
 * new formats and the interface switches to the chosen language.
 */
export function ProfileDetailsSection(props: {
  profile: Profile;
  choices: FormatChoices;
  onSaved: (profile: Profile) => void;
}) {
  const { profile, choices, onSaved } = props;
  const { t } = useTranslation();
  const session = useSessionStore();
  const form = useSchemaForm<ProfileValues, ProfileUpdate>(
    profileUpdateSchema,
    profileValues(profile),
    {},
    profileInput,
  );
  const server = useServerFieldErrors(profileFields, { NOT_FOUND: 'favouriteBuildingId' });
  const [saving, setSaving] = useState(false);

  const text = (key: 'firstName' | 'lastName' | 'phone', max: number) => textFieldProps(form, server, key, max);

  const save = form.onSubmit(async (changes) => {
    setSaving(true);
    notifications.clearBanners();
    try {
      const saved = await api.call('PATCH /profile', { body: changes });
      form.reset(profileValues(saved));
      onSaved(saved);
      const { firstName, lastName, phone, userLocale, dateFormat, timeFormat, favouriteBuildingId } = saved;
      session
        .getState()
        .updateUser({ firstName, lastName, phone, userLocale, dateFormat, timeFormat, favouriteBuildingId });
      if (userLocale !== currentLocale()) await changeLocale(userLocale);
      notifications.showSuccess({ key: 'myProfile.PROFILE_SAVED_SUCCESSFULLY' });
    } catch (error) {
      if (!server.place(error)) notifications.showError(messageFromError(error));
    } finally {
      setSaving(false);
    }
  });

  return (
    <SectionCard title={t('myProfile.details.title')}>
      <form id={server.formId} onSubmit={save} noValidate>
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label={t('myProfile.details.username')} value={profile.username} readOnly variant="filled" />
            <TextInput
              label={t('myProfile.details.email')}
              value={profile.email ?? ''}
              readOnly
              variant="filled"
              // Below the address, so both read-only fields line up.
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              description={
                profile.email === null
                  ? t('myProfile.details.noEmail')
                  : t(profile.verified ? 'myProfile.details.verified' : 'myProfile.details.notVerified')
              }
            />
            <TextInput
              label={t('myProfile.details.firstName')}
              autoComplete="given-name"
              {...text('firstName', NAME_MAX)}
            />
            <TextInput
              label={t('myProfile.details.lastName')}
              autoComplete="family-name"
              {...text('lastName', NAME_MAX)}
            />
            <TextInput
              label={t('myProfile.details.phone')}
              type="tel"
              autoComplete="tel"
              {...text('phone', PHONE_MAX)}
            />
          </SimpleGrid>
          <PreferencesFields form={form} server={server} choices={choices} buildings={profile.userBuildings} />
          <Group justify="flex-end">
            <Button type="submit" loading={saving}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
