import { Button, Group, Progress, Text } from '@mantine/core';
import { type EvacuationGroup, rollCallCount } from '@vestibule/shared';
import { useTranslation } from 'react-i18next';
import classes from './Evacuation.module.css';
import type { RollCall } from './useRollCall.ts';

/** Start or end the roll call; while it runs, how many of the people inside are accounted for. */
export function RollCallBar({ groups, rollCall }: { groups: readonly EvacuationGroup[]; rollCall: RollCall }) {
  const { t } = useTranslation();
  const { accounted, total } = rollCallCount(groups, rollCall.safe);
  const missing = total - accounted;
  return (
    <div className={classes.rollCall} data-active={rollCall.active ? 'true' : 'false'}>
      {rollCall.active ? (
        <>
          <Group justify="space-between" gap="sm">
            <div role="status" data-testid="roll-call-count">
              <Text fw={700} size="lg">
                {t('evacuation.rollCall.accounted', { accounted: String(accounted), total: String(total) })}
              </Text>
              <Text size="sm">
                {missing === 0
                  ? t('evacuation.rollCall.allAccounted')
                  : t('evacuation.rollCall.missing', { count: missing })}
              </Text>
            </div>
            <Group gap="sm" className={classes.noPrint}>
              <Button variant="default" onClick={rollCall.clear} disabled={rollCall.safe.size === 0}>
                {t('evacuation.rollCall.clear')}
              </Button>
              <Button color="red.9" onClick={rollCall.end}>
                {t('evacuation.rollCall.end')}
              </Button>
            </Group>
          </Group>
          <Progress
            value={total === 0 ? 100 : (accounted / total) * 100}
            color="teal.9"
            aria-hidden="true"
            className={classes.noPrint}
          />
          <Text size="xs" className={classes.noPrint}>
            {t('evacuation.rollCall.kept')}
          </Text>
        </>
      ) : (
        <Button onClick={rollCall.start} className={classes.noPrint} disabled={total === 0}>
          {t('evacuation.rollCall.start')}
        </Button>
      )}
    </div>
  );
}
