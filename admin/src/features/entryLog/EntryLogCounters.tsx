import { SimpleGrid, Text, Title, UnstyledButton } from '@mantine/core';
import { type VisitCounter, type VisitStats, visitCounters } from '@vestibule/shared';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { entryLogApi } from './entryLogApi.ts';
import classes from './EntryLog.module.css';

/**
 * The building's day at a glance (GET /meetingStats/{buildingId}, on the building's day): in the
 * building, expected today, leaving within an hour, checked out today. Each tile is a toggle
 * button that filters the list to what it counts (the same query on the server, so its number is
 * the list's length). Loaded again with the list (`version` moves on every change the screen
 * makes or hears of).
 */
export function EntryLogCounters(props: {
  building: { id: string; name: string } | null;
  version: number;
  /** The tile whose visits the list shows, if any. */
  active: VisitCounter | undefined;
  onChoose: (counter: VisitCounter) => void;
}) {
  const { building, version, active, onChoose } = props;
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
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          {visitCounters.map((counter) => (
            <UnstyledButton
              key={counter}
              className={classes.counter}
              aria-pressed={active === counter}
              title={t('entryLog.counters.filterHelp')}
              onClick={() => onChoose(counter)}
              data-testid={`counter-${counter}`}
            >
              <span className={classes.counterLabel}>{t(`entryLog.counters.${counter}`)}</span>
              <span className={classes.counterValue} data-testid={`counter-${counter}-value`}>
                {shown?.stats ? shown.stats[counter] : '…'}
              </span>
            </UnstyledButton>
          ))}
        </SimpleGrid>
      )}
    </section>
  );
}
