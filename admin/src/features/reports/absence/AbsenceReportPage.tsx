import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type AttendancePerson, attendanceSorts, isoWeekdayNames } from '@vestibule/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyRow } from '../../../components/EmptyRow.tsx';
import { ListPager } from '../../../components/ListPager.tsx';
import { Page } from '../../../components/Page.tsx';
import { saveTextFile } from '../../../format/saveTextFile.ts';
import { useDateTimeFormat } from '../../../format/useDateTimeFormat.ts';
import { messageFromError, notifications } from '../../notifications/index.ts';
import { ReportFiltersBar } from '../ReportFiltersBar.tsx';
import { useReportFilters } from '../useReportFilters.ts';
import { ReportVisitsDialog } from '../entries/ReportVisitsDialog.tsx';
import { type AttendanceRequest, entryReportsApi } from '../entries/entryReportsApi.ts';
import { useReportText } from '../reportText.ts';
import { useReportAnswer } from '../entries/useReportAnswer.ts';

type Sort = (typeof attendanceSorts)[number];
/** The department filter's value for "no department" (the server reads '' as none). */
const NONE = '';
const ALL = 'all';

/**
 * Attendance and absence (/absence-reports; docs/reports.md): the directory's employees
 * and residents of the buildings, the working days of the period each was expected and the days
 * they came in, the rates by department and building, the people never seen; a person opens their
 * visits of the period. People are paged by the server.
 */
export function AbsenceReportPage() {
  const { t } = useTranslation();
  const format = useDateTimeFormat();
  const text = useReportText();
  const report = useReportFilters('thisMonth');
  const { filters } = report;
  const [department, setDepartment] = useState<string>(ALL);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [neverSeen, setNeverSeen] = useState(false);
  const [sort, setSort] = useState<Sort>('name');
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(50);
  const [opened, setOpened] = useState<AttendancePerson | null>(null);

  const asked: Omit<AttendanceRequest, 'page' | 'limit'> = {
    buildingIds: filters.buildingIds.join(','),
    from: filters.period.from,
    to: filters.period.to,
    sort,
    ...(department === ALL ? {} : { department }),
    ...(debounced ? { search: debounced } : {}),
    ...(neverSeen ? { neverSeen: 'true' as const } : {}),
  };
  const query = { ...asked, page, limit };
  const ready = filters.buildingIds.length > 0 && filters.periodProblem === null;
  const answer = useReportAnswer(ready ? JSON.stringify(query) : null, (signal) =>
    entryReportsApi.attendance(query, signal),
  );
  const data = answer.data;
  const refilter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  const day = (value: string) => {
    const [year, month, date] = value.split('-').map(Number) as [number, number, number];
    return format.date(new Date(year, month - 1, date));
  };
  const name = (person: AttendancePerson) => `${person.firstName} ${person.lastName}`;
  const download = async () => {
    try {
      const csv = await entryReportsApi.attendanceCsv(asked);
      saveTextFile(
        csv,
        `${t('entryReports.absence.fileName')}-${filters.period.from}-${filters.period.to}.csv`,
        'text/csv',
      );
    } catch (error) {
      notifications.showError(messageFromError(error));
    }
  };
  const rateHeadings = ['people', 'expected', 'attended', 'rate', 'neverSeen'] as const;
  const rateCells = (figures: {
    people: number;
    expectedDays: number;
    attendedDays: number;
    rate: number | null;
    neverSeen: number;
  }) => [
    text.count(figures.people),
    text.count(figures.expectedDays),
    text.count(figures.attendedDays),
    text.rate(figures.rate),
    text.count(figures.neverSeen),
  ];
  const weekdays = (days: number[]) =>
    days.map((weekday) => t(`entryReports.weekdays.${isoWeekdayNames[weekday - 1] ?? 'mon'}`)).join(', ');
  const personColumns = ['name', 'department', 'building', 'expected', 'attended', 'rate', 'absentDays'] as const;

  return (
    <Page title={t('entryReports.absence.title')} size="xl">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('entryReports.absence.intro')}
        </Text>
        <ReportFiltersBar {...report} />
        <Group align="flex-end" wrap="wrap" gap="md">
          <Select
            label={t('entryReports.absence.department')}
            data={[
              { value: ALL, label: t('entryReports.absence.allDepartments') },
              ...(data?.departmentNames ?? []).map((value) => ({ value, label: value })),
              { value: NONE, label: t('entryReports.absence.noDepartment') },
            ]}
            value={department}
            allowDeselect={false}
            onChange={(value) => value !== null && refilter(setDepartment)(value)}
            w={220}
          />
          <TextInput
            label={t('entryReports.absence.search')}
            value={search}
            onChange={(event) => refilter(setSearch)(event.currentTarget.value)}
            w={220}
          />
          <Select
            label={t('entryReports.absence.sort')}
            data={attendanceSorts.map((value) => ({ value, label: t(`entryReports.absence.sorts.${value}`) }))}
            value={sort}
            allowDeselect={false}
            onChange={(value) => value !== null && refilter(setSort)(value as Sort)}
            w={220}
          />
          <Checkbox
            label={t('entryReports.absence.neverSeen')}
            checked={neverSeen}
            onChange={(event) => refilter(setNeverSeen)(event.currentTarget.checked)}
            mb={8}
          />
          <Button variant="default" onClick={() => void download()} disabled={!data} ml="auto">
            {t('entryReports.absence.csv')}
          </Button>
        </Group>
        {answer.failed && (
          <Alert color="red" role="alert">
            {t('entryReports.absence.failed')}{' '}
            <Button variant="subtle" size="xs" onClick={answer.retry}>
              {t('entryReports.absence.retry')}
            </Button>
          </Alert>
        )}
        {answer.loading && <Loader size="sm" aria-label={t('entryReports.absence.loading')} />}
        {data && (
          <>
            <SimpleGrid cols={{ base: 2, sm: 5 }} role="list" aria-label={t('entryReports.absence.title')}>
              {rateHeadings.map((heading, index) => (
                <div key={heading} role="listitem">
                  <Text size="xs" c="dimmed">
                    {t(`entryReports.absence.summary.${heading}`)}
                  </Text>
                  <Text size="xl" fw={600} data-testid={`summary-${heading}`}>
                    {rateCells(data.total)[index]}
                  </Text>
                </div>
              ))}
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              <RateTable
                caption={t('entryReports.absence.byDepartment')}
                first={t('entryReports.absence.department')}
                headings={rateHeadings.map((heading) => t(`entryReports.absence.summary.${heading}`))}
                rows={data.departments.map((row) => ({
                  key: row.department ?? NONE,
                  label: row.department ?? t('entryReports.absence.noDepartment'),
                  cells: rateCells(row),
                }))}
              />
              <RateTable
                caption={t('entryReports.absence.byBuilding')}
                first={t('entryReports.absence.columns.building')}
                headings={rateHeadings.map((heading) => t(`entryReports.absence.summary.${heading}`))}
                rows={data.buildings.map((row) => ({
                  key: row.buildingId,
                  label: `${row.buildingName} (${t('entryReports.absence.workingDays')}: ${weekdays(row.workingDays)})`,
                  cells: rateCells(row),
                }))}
              />
            </SimpleGrid>
            <Table.ScrollContainer minWidth={800}>
              <Table striped highlightOnHover>
                <Table.Caption>{t('entryReports.absence.peopleCaption', { count: data.totalDocs })}</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    {personColumns.map((column) => (
                      <Table.Th key={column} scope="col">
                        {t(`entryReports.absence.columns.${column}`)}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.docs.length === 0 && (
                    <EmptyRow colSpan={personColumns.length} text={t('entryReports.absence.empty')} />
                  )}
                  {data.docs.map((person) => (
                    <Table.Tr key={person.id}>
                      <Table.Th scope="row" fw="normal">
                        <UnstyledButton
                          onClick={() => setOpened(person)}
                          aria-label={t('entryReports.absence.openPerson', { name: name(person) })}
                          td="underline"
                        >
                          {name(person)}
                        </UnstyledButton>
                      </Table.Th>
                      <Table.Td>{person.department ?? ''}</Table.Td>
                      <Table.Td>{person.buildingName}</Table.Td>
                      <Table.Td ta="right">{text.count(person.expectedDays)}</Table.Td>
                      <Table.Td ta="right">{text.count(person.attendedDays)}</Table.Td>
                      <Table.Td ta="right">
                        {person.expectedDays === 0 ? t('entryReports.absence.notExpected') : text.rate(person.rate)}
                      </Table.Td>
                      <Table.Td>
                        <Text size="xs">{person.absentDays.map(day).join(', ')}</Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <ListPager
              name="attendance"
              label={t('entryReports.absence.peopleCaption', { count: data.totalDocs })}
              total={data.totalDocs}
              page={page}
              limit={limit}
              onPage={setPage}
              onLimit={refilter(setLimit)}
            />
          </>
        )}
      </Stack>
      {opened && (
        <ReportVisitsDialog
          title={t('entryReports.visits.personTitle', { name: name(opened) })}
          selection={{
            buildingIds: opened.buildingId,
            from: filters.period.from,
            to: filters.period.to,
            personId: opened.id,
          }}
          fileName={`${opened.lastName}-${filters.period.from}-${filters.period.to}`}
          onClose={() => setOpened(null)}
        />
      )}
    </Page>
  );
}

/** A table of rates (by department, by building): a real table, for screen readers and copy-paste. */
function RateTable(props: {
  caption: string;
  first: string;
  headings: string[];
  rows: { key: string; label: string; cells: string[] }[];
}) {
  return (
    <Table striped>
      <Table.Caption>{props.caption}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{props.first}</Table.Th>
          {props.headings.map((heading) => (
            <Table.Th key={heading} scope="col" ta="right">
              {heading}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {props.rows.map((row) => (
          <Table.Tr key={row.key}>
            <Table.Th scope="row" fw="normal">
              {row.label}
            </Table.Th>
            {row.cells.map((cell, index) => (
              <Table.Td key={props.headings[index]} ta="right">
                {cell}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
