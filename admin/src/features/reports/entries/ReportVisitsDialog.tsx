import { Alert, Button, Group, Loader, Pagination, Table, Text, UnstyledButton } from '@mantine/core';
import type { EntryReportVisit } from '@vestibule/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AppDialog } from '../../../components/AppDialog.tsx';
import { EmptyRow } from '../../../components/EmptyRow.tsx';
import { saveTextFile } from '../../../format/saveTextFile.ts';
import { useDateTimeFormat } from '../../../format/useDateTimeFormat.ts';
import { VisitDetailDialog } from '../../entryLog/index.ts';
import { messageFromError, notifications } from '../../notifications/index.ts';
import { routeTable } from '../../routing/index.ts';
import { type ReportVisitsRequest, entryReportsApi } from './entryReportsApi.ts';
import { useReportText } from '../reportText.ts';
import { useReportAnswer } from './useReportAnswer.ts';

const PAGE = 25;

/**
 * The visits behind a figure (a group of the entry report, or a person of the attendance report),
 * newest check-in first, a page at a time, times on each building's clock; a row opens the visit;
 * "Download all as CSV" writes every one of them, not only the page.
 */
export function ReportVisitsDialog(props: {
  title: string;
  selection: Omit<ReportVisitsRequest, 'page' | 'limit'>;
  fileName: string;
  onClose: () => void;
}) {
  const { title, selection, fileName, onClose } = props;
  const { t } = useTranslation();
  const format = useDateTimeFormat();
  const text = useReportText();
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [opened, setOpened] = useState<string | null>(null);
  const query = { ...selection, page, limit: PAGE };
  const answer = useReportAnswer(JSON.stringify(query), (signal) => entryReportsApi.visits(query, signal));
  const download = async () => {
    try {
      saveTextFile(await entryReportsApi.visitsCsv(selection), `${fileName}.csv`, 'text/csv');
    } catch (error) {
      notifications.showError(messageFromError(error));
    }
  };
  const name = (visit: EntryReportVisit) =>
    [visit.firstName, visit.lastName].filter(Boolean).join(' ') || t('entryReports.visits.unnamed');
  const pages = answer.data ? Math.max(1, Math.ceil(answer.data.totalDocs / PAGE)) : 1;
  const columns = ['visitor', 'company', 'type', 'host', 'building', 'checkedIn', 'checkedOut', 'stay'] as const;
  return (
    <>
      <AppDialog opened={opened === null} onClose={onClose} title={title} size="xl" data-testid="report-visits">
        <Group justify="space-between" mb="sm">
          <Text size="sm">{answer.data ? t('entryReports.visits.count', { count: answer.data.totalDocs }) : ''}</Text>
          <Button variant="default" size="xs" onClick={() => void download()}>
            {t('entryReports.visits.csv')}
          </Button>
        </Group>
        {answer.failed ? (
          <Alert color="red" role="alert">
            {t('entryReports.entries.failed')}{' '}
            <Button variant="subtle" size="xs" onClick={answer.retry}>
              {t('entryReports.entries.retry')}
            </Button>
          </Alert>
        ) : answer.data === null ? (
          <Loader size="sm" aria-label={t('entryReports.entries.loading')} />
        ) : (
          <Table.ScrollContainer minWidth={800}>
            <Table striped highlightOnHover>
              <Table.Caption>{t('entryReports.visits.caption')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  {columns.map((column) => (
                    <Table.Th key={column} scope="col">
                      {t(`entryReports.visits.columns.${column}`)}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {answer.data.docs.length === 0 && (
                  <EmptyRow colSpan={columns.length} text={t('entryReports.visits.empty')} />
                )}
                {answer.data.docs.map((visit) => (
                  <Table.Tr key={visit.id}>
                    <Table.Td>
                      <UnstyledButton
                        onClick={() => setOpened(visit.id)}
                        aria-label={`${t('entryReports.visits.open')}: ${name(visit)}`}
                        td="underline"
                      >
                        {name(visit)}
                      </UnstyledButton>
                    </Table.Td>
                    <Table.Td>{visit.companyName ?? ''}</Table.Td>
                    <Table.Td>{t(`entryReports.types.${visit.visitorType}`)}</Table.Td>
                    <Table.Td>{visit.host ?? ''}</Table.Td>
                    <Table.Td>{visit.buildingName}</Table.Td>
                    <Table.Td>{format.dateTimeIn(visit.checkedInAt, visit.timeZoneId)}</Table.Td>
                    <Table.Td>
                      {visit.checkedOutAt
                        ? format.dateTimeIn(visit.checkedOutAt, visit.timeZoneId)
                        : t('entryReports.visits.stillInside')}
                    </Table.Td>
                    <Table.Td>{text.stay(visit.stayMinutes)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {pages > 1 && (
          <Group justify="center" mt="sm">
            <Pagination total={pages} value={page} onChange={setPage} size="sm" />
          </Group>
        )}
      </AppDialog>
      {opened !== null && (
        <VisitDetailDialog
          visitId={opened}
          onClose={() => setOpened(null)}
          // Check-in, check-out, changes and cancelling are the entry log's work: it opens there.
          onAction={() => void navigate(routeTable.checkInOut.path)}
        />
      )}
    </>
  );
}
