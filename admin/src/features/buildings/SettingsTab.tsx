import { SimpleGrid, Stack } from '@mantine/core';
import {
  buildingSettingsSchema,
  dateFormats,
  defaultMeetingDurationOptions,
  deriveAutoCheckoutMode,
  pinIdentificationMethods,
  timeFormats,
  type Building,
  type BuildingSettings,
} from '@vestibule/shared';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/apiClient.ts';
import { useBuildingDialog, useUnsavedFlag } from './buildingDialogContext.ts';
import { useSchemaForm } from '../../form/useSchemaForm.ts';
import { hasStoredLogo } from './LogoSection.tsx';
import { dateFormatExample, timeFormatExample } from './optionLabels.ts';
import { SettingsBadgeSection } from './SettingsBadgeSection.tsx';
import { SettingsBookingSection } from './SettingsBookingSection.tsx';
import { SettingsCheckInSection } from './SettingsCheckInSection.tsx';
import { SettingsKioskSection } from './SettingsKioskSection.tsx';
import { SettingsSection, useSettingsFields } from './settingsFields.tsx';
import { SettingsNotificationsSection } from './SettingsNotificationsSection.tsx';
import { SettingsTemperatureSection } from './SettingsTemperatureSection.tsx';
import { TabActions } from './TabActions.tsx';
import { useDictionary } from './useDictionary.ts';

const settingsKeys = Object.keys(buildingSettingsSchema.shape) as (keyof BuildingSettings)[];

/** The settings part of a building, with the auto check-out mode derived as on load. */
export function settingsOf(building: Building): BuildingSettings {
  const settings = Object.fromEntries(settingsKeys.map((key) => [key, building[key]])) as BuildingSettings;
  return { ...settings, autoCheckoutMode: deriveAutoCheckoutMode(settings) };
}

/** Tab 1: general, check-in, temperature, notification and other settings. */
export function SettingsTab({ building }: { building: Building }) {
  const { t } = useTranslation();
  const { acceptBuilding, notices, busy, cancel } = useBuildingDialog();
  const form = useSchemaForm<BuildingSettings, BuildingSettings>(buildingSettingsSchema, settingsOf(building), {
    maxAllowedTemperature: (issue) => (issue.code === 'custom' ? t('buildings.validation.minAboveMax') : undefined),
    senderEmail: (issue) => (issue.code === 'custom' ? t('buildings.validation.emailList') : undefined),
    securityContacts: (issue) => (issue.code === 'custom' ? t('buildings.validation.emailList') : undefined),
  });
  const timeZones = useDictionary('timeZones', notices.showError);
  const locales = useDictionary('defaultLocales', notices.showError);
  useUnsavedFlag('settings', form.dirty);
  const fields = useSettingsFields(form);
  const { toggle, choice, durations } = fields;
  const logoStored = hasStoredLogo(building);

  const save = form.onSubmit(async (settings) => {
    try {
      const saved = await api.call('PATCH /building/:id/settings', { params: { id: building.id }, body: settings });
      form.reset(settingsOf(saved));
      acceptBuilding(saved);
      notices.showSuccess({ key: 'common.SAVED_SUCCESSFULLY' });
    } catch (error) {
      notices.showError(error);
    }
  });

  return (
    <form onSubmit={save} noValidate aria-label={t('buildings.tabs.settings')}>
      <Stack gap="lg">
        <SettingsSection legend={t('buildings.settings.sections.general')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {choice('defaultLocale', t('buildings.settings.defaultLocale'), locales)}
            {choice('timeZoneId', t('buildings.settings.timeZone'), timeZones, { searchable: true, clearable: true })}
            {choice(
              'dateFormat',
              t('buildings.settings.dateFormat'),
              dateFormats.map((value) => ({ value, label: dateFormatExample(value) })),
            )}
            {choice(
              'timeFormat',
              t('buildings.settings.timeFormat'),
              timeFormats.map((value) => ({
                value,
                label: timeFormatExample(value, t('buildings.settings.afternoon')),
              })),
            )}
            {choice(
              'defaultMeetingDuration',
              t('buildings.settings.defaultMeetingDuration'),
              durations(defaultMeetingDurationOptions, form.values.defaultMeetingDuration),
            )}
            {choice(
              'pinIdentificationMethodType',
              t('buildings.settings.pinIdentificationMethod'),
              pinIdentificationMethods.map((value) => ({
                value,
                label: t(`buildings.settings.pinIdentificationMethods.${value}`),
              })),
            )}
          </SimpleGrid>
        </SettingsSection>
        <SettingsCheckInSection form={form} fields={fields} />
        <SettingsKioskSection form={form} />
        <SettingsBadgeSection form={form} building={building} />
        <SettingsTemperatureSection form={form} fields={fields} />
        <SettingsNotificationsSection form={form} fields={fields} countryCode={building.countryCode} />
        <SettingsBookingSection form={form} />
        <SettingsSection legend={t('buildings.settings.sections.other')}>
          {toggle('appendQrCode', t('buildings.settings.appendQrCode'), t('buildings.settings.appendQrCodeHelp'))}
          {toggle(
            'appendLogo',
            t('buildings.settings.appendLogo'),
            logoStored ? undefined : t('buildings.settings.appendLogoNeedsLogo'),
            !logoStored,
          )}
        </SettingsSection>
        <TabActions onCancel={cancel} saveDisabled={busy} />
      </Stack>
    </form>
  );
}
