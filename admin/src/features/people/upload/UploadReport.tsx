import { Alert, Stack, Table, Text } from '@mantine/core';
import { type PeopleUploadReport, isErrorCode } from '@vestibule/shared';
import { useTranslation } from 'react-i18next';

/**
 * Step 3: what a dry run found: how many rows can be imported, and each refusal at its row and
 * column, in words from the errors catalogue (PEOPLE_UPLOAD_*).
 */
export function UploadReport({ report }: { report: PeopleUploadReport }) {
  const { t } = useTranslation();
  const message = (errorCode: string, row: number) =>
    isErrorCode(errorCode) ? t(`errors.${errorCode}`, { row }) : errorCode;
  return (
    <Stack gap="md" data-testid="upload-report">
      <Text fw={600} aria-live="polite">
        {t('people.upload.wouldImport', {
          count: report.count,
          total: report.total,
          created: report.created,
          updated: report.updated,
        })}
      </Text>
      {report.stopped && (
        <Alert color="red.9" variant="light">
          {t('people.upload.stopped')}
        </Alert>
      )}
      {report.issues.length === 0 ? (
        <Text size="sm">{t('people.upload.noIssues')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={560} mah={360}>
          <Table withTableBorder verticalSpacing={4} stickyHeader data-testid="upload-issues">
            <Table.Caption>{t('people.upload.reportCaption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col" w={70}>
                  {t('people.upload.reportColumns.row')}
                </Table.Th>
                <Table.Th scope="col" w={180}>
                  {t('people.upload.reportColumns.column')}
                </Table.Th>
                <Table.Th scope="col">{t('people.upload.reportColumns.message')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.issues.map((issue, index) => (
                <Table.Tr key={`${issue.row}-${issue.column ?? ''}-${index}`}>
                  <Table.Td>{issue.row}</Table.Td>
                  <Table.Td>{issue.column ? t(`csv.people.${issue.column}`) : ''}</Table.Td>
                  <Table.Td>{message(issue.errorCode, issue.row)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
