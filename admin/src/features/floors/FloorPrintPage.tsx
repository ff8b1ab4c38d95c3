import { Alert, Button, Group, Text } from '@mantine/core';
import type { FloorLayout } from '@vestibule/shared';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { api } from '../../api/apiClient.ts';
import { Spinner } from '../../components/Spinner.tsx';
import { useDateTimeFormat } from '../../format/useDateTimeFormat.ts';
import { messageFromError, useNoticeText } from '../notifications/index.ts';
import { BLANK_PLAN, PlanLegend, PlanPatterns, SpaceFigure, useKindLetters } from '../spaces/index.ts';
import classes from './FloorPrint.module.css';
import { useLoaded } from './floorsData.ts';

/**
 * /admin/floor/print/{id}: a floor's plan with its spaces and their names, titled with the
 * building, the floor and the day, on one landscape page (A4 or Letter; FloorPrint.module.css).
 * The route has no toolbar nor footer; the Print button is not printed.
 */
export function FloorPrintPage() {
  const { t } = useTranslation();
  const noticeText = useNoticeText();
  const { id = '' } = useParams();
  const load = useCallback(
    (signal: AbortSignal) => api.call('GET /floor/:id/layout', { params: { id }, signal }),
    [id],
  );
  const { state } = useLoaded<FloorLayout>(load);

  return (
    <div className={classes.sheet}>
      {state.kind === 'loaded' ? (
        <PrintedPlan layout={state.data} />
      ) : (
        <>
          <h1 className={classes.title}>{t('floors.printPage.title')}</h1>
          {state.kind === 'loading' ? (
            <Spinner />
          ) : (
            <Alert color="red" variant="light" title={t('floors.printPage.loadFailed')}>
              {noticeText(messageFromError(state.error))}
            </Alert>
          )}
        </>
      )}
    </div>
  );
}

function PrintedPlan({ layout }: { layout: FloorLayout }) {
  const { t } = useTranslation();
  const format = useDateTimeFormat();
  const letters = useKindLetters();
  const { floor, spaces } = layout;
  const size = floor.image ?? BLANK_PLAN;
  const placed = spaces.filter((space) => space.shape !== null);
  const title = t('floors.printPage.heading', { building: floor.buildingName, floor: floor.name });
  return (
    <>
      <Group justify="space-between" align="flex-end">
        <div>
          <h1 className={classes.title}>{title}</h1>
          <Text size="sm">{t('floors.printPage.printedOn', { date: format.date(new Date()) })}</Text>
        </div>
        <Button className={classes.noPrint} onClick={() => window.print()}>
          {t('floors.printPage.print')}
        </Button>
      </Group>
      <svg
        className={classes.plan}
        viewBox={`0 0 ${size.width} ${size.height}`}
        preserveAspectRatio="xMidYMid meet"
        role="img"
        aria-label={t('floors.printPage.planLabel', { name: floor.name, count: placed.length })}
        data-testid="printed-plan"
      >
        <PlanPatterns prefix="print" />
        {floor.image ? (
          <image href={floor.image.url} x={0} y={0} width={size.width} height={size.height} />
        ) : (
          <rect x={0} y={0} width={size.width} height={size.height} fill="#fafafa" stroke="#bdbdbd" />
        )}
        {placed.map((space) => (
          <g key={space.id} data-testid="printed-space">
            <SpaceFigure
              space={space}
              shape={space.shape!}
              size={size}
              letter={letters[space.kind]}
              showName
              hatch="print-hatch"
            />
          </g>
        ))}
      </svg>
      <PlanLegend spaces={placed} />
    </>
  );
}
