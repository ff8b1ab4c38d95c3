import { Fieldset, Group, NumberInput, Radio, Select, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import {
  TEXT_MAX,
  autoCheckOutTimeoutOptions,
  buildingSettingsSchema,
  convertTemperature,
  dateFormats,
  defaultMeetingDurationOptions,
  deriveAutoCheckoutMode,
  meetingEndReminderOptions,
  meetingStartReminderOptions,
  overdueAlertOptions,
  pinIdentificationMethods,
  questionnairesValidityOptions,
  switchAutoCheckoutMode,
  temperatureSymbol,
  temperatureUnits,
  timeFormats,
  type AutoCheckoutMode,
  type Building,
  type BuildingSettings,
  type TemperatureUnit,
} from '@vestibule/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBuildingDialog, useUnsavedFlag } from './buildingDialogContext.ts';
import { useSchemaForm } from './form/useSchemaForm.ts';
import { hasStoredLogo } from './LogoSection.tsx';
import { dateFormatExample, durationLabel, timeFormatExample } from './optionLabels.ts';
import { PhoneInput } from './PhoneInput.tsx';
import { SwitchWithHelp } from './SwitchWithHelp.tsx';
import { TabActions } from './TabActions.tsx';
import { useDictionary } from './useDictionary.ts';

const settingsKeys = Object.keys(buildingSettingsSchema.shape) as (keyof BuildingSettings)[];

/** The settings part of a building, with the auto check-out mode derived as on load. */
export function settingsOf(building: Building): BuildingSettings {
  const settings = Object.fromEntries(settingsKeys.map((key) => [key, building[key]])) as BuildingSettings;
  return { ...settings, autoCheckoutMode: deriveAutoCheckoutMode(settings) };
}

/** The unit switch: the limits follow into the new unit (two decimals). */
export function changeTemperatureUnit(settings: BuildingSettings, unit: TemperatureUnit): BuildingSettings {
  const from = settings.temperatureMeasureUnit;
  const convert = (value: number | null) =>
    value === null || from === null ? value : convertTemperature(value, from, unit);
  return {
    ...settings,
    temperatureMeasureUnit: unit,
    minAllowedTemperature: convert(settings.minAllowedTemperature),
    maxAllowedTemperature: convert(settings.maxAllowedTemperature),
  };
}

type BooleanKey = {
  [K in keyof BuildingSettings]: BuildingSettings[K] extends boolean ? K : never;
}[keyof BuildingSettings];

/** Tab 1: general, check-in, temperature, notification and other settings. */
export function SettingsTab({ building }: { building: Building }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const { api, acceptBuilding, notices, busy, cancel } = useBuildingDialog();
  const form = useSchemaForm<BuildingSettings, BuildingSettings>(buildingSettingsSchema, settingsOf(building), {
    maxAllowedTemperature: (issue) => (issue.code === 'custom' ? t('buildings.validation.minAboveMax') : undefined),
    senderEmail: (issue) => (issue.code === 'custom' ? t('buildings.validation.emailList') : undefined),
  });
  const timeZones = useDictionary(api, 'timeZones', notices.showError);
  const locales = useDictionary(api, 'locales', notices.showError);
  useUnsavedFlag('settings', form.dirty);
  const { values, setField, setValues } = form;

  const toggle = (key: BooleanKey, label: string, help?: string, disabled = false) => (
    <SwitchWithHelp
      id={`settings-${key}`}
      label={label}
      help={help}
      checked={values[key]}
      disabled={disabled}
      onChange={(event) => setField(key, event.currentTarget.checked)}
    />
  );
  const choice = <K extends keyof BuildingSettings>(
    key: K,
    label: string,
    options: readonly { value: string; label: string }[],
    extra: { searchable?: boolean; clearable?: boolean } = {},
  ) => (
    <Select
      id={`settings-${key}`}
      label={label}
      data={options}
      value={(values[key] as string | null) || null}
      onChange={(value) => setField(key, (value ?? '') as BuildingSettings[K])}
      onBlur={() => form.touch(key)}
      error={form.error(key)}
      allowDeselect={false}
      nothingFoundMessage={t('buildings.common.nothingFound')}
      {...extra}
    />
  );
  const longText = (key: 'consentText' | 'successFormText' | 'failureFormText', label: string) => (
    <Textarea
      id={`settings-${key}`}
      label={label}
      description={t('buildings.common.counter', { length: values[key].length, max: TEXT_MAX })}
      autosize
      minRows={3}
      maxRows={10}
      maxLength={TEXT_MAX}
      value={values[key]}
      onChange={(event) => setField(key, event.currentTarget.value)}
      onBlur={() => form.touch(key)}
      error={form.error(key)}
    />
  );
  const durations = (options: readonly string[], current: string | null) =>
    [...options, ...(current && !options.includes(current) ? [current] : [])].map((value) => ({
      value,
      label: durationLabel(value, language),
    }));
  const section = (legend: string, children: ReactNode) => (
    <Fieldset legend={legend}>
      <Stack gap="sm">{children}</Stack>
    </Fieldset>
  );
  const unit = values.temperatureMeasureUnit;
  const symbol = unit ? temperatureSymbol(unit) : undefined;
  const temperature = (key: 'minAllowedTemperature' | 'maxAllowedTemperature', label: string) => (
    <NumberInput
      id={`settings-${key}`}
      label={label}
      value={values[key] ?? ''}
      onChange={(value) => setField(key, typeof value === 'number' ? value : null)}
      onBlur={() => form.touch(key)}
      error={form.error(key)}
      decimalScale={2}
      step={0.1}
      min={-100}
      max={200}
      suffix={symbol ? ` ${symbol}` : undefined}
    />
  );
  const logoStored = hasStoredLogo(building);

  const save = form.onSubmit(async (settings) => {
    try {
      const saved = await api.updateSettings(building.id, settings);
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
        {section(
          t('buildings.settings.sections.general'),
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
              durations(defaultMeetingDurationOptions, values.defaultMeetingDuration),
            )}
            {choice(
              'pinIdentificationMethodType',
              t('buildings.settings.pinIdentificationMethod'),
              pinIdentificationMethods.map((value) => ({
                value,
                label: t(`buildings.settings.pinIdentificationMethods.${value}`),
              })),
            )}
          </SimpleGrid>,
        )}
        {section(
          t('buildings.settings.sections.checkIn'),
          <>
            {toggle('consentClauseEnabled', t('buildings.settings.consentClauseEnabled'))}
            {values.consentClauseEnabled && longText('consentText', t('buildings.settings.consentText'))}
            {toggle('commentsEnabled', t('buildings.settings.commentsEnabled'))}
            {toggle('emailMeEnabled', t('buildings.settings.emailMeEnabled'))}
            {toggle(
              'allowExitQuestionnairesOnEmailCheckOut',
              t('buildings.settings.allowExitQuestionnairesOnEmailCheckOut'),
            )}
            {choice(
              'questionnairesValidityTimeout',
              t('buildings.settings.questionnairesValidityTimeout'),
              durations(questionnairesValidityOptions, values.questionnairesValidityTimeout),
            )}
            <Radio.Group
              id="settings-autoCheckoutMode"
              label={t('buildings.settings.autoCheckoutMode')}
              value={values.autoCheckoutMode}
              onChange={(mode) =>
                setValues((current) =>
                  switchAutoCheckoutMode(
                    { ...current, autoCheckoutMode: mode as AutoCheckoutMode },
                    mode as AutoCheckoutMode,
                  ),
                )
              }
            >
              <Group gap="lg" mt={4}>
                <Radio value="TIMEOUT" label={t('buildings.settings.autoCheckoutModes.TIMEOUT')} />
                <Radio value="SPECIFIC_TIME" label={t('buildings.settings.autoCheckoutModes.SPECIFIC_TIME')} />
              </Group>
            </Radio.Group>
            {values.autoCheckoutMode === 'TIMEOUT' ? (
              choice(
                'autoCheckOutTimeout',
                t('buildings.settings.autoCheckOutTimeout'),
                durations(autoCheckOutTimeoutOptions, values.autoCheckOutTimeout),
              )
            ) : (
              <TextInput
                id="settings-autoCheckoutSpecificTime"
                type="time"
                label={t('buildings.settings.autoCheckoutSpecificTime')}
                value={values.autoCheckoutSpecificTime ?? ''}
                onChange={(event) => setField('autoCheckoutSpecificTime', event.currentTarget.value || null)}
                onBlur={() => form.touch('autoCheckoutSpecificTime')}
                error={form.error('autoCheckoutSpecificTime')}
                w={200}
              />
            )}
            {longText('successFormText', t('buildings.settings.successFormText'))}
            {longText('failureFormText', t('buildings.settings.failureFormText'))}
          </>,
        )}
        {section(
          t('buildings.settings.sections.temperature'),
          <>
            {toggle('checkInTemperatureMeasuresEnabled', t('buildings.settings.checkInTemperatureMeasuresEnabled'))}
            {values.checkInTemperatureMeasuresEnabled &&
              toggle(
                'allowCheckInManualTemperatureMeasure',
                t('buildings.settings.allowCheckInManualTemperatureMeasure'),
              )}
            {toggle('checkOutTemperatureMeasuresEnabled', t('buildings.settings.checkOutTemperatureMeasuresEnabled'))}
            {values.checkOutTemperatureMeasuresEnabled &&
              toggle(
                'allowCheckOutManualTemperatureMeasure',
                t('buildings.settings.allowCheckOutManualTemperatureMeasure'),
              )}
            <Radio.Group
              id="settings-temperatureMeasureUnit"
              label={t('buildings.settings.temperatureUnit')}
              value={unit ?? ''}
              onChange={(next) => setValues((current) => changeTemperatureUnit(current, next as TemperatureUnit))}
            >
              <Group gap="lg" mt={4}>
                {temperatureUnits.map((value) => (
                  <Radio key={value} value={value} label={t(`buildings.settings.temperatureUnits.${value}`)} />
                ))}
              </Group>
            </Radio.Group>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {temperature('minAllowedTemperature', t('buildings.settings.minAllowedTemperature'))}
              {temperature('maxAllowedTemperature', t('buildings.settings.maxAllowedTemperature'))}
            </SimpleGrid>
          </>,
        )}
        {section(
          t('buildings.settings.sections.notifications'),
          <>
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
            <PhoneInput
              id="settings-senderPhone"
              label={t('buildings.settings.senderPhone')}
              value={values.senderPhone}
              onChange={(value) => setField('senderPhone', value)}
              onBlur={() => form.touch('senderPhone')}
              error={form.error('senderPhone')}
              defaultCountry={building.countryCode}
              maxLength={25}
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
          </>,
        )}
        {section(
          t('buildings.settings.sections.other'),
          <>
            {toggle('appendQrCode', t('buildings.settings.appendQrCode'))}
            {toggle(
              'appendLogo',
              t('buildings.settings.appendLogo'),
              logoStored ? undefined : t('buildings.settings.appendLogoNeedsLogo'),
              !logoStored,
            )}
          </>,
        )}
        <TabActions onCancel={cancel} saveDisabled={busy} />
      </Stack>
    </form>
  );
}
