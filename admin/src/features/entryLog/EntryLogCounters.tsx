import { Paper, SimpleGrid, Text, Title } from '@mantine/core';
import type { VisitStats } from '@vestibule/shared';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { entryLogApi } from './entryLogApi.ts';
import classes from './EntryLog.module.css';

const counters = ['inBuilding', 'expectedToday', 'leavingWithinHour', 'checkedOutToday'] as const;

/**
 * The building's day at a glance (GET /meetingStats/{buildingId}, on the building's day): in the
 * building, expected today, leaving within an hour, checked out today. Loaded again with the list
 * (`version` moves on every change the screen makes or hears of).
 */
export function EntryLogCounters(props: { building: { id: string; name: string } | null; version: number }) {
  const { building, version } = props;
  const { t } = useTranslation();
  const headingId = useId();
  const [stats, setStats] = useState<{ buildingId: string; stats: VisitStats | null } | null>(null);
  const buildingId = building?.id ?? null;

  useEffect(() => {
    if (!buildingId) return;
    const controller = new AbortController();
    entryLogApi.stats(buildingId, controller.signal).then(
      (answer) => !controller.signal.aborted && setStats({ buildingId, stats: answer }),
      () => !controller.signal.aborted && setStats({ buildingId, stats: null }),
    );
    return () => controller.abort();
  }, [buildingId, version]);

  if (!building) {
    return (
      <Text size="sm" c="dimmed" data-testid="entry-log-counters-hint">
        {t('entryLog.counters.chooseBuilding')}
      </Text>
    );
  }
  const shown = stats?.buildingId === building.id ? stats : null;
  return (
    <section aria-labelledby={headingId} data-testid="entry-log-counters">
      <Title order={2} size="h4" id={headingId} mb="xs">
        {t('entryLog.counters.title', { building: building.name })}
      </Title>
      {shown && shown.stats === null ? (
        <Text size="sm">{t('entryLog.counters.failed')}</Text>
      ) : (
        <SimpleGrid component="dl" cols={{ base: 2, sm: 4 }} spacing="sm" className={classes.counters}>
          {counters.map((counter) => (
            <Paper
              key={counter}
              withBorder
              p="sm"
              radius="md"
              className={classes.counter}
              data-testid={`counter-${counter}`}
            >
              <dt className={classes.counterLabel}>{t(`entryLog.counters.${counter}`)}</dt>
              <dd className={classes.counterValue}>{shown?.stats ? shown.stats[counter] : '…'}</dd>
            </Paper>
          ))}
        </SimpleGrid>
      )}
    </section>
  );
}
