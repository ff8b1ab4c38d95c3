import { Fieldset, NumberInput, Select, Stack, Textarea } from '@mantine/core';
import { TEXT_MAX, temperatureSymbol, type BuildingSettings } from '@vestibule/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SchemaForm } from '../../form/useSchemaForm.ts';
import { durationLabel } from './optionLabels.ts';
import { SwitchWithHelp } from '../../components/SwitchWithHelp.tsx';

export type SettingsForm = SchemaForm<BuildingSettings, BuildingSettings>;

type BooleanKey = {
  [K in keyof BuildingSettings]-?: BuildingSettings[K] extends boolean ? K : never;
}[keyof BuildingSettings];

/** The settings tab's field makers: each binds one setting of `form` to its control. */
export function useSettingsFields(form: SettingsForm) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const { values, setField } = form;

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
  return { toggle, choice, longText, durations, temperature };
}

export type SettingsFields = ReturnType<typeof useSettingsFields>;

/** One titled group of settings. */
export function SettingsSection({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <Fieldset legend={legend}>
      <Stack gap="sm">{children}</Stack>
    </Fieldset>
  );
}
