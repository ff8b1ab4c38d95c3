import { Checkbox, Table } from '@mantine/core';
import { type EvacuationGroup, evacuationName } from '@vestibule/shared';
import { useTranslation } from 'react-i18next';
import { useDateTimeFormat } from '../../format/useDateTimeFormat.ts';
import classes from './Evacuation.module.css';
import type { RollCall } from './useRollCall.ts';

/** A moment today as its time, an earlier one with its date (someone in since yesterday stands out). */
function useCheckInTime(): (iso: string) => string {
  const format = useDateTimeFormat();
  const today = format.date(new Date());
  return (iso) => (format.date(iso) === today ? format.time(iso) : format.dateTime(iso));
}

/** One person type's people inside: name, company, host, check-in time, and a safe mark during a roll call. */
export function EvacuationGroupTable({ group, rollCall }: { group: EvacuationGroup; rollCall: RollCall }) {
  const { t } = useTranslation();
  const time = useCheckInTime();
  const title = t(`evacuation.groups.${group.visitorType}`);
  return (
    <section className={classes.group} aria-label={title} data-testid={`evacuation-group-${group.visitorType}`}>
      <Table striped withTableBorder className={classes.table} verticalSpacing={4}>
        <caption className={classes.caption}>
          {t('evacuation.groupCaption', { group: title, count: group.people.length })}
        </caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th className={classes.safeColumn}>{t('evacuation.columns.safe')}</Table.Th>
            <Table.Th>{t('evacuation.columns.name')}</Table.Th>
            <Table.Th>{t('evacuation.columns.company')}</Table.Th>
            <Table.Th>{t('evacuation.columns.host')}</Table.Th>
            <Table.Th>{t('evacuation.columns.checkedIn')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {group.people.map((person) => {
            const name = evacuationName(person) || t('evacuation.unnamed');
            const safe = rollCall.safe.has(person.visitId);
            return (
              <Table.Tr key={person.visitId} data-testid="evacuation-person" data-safe={safe ? 'true' : 'false'}>
                <Table.Td className={classes.safeColumn}>
                  {rollCall.active ? (
                    <Checkbox
                      aria-label={t('evacuation.rollCall.markSafe', { name })}
                      checked={safe}
                      onChange={(event) => rollCall.toggle(person.visitId, event.currentTarget.checked)}
                    />
                  ) : (
                    // On paper, a box to tick by hand.
                    <span className={classes.paperBox} aria-hidden="true" />
                  )}
                </Table.Td>
                <Table.Td className={classes.name} data-name="">
                  {name}
                </Table.Td>
                <Table.Td>{person.companyName ?? ''}</Table.Td>
                <Table.Td>{person.host ?? t('evacuation.noHost')}</Table.Td>
                <Table.Td>{time(person.checkedInAt)}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </section>
  );
}
