import { Badge, Checkbox, Stack, Table, Text, TextInput } from '@mantine/core';
import type { JobRunFilter } from '@vestibule/shared';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { LogToolbar } from './LogToolbar.tsx';
import { IconSearch } from '../../components/ListIcons.tsx';
import { ListPager } from '../../components/ListPager.tsx';
import { type PageRequest, usePagedList } from '../../components/usePagedList.ts';
import { useDateTimeFormat } from '../../format/useDateTimeFormat.ts';
import { type JobRunEntry, jobRunsCsv, listJobRuns, periodOf } from './operations.api.ts';

interface Filters {
  /** Days as the date fields give them (yyyy-MM-dd), in the user's own time zone; '' for none. */
  from: string;
  to: string;
  failedOnly: boolean;
}

const noFilters: Filters = { from: '', to: '', failedOnly: false };
const COLUMNS = 6;

function filterOf(request: Filters & { search: string }): JobRunFilter {
  return {
    ...periodOf(request),
    job: request.search || undefined,
    failed: request.failedOnly ? 'true' : undefined,
  };
}

/**
 * The background jobs' runs, newest first: when each started, how long it took, the rows it
 * acted on, the error of a failed run and the instance; by days, job name and failures only.
 * The same rows download as CSV.
 */
export function JobRunsTab() {
  const { t } = useTranslation();
  const format = useDateTimeFormat();
  const load = useCallback(
    (request: PageRequest<'startedAt', Filters>, signal: AbortSignal) =>
      listJobRuns({ ...filterOf(request), page: request.page, limit: request.limit }, signal),
    [],
  );
  const list = usePagedList<'startedAt', Filters, JobRunEntry>({ sort: 'startedAt', filters: noFilters, load });
  const { request } = list;
  const docs = list.data?.docs ?? null;

  return (
    <Stack>
      <Text>{t('operations.jobRuns.description')}</Text>
      <LogToolbar
        idPrefix="jobs"
        from={request.from}
        to={request.to}
        onFrom={(day) => list.setFilter('from', day)}
        onTo={(day) => list.setFilter('to', day)}
        onRefresh={list.reload}
        csvFileName="jobRuns.csv"
        csv={() => jobRunsCsv(filterOf(request))}
      >
        <TextInput
          id="jobs-job"
          type="search"
          label={t('operations.jobRuns.job')}
          leftSection={<IconSearch />}
          value={list.search}
          onChange={(event) => list.setSearch(event.currentTarget.value)}
          maxLength={64}
          w={220}
        />
        <Checkbox
          id="jobs-failed"
          label={t('operations.jobRuns.failedOnly')}
          checked={request.failedOnly}
          onChange={(event) => list.setFilter('failedOnly', event.currentTarget.checked)}
          mb={8}
        />
      </LogToolbar>
      <Table.ScrollContainer minWidth={720}>
        <Table striped aria-label={t('operations.jobRuns.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('operations.jobRuns.startedAt')}</Table.Th>
              <Table.Th>{t('operations.jobRuns.job')}</Table.Th>
              <Table.Th>{t('operations.jobRuns.durationMs')}</Table.Th>
              <Table.Th>{t('operations.jobRuns.rowsAffected')}</Table.Th>
              <Table.Th>{t('operations.jobRuns.error')}</Table.Th>
              <Table.Th>{t('operations.jobRuns.instance')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {docs?.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={COLUMNS}>{t('operations.jobRuns.empty')}</Table.Td>
              </Table.Tr>
            )}
            {docs?.map((run) => (
              <Table.Tr key={run.id}>
                <Table.Td>{format.dateTime(run.startedAt)}</Table.Td>
                <Table.Td>{run.job}</Table.Td>
                <Table.Td>{run.durationMs}</Table.Td>
                <Table.Td>{run.rowsAffected}</Table.Td>
                <Table.Td>
                  {run.error === null ? (
                    <Badge color="teal.9" variant="filled">
                      {t('operations.jobRuns.ok')}
                    </Badge>
                  ) : (
                    <Text size="sm" c="red.9">
                      {run.error}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {run.instance}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ListPager name="jobRuns" label={t('operations.jobRuns.title')} {...list.pager} />
    </Stack>
  );
}
