import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { type Locale, hostNoticeChoices, hostPersonTypes, locales } from '@vestibule/shared';
import { useTranslation } from 'react-i18next';
import { textFieldProps } from '../../form/fieldProps.ts';
import { useSession } from '../session/index.ts';
import { type PersonFormParts, durationChoices, formatDuration } from './personForm.ts';

const durationData = durationChoices.map((minutes) => ({ value: String(minutes), label: formatDuration(minutes) }));

/**
 * Where and when the person comes: their building (of the session's company), an employee's
 * default meeting duration (h:mm in steps of 5 minutes, required for employees), the days their
 * pass is valid, the language of the e-mails they get and, for a host, how they hear of an arrival.
 */
export function PersonAccessFields(props: PersonFormParts & { currentBuilding: { id: string; name: string } | null }) {
  const { form, server, currentBuilding } = props;
  const { t } = useTranslation();
  const buildings = useSession((state) => state.buildings);
  const choices =
    currentBuilding && !buildings.some((building) => building.id === currentBuilding.id)
      ? [currentBuilding, ...buildings]
      : buildings;
  const employee = form.values.visitorType === 'EMPLOYEE';
  // Employees and residents host visitors: how they hear of an arrival is theirs to choose.
  const hosts = (hostPersonTypes as readonly string[]).includes(form.values.visitorType);
  const validTo = textFieldProps(form, server, 'validTo');

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <Select
        label={t('people.dialog.building')}
        withAsterisk
        data={choices.map((building) => ({ value: building.id, label: building.name }))}
        value={form.values.buildingId || null}
        onChange={(value) => {
          form.setField('buildingId', value ?? '');
          server.clear('buildingId');
        }}
        onBlur={() => form.touch('buildingId')}
        error={server.message('buildingId') ?? form.error('buildingId')}
        searchable
        allowDeselect={false}
      />
      <Select
        label={t('people.dialog.defaultDuration')}
        description={t('people.dialog.defaultDurationHelp')}
        placeholder="h:mm"
        withAsterisk={employee}
        data={durationData}
        value={form.values.defaultDuration === null ? null : String(form.values.defaultDuration)}
        onChange={(value) => {
          form.setField('defaultDuration', value === null ? null : Number(value));
          server.clear('defaultDuration');
        }}
        onBlur={() => form.touch('defaultDuration')}
        error={server.message('defaultDuration') ?? form.error('defaultDuration')}
        searchable
        clearable
      />
      <TextInput
        type="date"
        label={t('people.dialog.validFrom')}
        description={t('people.dialog.validityHelp')}
        {...textFieldProps(form, server, 'validFrom')}
      />
      <TextInput
        type="date"
        label={t('people.dialog.validTo')}
        description={t('people.dialog.validityHelp')}
        {...validTo}
        error={server.message('validTo') ? t('people.dialog.validToOrder') : validTo.error}
      />
      <Select
        label={t('people.dialog.language')}
        description={t('people.dialog.languageHelp')}
        data={locales.map((locale) => ({ value: locale, label: t(`common.languages.${locale}`) }))}
        value={form.values.locale}
        onChange={(value) => value && form.setField('locale', value as Locale)}
        allowDeselect={false}
      />
      {hosts && (
        <Select
          label={t('people.dialog.hostNotice')}
          description={t('people.dialog.hostNoticeHelp')}
          data={hostNoticeChoices.map((choice) => ({ value: choice, label: t(`people.dialog.hostNotices.${choice}`) }))}
          value={form.values.hostNotice}
          onChange={(value) => {
            const choice = hostNoticeChoices.find((candidate) => candidate === value);
            if (choice) form.setField('hostNotice', choice);
          }}
          allowDeselect={false}
        />
      )}
    </SimpleGrid>
  );
}
