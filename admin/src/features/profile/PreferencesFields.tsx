import { Fieldset, Select, SimpleGrid } from '@mantine/core';
import { hostNoticeChoices, locales, type Profile } from '@vestibule/shared';
import { isLocale } from '@vestibule/shared/i18n/locales';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPattern } from '../../format/dateTime.ts';
import type { FormatChoices } from './useProfileData.ts';
import type { ProfileField, ProfileForm } from './profileForm.ts';
import type { ServerFieldErrors } from '../../form/useServerFieldErrors.ts';

/** The favourite building's "none" entry (a Select value cannot be empty). */
const NO_BUILDING = 'none';

interface Option {
  value: string;
  label: string;
}

/**
 * Language, date and time formats (each shown by the present moment written that way), the
 * favourite building among the buildings the user sees, and how they hear of their visitors.
 */
export function PreferencesFields(props: {
  form: ProfileForm;
  server: ServerFieldErrors<ProfileField>;
  choices: FormatChoices;
  buildings: Profile['userBuildings'];
}) {
  const { form, server, choices, buildings } = props;
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  // The examples show the moment the page opened: they do not tick.
  const [now] = useState(() => new Date());
  const { values } = form;

  const examples = (patterns: readonly string[]): Option[] =>
    patterns.map((pattern) => ({
      value: pattern,
      label: t('myProfile.preferences.formatOption', { example: formatPattern(now, pattern, language), pattern }),
    }));

  const help: Partial<Record<ProfileField, string>> = {
    dateFormat: t('myProfile.preferences.dateFormatHelp'),
    timeFormat: t('myProfile.preferences.timeFormatHelp'),
    hostNotice: t('myProfile.preferences.hostNoticeHelp'),
  };

  const choice = (key: ProfileField, label: string, data: Option[], value: string, pick: (chosen: string) => void) => (
    <Select
      label={label}
      data={data}
      value={value}
      onChange={(chosen) => {
        if (chosen === null) return;
        server.clear(key);
        pick(chosen);
      }}
      onBlur={() => form.touch(key)}
      error={server.message(key) ?? form.error(key)}
      allowDeselect={false}
      description={help[key]}
    />
  );

  return (
    <Fieldset legend={t('myProfile.preferences.title')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {choice(
          'userLocale',
          t('myProfile.preferences.language'),
          locales.map((locale) => ({ value: locale, label: t(`common.languages.${locale}`) })),
          values.userLocale,
          (chosen) => {
            if (isLocale(chosen)) form.setField('userLocale', chosen);
          },
        )}
        {choice(
          'favouriteBuildingId',
          t('myProfile.preferences.favouriteBuilding'),
          [
            { value: NO_BUILDING, label: t('myProfile.preferences.noFavouriteBuilding') },
            ...buildings.map((building) => ({ value: building.id, label: building.name })),
          ],
          values.favouriteBuildingId || NO_BUILDING,
          (chosen) => form.setField('favouriteBuildingId', chosen === NO_BUILDING ? '' : chosen),
        )}
        {choice(
          'dateFormat',
          t('myProfile.preferences.dateFormat'),
          examples(choices.dateFormats),
          values.dateFormat,
          (chosen) => form.setField('dateFormat', chosen),
        )}
        {choice(
          'timeFormat',
          t('myProfile.preferences.timeFormat'),
          examples(choices.timeFormats),
          values.timeFormat,
          (chosen) => form.setField('timeFormat', chosen),
        )}
        {choice(
          'hostNotice',
          t('myProfile.preferences.hostNotice'),
          hostNoticeChoices.map((notice) => ({
            value: notice,
            label: t(`myProfile.preferences.hostNotices.${notice}`),
          })),
          values.hostNotice,
          (chosen) => {
            const notice = hostNoticeChoices.find((candidate) => candidate === chosen);
            if (notice) form.setField('hostNotice', notice);
          },
        )}
      </SimpleGrid>
    </Fieldset>
  );
}
