import { Alert, Button, Group, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/Page.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { useDateTimeFormat } from '../../../format/useDateTimeFormat.ts';
import { messageFromError, useNoticeText } from '../../notifications/index.ts';
import { ReportFiltersBar } from '../ReportFiltersBar.tsx';
import { useReportFilters } from '../useReportFilters.ts';
import classes from './BuildingReport.module.css';
import { BuildingReportView } from './BuildingReportView.tsx';
import { useBuildingReport } from './useBuildingReport.ts';

/** While the screen is shown, printing leaves the shell and the filters out (BuildingReport.module.css). */
function usePrintLayout(): void {
  useEffect(() => {
    document.documentElement.dataset.printing = 'building-report';
    return () => {
      delete document.documentElement.dataset.printing;
    };
  }, []);
}

/**
 * /building-reports: one building, or up to ten side by side, over a period of their own calendars
 * (docs/reports.md, "Building report"); printed, a one-page summary.
 */
export function BuildingReportPage() {
  const { t } = useTranslation();
  usePrintLayout();
  const reportFilters = useReportFilters();
  const { filters, buildings } = reportFilters;
  const { state, reload } = useBuildingReport(filters);
  const format = useDateTimeFormat();
  const noticeText = useNoticeText();
  const names = filters.buildingIds
    .map((id) => buildings.find((building) => building.id === id)?.name)
    .filter((name): name is string => name !== undefined);
  const day = (value: string) => format.date(`${value}T12:00:00Z`, 'UTC');

  return (
    <Page title={t('buildingReport.title')} size="xl">
      {buildings.length === 0 ? (
        <Alert color="yellow" variant="light">
          {t('buildingReport.noBuilding')}
        </Alert>
      ) : (
        <>
          <ReportFiltersBar {...reportFilters} />
          <Group justify="space-between" align="flex-end" className={classes.summary}>
            <div>
              <Text fw={700} data-testid="building-report-summary">
                {t('buildingReport.summaryOf', {
                  buildings: names.join(', '),
                  from: day(filters.period.from),
                  to: day(filters.period.to),
                })}
              </Text>
              {state.kind === 'ready' && (
                <Text size="sm" c="dimmed">
                  {t('buildingReport.generatedAt', { time: format.dateTime(state.report.generatedAt) })}
                </Text>
              )}
            </div>
            <Button variant="default" onClick={() => window.print()} className={classes.noPrint}>
              {t('reports.print')}
            </Button>
          </Group>
          {state.kind === 'loading' && (
            <Group gap="xs" role="status">
              <Spinner />
              <Text size="sm">{t('common.pleaseWait')}</Text>
            </Group>
          )}
          {state.kind === 'failed' && (
            <Alert color="red" variant="light" title={t('buildingReport.loadFailed')}>
              <Text size="sm">{noticeText(messageFromError(state.error))}</Text>
              <Button variant="default" size="xs" mt="sm" onClick={reload}>
                {t('buildingReport.retry')}
              </Button>
            </Alert>
          )}
          {state.kind === 'ready' && <BuildingReportView report={state.report} />}
        </>
      )}
    </Page>
  );
}
