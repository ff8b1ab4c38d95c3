import { Select, Textarea } from '@mantine/core';
import {
  type EmployeeCheckInMode,
  KIOSK_WELCOME_TEXT_MAX,
  employeeCheckInModes,
  kioskOutcomeSecondsOptions,
} from '@vestibule/shared';
import { useTranslation } from 'react-i18next';
import { type SettingsForm, SettingsSection } from './settingsFields.tsx';

/**
 * Settings tab: the kiosk's welcome text, how long a kiosk shows a check-in's outcome before its welcome screen returns, and
 * how employees check themselves in (docs/kiosk.md, docs/check-in.md "Employees").
 */
export function SettingsKioskSection({ form }: { form: SettingsForm }) {
  const { t } = useTranslation();
  const { values, setField } = form;
  const seconds = values.kioskOutcomeSeconds;
  const secondsOptions = [
    ...kioskOutcomeSecondsOptions,
    ...((kioskOutcomeSecondsOptions as readonly number[]).includes(seconds) ? [] : [seconds]),
  ]
    .sort((a, b) => a - b)
    .map((value) => ({
      value: String(value),
      label: t('buildings.settings.kioskOutcomeSecondsOption', { count: value }),
    }));
  return (
    <SettingsSection legend={t('buildings.settings.sections.kiosk')}>
      <Textarea
        id="settings-kioskWelcomeText"
        label={t('buildings.settings.kioskWelcomeText')}
        description={t('buildings.settings.kioskWelcomeTextHelp')}
        value={values.kioskWelcomeText ?? ''}
        onChange={(event) => setField('kioskWelcomeText', event.currentTarget.value)}
        error={form.error('kioskWelcomeText')}
        maxLength={KIOSK_WELCOME_TEXT_MAX}
        autosize
        minRows={2}
        maw={560}
      />
      <Select
        id="settings-kioskOutcomeSeconds"
        label={t('buildings.settings.kioskOutcomeSeconds')}
        description={t('buildings.settings.kioskOutcomeSecondsHelp')}
        data={secondsOptions}
        value={String(seconds)}
        onChange={(value) => setField('kioskOutcomeSeconds', Number(value ?? seconds))}
        error={form.error('kioskOutcomeSeconds')}
        allowDeselect={false}
        maw={420}
      />
      <Select
        id="settings-employeeCheckIn"
        label={t('buildings.settings.employeeCheckIn')}
        description={t('buildings.settings.employeeCheckInHelp')}
        data={employeeCheckInModes.map((mode) => ({
          value: mode,
          label: t(`buildings.settings.employeeCheckInModes.${mode}`),
        }))}
        value={values.employeeCheckIn}
        onChange={(value) => setField('employeeCheckIn', (value ?? values.employeeCheckIn) as EmployeeCheckInMode)}
        error={form.error('employeeCheckIn')}
        allowDeselect={false}
      />
    </SettingsSection>
  );
}
