import { Alert, Progress, Stack, Text } from '@mantine/core';
import type { PeopleUploadReport } from '@vestibule/shared';
import { useTranslation } from 'react-i18next';

/** "Rows imported: 12 of 15 (10 new, 2 updated)", from the errors catalogue's PEOPLE_UPLOAD_SUMMARY. */
export function useUploadSummary(): (report: PeopleUploadReport) => string {
  const { t } = useTranslation();
  return (report) =>
    t('errors.PEOPLE_UPLOAD_SUMMARY', {
      count: report.count,
      total: report.total,
      details: t('people.upload.details', { created: report.created, updated: report.updated }),
    });
}

/** The upload's progress bar (whole percents), named for assistive technologies. */
export function UploadProgress({ percent }: { percent: number }) {
  const { t } = useTranslation();
  return (
    <Progress.Root size="lg">
      <Progress.Section value={percent} aria-label={t('people.upload.progress')} data-testid="upload-progress">
        <Progress.Label>{`${percent}%`}</Progress.Label>
      </Progress.Section>
    </Progress.Root>
  );
}

/** Step 4: the import's progress, then how many people it wrote. */
export function ImportStep(props: { percent: number; result: PeopleUploadReport | null }) {
  const { percent, result } = props;
  const { t } = useTranslation();
  const summary = useUploadSummary();
  return (
    <Stack gap="md">
      <Text size="sm">{t('people.upload.importHelp')}</Text>
      <UploadProgress percent={result ? 100 : percent} />
      {result && (
        <Alert color="teal.9" variant="light" role="status" data-testid="upload-result">
          {summary(result)}
        </Alert>
      )}
    </Stack>
  );
}
