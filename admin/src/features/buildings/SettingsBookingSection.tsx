import { NumberInput } from '@mantine/core';
import { BOOKING_MAX_AT_ONCE_MAX, BOOKING_MAX_DAYS_AHEAD_MAX } from '@vestibule/shared';
import { useTranslation } from 'react-i18next';
import { type SettingsForm, SettingsSection } from './settingsFields.tsx';

/**
 * Settings tab: the building's limits per person on space booking (docs/space-booking.md,
 * "Limits"); an empty field is no limit.
 */
export function SettingsBookingSection({ form }: { form: SettingsForm }) {
  const { t } = useTranslation();
  const { values, setField } = form;
  const limit = (key: 'bookingMaxAtOnce' | 'bookingMaxDaysAhead', max: number, label: string, help: string) => (
    <NumberInput
      id={`settings-${key}`}
      label={label}
      description={help}
      placeholder={t('buildings.settings.bookingNoLimit')}
      value={values[key] ?? ''}
      onChange={(value) => setField(key, typeof value === 'number' ? value : null)}
      onBlur={() => form.touch(key)}
      error={form.error(key)}
      min={1}
      max={max}
      allowDecimal={false}
      allowNegative={false}
      maw={420}
    />
  );
  return (
    <SettingsSection legend={t('buildings.settings.sections.booking')}>
      {limit(
        'bookingMaxAtOnce',
        BOOKING_MAX_AT_ONCE_MAX,
        t('buildings.settings.bookingMaxAtOnce'),
        t('buildings.settings.bookingMaxAtOnceHelp'),
      )}
      {limit(
        'bookingMaxDaysAhead',
        BOOKING_MAX_DAYS_AHEAD_MAX,
        t('buildings.settings.bookingMaxDaysAhead'),
        t('buildings.settings.bookingMaxDaysAheadHelp'),
      )}
    </SettingsSection>
  );
}
