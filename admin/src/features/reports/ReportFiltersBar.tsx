import { Alert, Group, MultiSelect, Select, TextInput } from '@mantine/core';
import { REPORT_MAX_BUILDINGS, REPORT_MAX_DAYS, reportPresets, type ReportPreset } from '@vestibule/shared';
import { useTranslation } from 'react-i18next';
import type { useReportFilters } from './useReportFilters.ts';

type Filters = ReturnType<typeof useReportFilters>;

/**
 * The buildings and the period of a report: a preset (this week, last week, this month, the last
 * 30 days, this quarter) or two days picked by hand, a day up to a year.
 */
export function ReportFiltersBar({ filters, buildings, change, multiple = true }: Filters & { multiple?: boolean }) {
  const { t } = useTranslation();
  const data = buildings.map((building) => ({ value: building.id, label: building.name }));
  const presetData = [
    ...reportPresets.map((preset) => ({ value: preset, label: t(`reports.period.presets.${preset}`) })),
    { value: 'custom', label: t('reports.period.presets.custom') },
  ];
  return (
    <>
      <Group align="flex-end" wrap="wrap" gap="md" data-print="hide">
        {multiple ? (
          <MultiSelect
            label={t('reports.filters.buildings')}
            data={data}
            value={filters.buildingIds}
            onChange={(ids) => ids.length > 0 && change({ buildingIds: ids })}
            maxValues={REPORT_MAX_BUILDINGS}
            miw={260}
            maw={520}
            searchable
          />
        ) : (
          <Select
            label={t('reports.filters.building')}
            data={data}
            value={filters.buildingIds[0] ?? null}
            allowDeselect={false}
            onChange={(id) => id && change({ buildingIds: [id] })}
            miw={240}
          />
        )}
        <Select
          label={t('reports.period.label')}
          data={presetData}
          value={filters.preset ?? 'custom'}
          allowDeselect={false}
          onChange={(value) =>
            value === 'custom' || value === null
              ? change({ period: filters.period })
              : change({ preset: value as ReportPreset })
          }
          w={200}
        />
        <TextInput
          type="date"
          label={t('reports.period.from')}
          value={filters.period.from}
          onChange={(event) =>
            event.currentTarget.value && change({ period: { ...filters.period, from: event.currentTarget.value } })
          }
          w={170}
        />
        <TextInput
          type="date"
          label={t('reports.period.to')}
          value={filters.period.to}
          onChange={(event) =>
            event.currentTarget.value && change({ period: { ...filters.period, to: event.currentTarget.value } })
          }
          w={170}
        />
      </Group>
      {filters.periodProblem && (
        <Alert color="yellow" variant="light" mt="sm" role="alert">
          {filters.periodProblem === 'TOO_LONG'
            ? t('reports.period.tooLong', { days: REPORT_MAX_DAYS })
            : t('reports.period.order')}
        </Alert>
      )}
    </>
  );
}
