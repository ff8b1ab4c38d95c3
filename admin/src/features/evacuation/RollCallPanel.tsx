import { Button, Group, Progress, SegmentedControl, Text } from '@mantine/core';
import { type EvacuationGroup, rollCallTally } from '@vestibule/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateTimeFormat } from '../../format/useDateTimeFormat.ts';
import classes from './Evacuation.module.css';
import { useActorName } from './rollCallText.ts';
import type { RollCallView } from './useRollCall.ts';

/** Which people a running roll call's list shows on screen (paper always has everyone). */
export type RollCallFilter = 'all' | 'unmarked' | 'absent';

/**
 * Start a roll call (an alarm, or a drill); while it runs, who started it, how many of the people
 * inside are present, absent and not checked yet, a filter, and the end (asked again while
 * someone is not accounted for). After it ends, its outcome until the next one.
 */
export function RollCallPanel(props: {
  groups: readonly EvacuationGroup[];
  rollCall: RollCallView;
  filter: RollCallFilter;
  onFilter: (filter: RollCallFilter) => void;
  /** The building's time zone (its clock, named when it is not the viewer's). */
  zone: string | undefined;
}) {
  const { groups, rollCall, filter, onFilter, zone } = props;
  const { t } = useTranslation();
  const format = useDateTimeFormat();
  const actorName = useActorName();
  const [confirming, setConfirming] = useState(false);
  const current = rollCall.rollCall;
  const tally = rollCallTally(groups, rollCall.marks);
  if (rollCall.loading) return null;

  if (!current || current.endedAt !== null) {
    const last = current?.endedAt
      ? {
          reason: t(`evacuation.rollCall.reasons.${current.reason}`),
          time: format.brief(current.endedAt, zone),
          name: current.endedBy ? actorName(current.endedBy) : '',
          present: String(current.marks.filter((mark) => mark.status === 'PRESENT').length),
          absent: String(current.marks.filter((mark) => mark.status === 'ABSENT').length),
        }
      : undefined;
    return (
      <section className={`${classes.rollCall} ${classes.noPrint}`} aria-labelledby="roll-call-title">
        <Text component="h2" fw={700} size="lg" id="roll-call-title" className={classes.sectionTitle}>
          {t('evacuation.rollCall.title')}
        </Text>
        <Text size="sm">{t('evacuation.rollCall.intro')}</Text>
        {last && (
          <Text size="sm" data-testid="roll-call-last">
            {t('evacuation.rollCall.ended', last)}
          </Text>
        )}
        <Group gap="sm">
          <Button
            color="red.9"
            className={classes.solid}
            onClick={() => rollCall.start('ALARM')}
            disabled={tally.total === 0}
          >
            {t('evacuation.rollCall.startAlarm')}
          </Button>
          <Button variant="default" onClick={() => rollCall.start('DRILL')} disabled={tally.total === 0}>
            {t('evacuation.rollCall.startDrill')}
          </Button>
        </Group>
      </section>
    );
  }

  const accounted = t('evacuation.rollCall.accounted', { present: String(tally.present), total: String(tally.total) });
  const notAccounted = tally.total - tally.present;
  return (
    <section
      className={classes.rollCall}
      data-active="true"
      data-reason={current.reason}
      aria-labelledby="roll-call-title"
    >
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <Text component="h2" fw={700} size="lg" id="roll-call-title" className={classes.sectionTitle}>
            {t('evacuation.rollCall.running', { reason: t(`evacuation.rollCall.reasons.${current.reason}`) })}
          </Text>
          <Text size="sm" className={classes.noPrint}>
            {t('evacuation.rollCall.startedBy', {
              time: format.brief(current.startedAt, zone),
              name: actorName(current.startedBy),
            })}
          </Text>
        </div>
        {!confirming && (
          <Button
            color="red.9"
            variant="outline"
            className={classes.noPrint}
            onClick={() => (notAccounted > 0 ? setConfirming(true) : rollCall.end())}
          >
            {t('evacuation.rollCall.end')}
          </Button>
        )}
      </Group>
      {confirming && (
        <div className={`${classes.endConfirm} ${classes.noPrint}`} role="alert">
          <Text fw={600}>{t('evacuation.rollCall.endConfirm', { count: notAccounted })}</Text>
          <Group gap="sm">
            <Button
              color="red.9"
              className={classes.solid}
              onClick={() => {
                setConfirming(false);
                rollCall.end();
              }}
            >
              {t('evacuation.rollCall.end')}
            </Button>
            <Button variant="default" onClick={() => setConfirming(false)} data-autofocus>
              {t('evacuation.rollCall.keepGoing')}
            </Button>
          </Group>
        </div>
      )}
      <div role="status" data-testid="roll-call-count">
        <Text fw={700} size="lg">
          {accounted}
        </Text>
        <Text size="sm">
          {tally.present === tally.total
            ? t('evacuation.rollCall.allAccounted')
            : [
                tally.absent > 0 ? t('evacuation.rollCall.absentCount', { count: tally.absent }) : null,
                tally.unmarked > 0 ? t('evacuation.rollCall.unmarkedCount', { count: tally.unmarked }) : null,
              ]
                .filter(Boolean)
                .join(' · ')}
        </Text>
      </div>
      <Progress.Root size="lg" aria-hidden="true" className={classes.noPrint}>
        <Progress.Section value={tally.total === 0 ? 0 : (tally.present / tally.total) * 100} color="teal.9" />
        <Progress.Section value={tally.total === 0 ? 0 : (tally.absent / tally.total) * 100} color="red.9" />
      </Progress.Root>
      <Group justify="space-between" align="center" gap="sm" className={classes.noPrint}>
        <Text size="xs">{t('evacuation.rollCall.shared')}</Text>
        <SegmentedControl
          aria-label={t('evacuation.rollCall.show')}
          value={filter}
          onChange={(value) => onFilter(value as RollCallFilter)}
          data={(['all', 'unmarked', 'absent'] as const).map((value) => ({
            value,
            label: t(`evacuation.rollCall.filters.${value}`),
          }))}
        />
      </Group>
    </section>
  );
}
