import { Group, Radio, SimpleGrid } from '@mantine/core';
import { convertTemperature, temperatureUnits, type BuildingSettings, type TemperatureUnit } from '@vestibule/shared';
import { useTranslation } from 'react-i18next';
import { type SettingsFields, type SettingsForm, SettingsSection } from './settingsFields.tsx';

/** The unit switch: the limits follow into the new unit (two decimals). */
function changeTemperatureUnit(settings: BuildingSettings, unit: TemperatureUnit): BuildingSettings {
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

/** Settings tab: temperature measures at entry and exit, their unit and allowed range. */
export function SettingsTemperatureSection({ form, fields }: { form: SettingsForm; fields: SettingsFields }) {
  const { t } = useTranslation();
  const { values, setValues } = form;
  const { toggle, temperature } = fields;
  return (
    <SettingsSection legend={t('buildings.settings.sections.temperature')}>
      {toggle('checkInTemperatureMeasuresEnabled', t('buildings.settings.checkInTemperatureMeasuresEnabled'))}
      {values.checkInTemperatureMeasuresEnabled &&
        toggle('allowCheckInManualTemperatureMeasure', t('buildings.settings.allowCheckInManualTemperatureMeasure'))}
      {toggle('checkOutTemperatureMeasuresEnabled', t('buildings.settings.checkOutTemperatureMeasuresEnabled'))}
      {values.checkOutTemperatureMeasuresEnabled &&
        toggle('allowCheckOutManualTemperatureMeasure', t('buildings.settings.allowCheckOutManualTemperatureMeasure'))}
      <Radio.Group
        id="settings-temperatureMeasureUnit"
        label={t('buildings.settings.temperatureUnit')}
        value={values.temperatureMeasureUnit ?? ''}
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
    </SettingsSection>
  );
}
