import { NumberInput } from '@mantine/core';
import {
  BOOKING_MAX_AT_ONCE_MAX,
  BOOKING_MAX_DAYS_AHEAD_MAX,
  BOOKING_RELEASE_MINUTES_MAX,
  BOOKING_RELEASE_MINUTES_MIN,
} from '@vestibule/shared';
import { useTranslation } from 'react-i18next';
import { type SettingsForm, SettingsSection } from './settingsFields.tsx';

/**
 * Settings tab: the building's limits per person on space booking (docs/space-booking.md,
 * "Limits") and the release of bookings nobody checked into ("Check-in and release"); an
 * empty field is no limit (never released).
 */
export function SettingsBookingSection({ form }: { form: SettingsForm }) {
  const { t } = useTranslation();
  const { values, setField } = form;
  const limit = (
    key: 'bookingMaxAtOnce' | 'bookingMaxDaysAhead' | 'bookingReleaseMinutes',
    [min, max]: [number, number],
    label: string,
    help: string,
    empty = t('buildings.settings.bookingNoLimit'),
  ) => (
    <NumberInput
      id={`settings-${key}`}
      label={label}
      description={help}
      placeholder={empty}
      value={values[key] ?? ''}
      onChange={(value) => setField(key, typeof value === 'number' ? value : null)}
      onBlur={() => form.touch(key)}
      error={form.error(key)}
      min={min}
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
        [1, BOOKING_MAX_AT_ONCE_MAX],
        t('buildings.settings.bookingMaxAtOnce'),
        t('buildings.settings.bookingMaxAtOnceHelp'),
      )}
      {limit(
        'bookingMaxDaysAhead',
        [1, BOOKING_MAX_DAYS_AHEAD_MAX],
        t('buildings.settings.bookingMaxDaysAhead'),
        t('buildings.settings.bookingMaxDaysAheadHelp'),
      )}
      {limit(
        'bookingReleaseMinutes',
        [BOOKING_RELEASE_MINUTES_MIN, BOOKING_RELEASE_MINUTES_MAX],
        t('buildings.settings.bookingReleaseMinutes'),
        t('buildings.settings.bookingReleaseMinutesHelp'),
        t('buildings.settings.bookingNever'),
      )}
    </SettingsSection>
  );
}
