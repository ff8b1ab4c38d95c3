import { Alert, Button, Group, Loader, Select, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import {
  ENTRY_REPORT_MAX_GROUPS,
  type EntryReportGroup,
  type EntryReportGrouping,
  type VisitorType,
  entryReportGroupings,
} from '@vestibule/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyRow } from '../../../components/EmptyRow.tsx';
import { Page } from '../../../components/Page.tsx';
import { useDateTimeFormat } from '../../../format/useDateTimeFormat.ts';
import { ReportFiltersBar } from '../ReportFiltersBar.tsx';
import { downloadCsv } from '../reportCsv.ts';
import { useReportFilters } from '../useReportFilters.ts';
import { ReportVisitsDialog } from './ReportVisitsDialog.tsx';
import { entryReportsApi } from './entryReportsApi.ts';
import { useReportText } from '../reportText.ts';
import { useReportAnswer } from './useReportAnswer.ts';

const isGrouping = (value: string | null): value is EntryReportGrouping =>
  value !== null && (entryReportGroupings as readonly string[]).includes(value);

/**
 * The entry report (/visit-reports; docs/reports.md): the visits checked in during the
 * period, grouped by host, company, type of person, building or day, with their people, time on
 * site and average stay; a group opens its visits. The grouping is kept in the address with the
 * buildings and period.
 */
export function EntryReportPage() {
  const { t } = useTranslation();
  const format = useDateTimeFormat();
  const text = useReportText();
  const report = useReportFilters();
  const { filters } = report;
  const [search, setSearch] = useSearchParams();
  const asked = search.get('group');
  const groupBy: EntryReportGrouping = isGrouping(asked) ? asked : 'host';
  const [opened, setOpened] = useState<EntryReportGroup | null>(null);

  const period = { buildingIds: filters.buildingIds.join(','), from: filters.period.from, to: filters.period.to };
  const query = { ...period, groupBy };
  const ready = filters.buildingIds.length > 0 && filters.periodProblem === null;
  const answer = useReportAnswer(ready ? JSON.stringify(query) : null, (signal) =>
    entryReportsApi.entries(query, signal),
  );

  const labelOf = (group: { key: string; label: string }) => {
    if (groupBy === 'type') return t(`entryReports.types.${group.key as VisitorType}`);
    if (groupBy === 'day') {
      const [year, month, day] = group.key.split('-').map(Number) as [number, number, number];
      return format.date(new Date(year, month - 1, day));
    }
    // Only a host or a company can be missing (an employee has no host, a visitor may give no company).
    return group.label || t(`entryReports.entries.none.${groupBy === 'company' ? 'company' : 'host'}`);
  };
  const columns = ['group', 'visits', 'people', 'checkedOut', 'totalStay', 'averageStay'] as const;
  const headings = columns.map((column) =>
    column === 'group' ? t(`entryReports.entries.groupings.${groupBy}`) : t(`entryReports.entries.columns.${column}`),
  );
  const cells = (group: Omit<EntryReportGroup, 'key' | 'label'>) => [
    text.count(group.visits),
    text.count(group.people),
    text.count(group.checkedOut),
    text.stay(group.totalStayMinutes),
    text.stay(group.averageStayMinutes),
  ];
  const download = () => {
    if (!answer.data) return;
    downloadCsv(
      `${t('entryReports.entries.fileName')}-${filters.period.from}-${filters.period.to}.csv`,
      [...headings.slice(0, 4), `${headings[4]} (min)`, `${headings[5]} (min)`],
      answer.data.groups.map((group) => [
        labelOf(group),
        group.visits,
        group.people,
        group.checkedOut,
        group.totalStayMinutes,
        group.averageStayMinutes,
      ]),
    );
  };

  return (
    <Page title={t('entryReports.entries.title')} size="xl">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('entryReports.entries.intro')}
        </Text>
        <ReportFiltersBar {...report} />
        <Group align="flex-end" justify="space-between">
          <Select
            label={t('entryReports.entries.groupBy')}
            data={entryReportGroupings.map((value) => ({
              value,
              label: t(`entryReports.entries.groupings.${value}`),
            }))}
            value={groupBy}
            allowDeselect={false}
            onChange={(value) => {
              if (!isGrouping(value)) return;
              const params = new URLSearchParams(search);
              params.set('group', value);
              setSearch(params, { replace: true });
            }}
            w={220}
          />
          <Button variant="default" onClick={download} disabled={!answer.data || answer.data.groups.length === 0}>
            {t('reports.csv')}
          </Button>
        </Group>
        {answer.failed && (
          <Alert color="red" role="alert">
            {t('entryReports.entries.failed')}{' '}
            <Button variant="subtle" size="xs" onClick={answer.retry}>
              {t('entryReports.entries.retry')}
            </Button>
          </Alert>
        )}
        {answer.loading && <Loader size="sm" aria-label={t('entryReports.entries.loading')} />}
        {answer.data && (
          <>
            {answer.data.capped && (
              <Alert color="yellow" variant="light">
                {t('entryReports.entries.capped', { count: ENTRY_REPORT_MAX_GROUPS })}
              </Alert>
            )}
            <Table.ScrollContainer minWidth={700}>
              <Table striped highlightOnHover>
                <Table.Caption>
                  {t('entryReports.entries.caption', {
                    grouping: t(`entryReports.entries.groupings.${groupBy}`).toLowerCase(),
                  })}
                </Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    {headings.map((heading, index) => (
                      <Table.Th key={heading} scope="col" ta={index === 0 ? undefined : 'right'}>
                        {heading}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {answer.data.groups.length === 0 && (
                    <EmptyRow colSpan={columns.length} text={t('entryReports.entries.empty')} />
                  )}
                  {answer.data.groups.map((group) => (
                    <Table.Tr key={group.key}>
                      <Table.Th scope="row" fw="normal">
                        <UnstyledButton
                          onClick={() => setOpened(group)}
                          aria-label={t('entryReports.entries.openGroup', { label: labelOf(group) })}
                          td="underline"
                        >
                          {labelOf(group)}
                        </UnstyledButton>
                      </Table.Th>
                      {cells(group).map((cell, index) => (
                        <Table.Td key={columns[index + 1]} ta="right">
                          {cell}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
                {answer.data.groups.length > 0 && (
                  <Table.Tfoot>
                    <Table.Tr>
                      <Table.Th scope="row">{t('entryReports.entries.total')}</Table.Th>
                      {cells(answer.data.total).map((cell, index) => (
                        <Table.Th key={columns[index + 1]} ta="right">
                          {cell}
                        </Table.Th>
                      ))}
                    </Table.Tr>
                  </Table.Tfoot>
                )}
              </Table>
            </Table.ScrollContainer>
          </>
        )}
      </Stack>
      {opened && (
        <ReportVisitsDialog
          title={t('entryReports.visits.title', { label: labelOf(opened) })}
          selection={{ ...period, groupBy, key: opened.key }}
          fileName={`${t('entryReports.entries.fileName')}-${filters.period.from}-${filters.period.to}`}
          onClose={() => setOpened(null)}
        />
      )}
    </Page>
  );
}
