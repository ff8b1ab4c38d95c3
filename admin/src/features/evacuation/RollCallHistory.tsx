import { Text } from '@mantine/core';
import { type EvacuationGroup, type RollCall, evacuationName } from '@vestibule/shared';
import { useTranslation } from 'react-i18next';
import { useDateTimeFormat } from '../../format/useDateTimeFormat.ts';
import classes from './Evacuation.module.css';
import { useActorName } from './rollCallText.ts';

/**
 * Every mark of the roll call, newest first: who marked whom, how and when. Two wardens who
 * marked the same person differently both appear; the list above shows the later mark.
 */
export function RollCallHistory({
  rollCall,
  groups,
  zone,
}: {
  rollCall: RollCall;
  groups: readonly EvacuationGroup[];
  /** The building's time zone (its clock, named when it is not the viewer's). */
  zone: string | undefined;
}) {
  const { t } = useTranslation();
  const format = useDateTimeFormat();
  const actorName = useActorName();
  if (rollCall.history.length === 0) return null;
  const names = new Map(
    groups.flatMap((group) =>
      group.people.map((person) => [person.visitId, evacuationName(person) || t('evacuation.unnamed')] as const),
    ),
  );
  const lines = [...rollCall.history].reverse().map((mark, index) => {
    const values = {
      time: format.brief(mark.markedAt, zone),
      who: actorName(mark.markedBy),
      name: names.get(mark.visitId) ?? t('evacuation.rollCall.gone'),
    };
    return {
      key: `${rollCall.history.length - index}`,
      text:
        mark.status === null
          ? t('evacuation.rollCall.historyUnmark', values)
          : t('evacuation.rollCall.historyLine', {
              ...values,
              status: t(`evacuation.rollCall.statuses.${mark.status}`),
            }),
    };
  });
  return (
    <details className={`${classes.history} ${classes.noPrint}`} data-testid="roll-call-history">
      <summary>{t('evacuation.rollCall.history', { count: rollCall.history.length })}</summary>
      <ol>
        {lines.map((line) => (
          <li key={line.key}>
            <Text size="sm" span>
              {line.text}
            </Text>
          </li>
        ))}
      </ol>
    </details>
  );
}
