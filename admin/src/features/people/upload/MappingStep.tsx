import { NumberInput, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { peopleDateFormats, peopleUploadColumns, visitorTypes } from '@vestibule/shared';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../session/index.ts';
import type { CsvPreview } from './csvPreview.ts';
import { PreviewTable } from './PreviewTable.tsx';
import { type UploadSettings, requiredColumns } from './uploadSettings.ts';

/** Minutes an employee's default duration may be set to for a whole file. */
const employeeDurations = [15, 30, 45, 60, 90, 120, 180, 240, 480] as const;

/**
 * Step 2: which column of the file holds each field (the required ones marked), how its dates are
 * written, the type and the building of the rows without one, the default duration of employees
 * without one, and the first row of data; the preview stays below.
 */
export function MappingStep(props: {
  preview: CsvPreview;
  settings: UploadSettings;
  onChange: (settings: UploadSettings) => void;
  /** Shown once a check was asked with a required field unmapped. */
  showMissing: boolean;
}) {
  const { preview, settings, onChange, showMissing } = props;
  const { t } = useTranslation();
  const buildings = useSession((state) => state.buildings);
  const required = requiredColumns(settings);
  const durationText = (minutes: number) =>
    minutes % 60 === 0
      ? t('people.upload.hours', { count: minutes / 60 })
      : t('people.upload.minutes', { count: minutes });
  const durations = employeeDurations.map((minutes) => ({ value: String(minutes), label: durationText(minutes) }));
  const headings = preview.lines[0] ?? [];
  const columnChoices = Array.from({ length: preview.columns }, (_, index) => {
    const heading = headings[index] ?? '';
    const number = index + 1;
    return {
      value: String(index),
      label: heading
        ? t('people.upload.columnWithHeading', { number, heading })
        : t('people.upload.column', { number }),
    };
  });

  return (
    <Stack gap="md">
      <Text size="sm">{t('people.upload.mappingHelp')}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm" data-testid="upload-mapping">
        {peopleUploadColumns.map((column) => {
          const needed = required.includes(column);
          const index = settings.columns[column];
          return (
            <Select
              key={column}
              label={t(`csv.people.${column}`)}
              withAsterisk={needed}
              placeholder={t('people.upload.notInFile')}
              data={columnChoices}
              value={index === undefined ? null : String(index)}
              onChange={(value) =>
                onChange({
                  ...settings,
                  columns: { ...settings.columns, [column]: value === null ? undefined : Number(value) },
                })
              }
              error={showMissing && needed && index === undefined ? t('common.validation.required') : undefined}
              clearable
            />
          );
        })}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <Select
          label={t('people.upload.datesFormat')}
          data={[...peopleDateFormats]}
          value={settings.datesFormat}
          onChange={(value) => {
            const format = peopleDateFormats.find((choice) => choice === value);
            if (format) onChange({ ...settings, datesFormat: format });
          }}
          allowDeselect={false}
        />
        <Select
          label={t('people.upload.visitorType')}
          placeholder={t('people.upload.noVisitorType')}
          data={visitorTypes.map((type) => ({ value: type, label: t(`people.types.${type}`) }))}
          value={settings.visitorType ?? null}
          onChange={(value) => onChange({ ...settings, visitorType: visitorTypes.find((type) => type === value) })}
          clearable
        />
        <Select
          label={t('people.upload.building')}
          placeholder={t('people.upload.noBuilding')}
          data={buildings.map((building) => ({ value: building.id, label: building.name }))}
          value={settings.buildingId ?? null}
          onChange={(value) => onChange({ ...settings, buildingId: value ?? undefined })}
          clearable
          searchable
        />
        <Select
          label={t('people.upload.defaultDuration')}
          placeholder={t('people.upload.noDefaultDuration')}
          data={durations}
          value={settings.defaultDuration === undefined ? null : String(settings.defaultDuration)}
          onChange={(value) => onChange({ ...settings, defaultDuration: value === null ? undefined : Number(value) })}
          clearable
        />
        <NumberInput
          label={t('people.upload.firstRow')}
          description={t('people.upload.firstRowHelp')}
          min={1}
          max={1_000_000}
          allowDecimal={false}
          allowNegative={false}
          value={settings.firstRow}
          onChange={(value) => onChange({ ...settings, firstRow: typeof value === 'number' && value >= 1 ? value : 1 })}
        />
      </SimpleGrid>
      <PreviewTable preview={preview} />
    </Stack>
  );
}
