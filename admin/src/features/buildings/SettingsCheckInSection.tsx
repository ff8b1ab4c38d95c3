import { Checkbox, Group, NumberInput, Radio, TextInput } from '@mantine/core';
import {
  DEFAULT_DOCUMENT_RESIGN_DAYS,
  DEFAULT_WORKING_DAYS,
  DOCUMENT_RESIGN_DAYS_MAX,
  isoWeekdayNames,
  autoCheckOutTimeoutOptions,
  questionnairesValidityOptions,
  switchAutoCheckoutMode,
  type AutoCheckoutMode,
  visitorPhotoModeOf,
  visitorPhotoModes,
} from '@vestibule/shared';
import { useTranslation } from 'react-i18next';
import { PerTypeModes } from './PerTypeModes.tsx';
import { type SettingsFields, type SettingsForm, SettingsSection } from './settingsFields.tsx';

/**
 * Settings tab: how people check in (consent, comments, questionnaires, at the desk too, the
 * working days the directory's people are expected on, automatic check-out, texts).
 */
export function SettingsCheckInSection({ form, fields }: { form: SettingsForm; fields: SettingsFields }) {
  const { t } = useTranslation();
  const { values, setField, setValues } = form;
  const { toggle, choice, longText, durations } = fields;
  return (
    <SettingsSection legend={t('buildings.settings.sections.checkIn')}>
      {toggle('consentClauseEnabled', t('buildings.settings.consentClauseEnabled'))}
      {values.consentClauseEnabled && longText('consentText', t('buildings.settings.consentText'))}
      {toggle('commentsEnabled', t('buildings.settings.commentsEnabled'))}
      {toggle('emailMeEnabled', t('buildings.settings.emailMeEnabled'))}
      {toggle(
        'allowFreeTextHost',
        t('buildings.settings.allowFreeTextHost'),
        t('buildings.settings.allowFreeTextHostHelp'),
      )}
      {toggle(
        'allowExitQuestionnairesOnEmailCheckOut',
        t('buildings.settings.allowExitQuestionnairesOnEmailCheckOut'),
        t('buildings.settings.allowExitQuestionnairesOnEmailCheckOutHelp'),
      )}
      {toggle(
        'questionnairesOnStaffCheckIn',
        t('buildings.settings.questionnairesOnStaffCheckIn'),
        t('buildings.settings.questionnairesOnStaffCheckInHelp'),
      )}
      {/* The person's photo at check-in, per person type (docs/check-in.md, "The visitor's photo"). */}
      <PerTypeModes
        name="visitorPhoto"
        label={t('buildings.settings.visitorPhoto')}
        description={t('buildings.settings.visitorPhotoHelp')}
        selectLabel={(type) => t('buildings.settings.visitorPhotoFor', { type })}
        modes={visitorPhotoModes}
        modeLabel={(mode) => t(`buildings.settings.visitorPhotoModes.${mode}`)}
        value={(type) => visitorPhotoModeOf(values.visitorPhoto, type)}
        onChange={(type, mode) => setField('visitorPhoto', { ...values.visitorPhoto, [type]: mode })}
      />
      <NumberInput
        id="settings-documentResignDays"
        label={t('buildings.settings.documentResignDays')}
        description={t('buildings.settings.documentResignDaysHelp')}
        value={values.documentResignDays ?? DEFAULT_DOCUMENT_RESIGN_DAYS}
        onChange={(value) => setField('documentResignDays', typeof value === 'number' ? value : undefined)}
        min={0}
        max={DOCUMENT_RESIGN_DAYS_MAX}
        allowDecimal={false}
        allowNegative={false}
        clampBehavior="strict"
      />
      <Checkbox.Group
        id="settings-workingDays"
        label={t('buildings.settings.workingDays')}
        description={t('buildings.settings.workingDaysHelp')}
        value={(values.workingDays ?? DEFAULT_WORKING_DAYS).map(String)}
        onChange={(days) =>
          days.length > 0 &&
          setField(
            'workingDays',
            days.map(Number).sort((a, b) => a - b),
          )
        }
      >
        <Group gap="md" mt={4}>
          {isoWeekdayNames.map((name, index) => (
            <Checkbox key={name} value={String(index + 1)} label={t(`entryReports.weekdays.${name}`)} />
          ))}
        </Group>
      </Checkbox.Group>
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
    </SettingsSection>
  );
}
