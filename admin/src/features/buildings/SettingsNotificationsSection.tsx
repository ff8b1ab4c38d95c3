import { SimpleGrid, TextInput } from '@mantine/core';
import {
  HOST_WAIT_TEXT_MAX,
  meetingEndReminderOptions,
  meetingStartReminderOptions,
  overdueAlertOptions,
} from '@vestibule/shared';
import { useTranslation } from 'react-i18next';
import { PhoneInput } from './PhoneInput.tsx';
import { type SettingsFields, type SettingsForm, SettingsSection } from './settingsFields.tsx';

/**
 * Settings tab: who sends the building's messages, who hears of the watchlist's refusals and holds
 * (docs/watchlist.md, "Alerts"), and when meeting alerts go out.
 */
export function SettingsNotificationsSection({
  form,
  fields,
  countryCode,
}: {
  form: SettingsForm;
  fields: SettingsFields;
  countryCode: string | null | undefined;
}) {
  const { t } = useTranslation();
  const { values, setField } = form;
  const { toggle, choice, durations } = fields;
  return (
    <SettingsSection legend={t('buildings.settings.sections.notifications')}>
      <TextInput
        id="settings-senderEmail"
        label={t('buildings.settings.senderEmail')}
        description={t('buildings.settings.senderEmailHelp')}
        maxLength={200}
        value={values.senderEmail}
        onChange={(event) => setField('senderEmail', event.currentTarget.value)}
        onBlur={() => form.touch('senderEmail')}
        error={form.error('senderEmail')}
      />
      <TextInput
        id="settings-securityContacts"
        label={t('buildings.settings.securityContacts')}
        description={t('buildings.settings.securityContactsHelp')}
        maxLength={500}
        value={values.securityContacts ?? ''}
        onChange={(event) => setField('securityContacts', event.currentTarget.value)}
        onBlur={() => form.touch('securityContacts')}
        error={form.error('securityContacts')}
      />
      <PhoneInput
        id="settings-senderPhone"
        label={t('buildings.settings.senderPhone')}
        description={t('buildings.settings.senderPhoneHelp')}
        value={values.senderPhone}
        onChange={(value) => setField('senderPhone', value)}
        onBlur={() => form.touch('senderPhone')}
        error={form.error('senderPhone')}
        defaultCountry={countryCode}
        maxLength={25}
      />
      <TextInput
        id="settings-hostNoticeWaitText"
        label={t('buildings.settings.hostNoticeWaitText')}
        description={t('buildings.settings.hostNoticeWaitTextHelp')}
        maxLength={HOST_WAIT_TEXT_MAX}
        value={values.hostNoticeWaitText}
        onChange={(event) => setField('hostNoticeWaitText', event.currentTarget.value)}
        onBlur={() => form.touch('hostNoticeWaitText')}
        error={form.error('hostNoticeWaitText')}
      />
      {toggle('meetingAlertEnabled', t('buildings.settings.meetingAlertEnabled'))}
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        {choice(
          'meetingStartReminderTime',
          t('buildings.settings.meetingStartReminderTime'),
          durations(meetingStartReminderOptions, values.meetingStartReminderTime),
        )}
        {choice(
          'meetingEndReminderTime',
          t('buildings.settings.meetingEndReminderTime'),
          durations(meetingEndReminderOptions, values.meetingEndReminderTime),
        )}
        {choice(
          'overdueAlertTime',
          t('buildings.settings.overdueAlertTime'),
          durations(overdueAlertOptions, values.overdueAlertTime),
        )}
      </SimpleGrid>
    </SettingsSection>
  );
}
