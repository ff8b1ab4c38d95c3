import { Anchor, Button, Table, Text } from '@mantine/core';
import { type CurrentMark, type EvacuationGroup, type EvacuationPerson, evacuationName } from '@vestibule/shared';
import { useTranslation } from 'react-i18next';
import { useDateTimeFormat } from '../../format/useDateTimeFormat.ts';
import classes from './Evacuation.module.css';
import type { RollCallFilter } from './RollCallPanel.tsx';
import { useActorName } from './rollCallText.ts';
import type { RollCallView } from './useRollCall.ts';
import { VisitPhoto } from '../../components/VisitPhoto.tsx';

/** Whether the filter of a running roll call shows a person on screen. */
export function shownBy(filter: RollCallFilter, mark: CurrentMark | undefined): boolean {
  if (filter === 'unmarked') return mark === undefined;
  if (filter === 'absent') return mark?.status === 'ABSENT';
  return true;
}

/** A number to tap on a phone (the dialler gets the digits and a leading +). */
function PhoneLink({ person, name }: { person: EvacuationPerson; name: string }) {
  const { t } = useTranslation();
  if (!person.phone) return null;
  return (
    <Anchor
      href={`tel:${person.phone.replace(/[^\d+]/g, '')}`}
      aria-label={t('evacuation.callPerson', { name, phone: person.phone })}
      className={classes.phone}
    >
      {person.phone}
    </Anchor>
  );
}

/** Present and absent, each pressed again to take the mark back; who marked and when beneath. */
function MarkButtons(props: {
  person: EvacuationPerson;
  name: string;
  rollCall: RollCallView;
  zone: string | undefined;
}) {
  const { person, name, rollCall, zone } = props;
  const { t } = useTranslation();
  const format = useDateTimeFormat();
  const actorName = useActorName();
  const mark = rollCall.marks.get(person.visitId);
  const saving = rollCall.saving.has(person.visitId);
  const toggle = (status: 'PRESENT' | 'ABSENT') =>
    rollCall.mark(person.visitId, mark?.status === status ? null : status);
  return (
    <div className={classes.markButtons}>
      <Button.Group>
        <Button
          size="sm"
          color="teal.9"
          className={classes.solid}
          variant={mark?.status === 'PRESENT' ? 'filled' : 'default'}
          aria-pressed={mark?.status === 'PRESENT'}
          aria-label={t('evacuation.rollCall.markPresent', { name })}
          onClick={() => toggle('PRESENT')}
        >
          {t('evacuation.rollCall.present')}
        </Button>
        <Button
          size="sm"
          color="red.9"
          className={classes.solid}
          variant={mark?.status === 'ABSENT' ? 'filled' : 'default'}
          aria-pressed={mark?.status === 'ABSENT'}
          aria-label={t('evacuation.rollCall.markAbsent', { name })}
          onClick={() => toggle('ABSENT')}
        >
          {t('evacuation.rollCall.absent')}
        </Button>
      </Button.Group>
      <Text size="xs" className={classes.markedBy} data-testid="roll-call-marked-by">
        {saving
          ? t('evacuation.rollCall.saving')
          : mark
            ? t('evacuation.rollCall.markedBy', {
                name: actorName(mark.markedBy),
                time: format.brief(mark.markedAt, zone),
              })
            : ''}
      </Text>
    </div>
  );
}

/**
 * One person type's people inside: name, phone, company, host, check-in time. During a roll call
 * each row has its marks; on paper, a box to tick (ticked or crossed when marked).
 */
export function EvacuationGroupTable(props: {
  group: EvacuationGroup;
  rollCall: RollCallView;
  filter: RollCallFilter;
  /** The building's time zone: times are on its clock, the zone named when it is not the viewer's. */
  zone: string | undefined;
}) {
  const { group, rollCall, filter, zone } = props;
  const { t } = useTranslation();
  const format = useDateTimeFormat();
  // Today's arrivals as times, earlier ones with their date (someone in since yesterday stands out).
  const time = (iso: string) => format.brief(iso, zone);
  const title = t(`evacuation.groups.${group.visitorType}`);
  const running = rollCall.running;
  // Out of a roll call the marks column is paper's only.
  const markColumn = running ? classes.markColumn : `${classes.markColumn} ${classes.printOnly}`;
  const anyShown = !running || group.people.some((person) => shownBy(filter, rollCall.marks.get(person.visitId)));
  return (
    <section
      className={anyShown ? classes.group : `${classes.group} ${classes.filteredOut}`}
      aria-label={title}
      data-testid={`evacuation-group-${group.visitorType}`}
    >
      <Table
        striped
        withTableBorder
        className={
          group.people.some((person) => person.hasPhoto) ? `${classes.table} ${classes.withFaces}` : classes.table
        }
        verticalSpacing={4}
      >
        <caption className={classes.caption}>
          {t('evacuation.groupCaption', { group: title, count: group.people.length })}
        </caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th className={markColumn}>
              <span className={classes.screenOnly}>{t('evacuation.columns.mark')}</span>
              <span className={classes.printOnly} aria-hidden="true">
                {t('evacuation.columns.paperMark')}
              </span>
            </Table.Th>
            <Table.Th className={classes.nameColumn}>{t('evacuation.columns.name')}</Table.Th>
            <Table.Th className={`${classes.wide} ${classes.phoneColumn}`}>{t('evacuation.columns.phone')}</Table.Th>
            <Table.Th className={`${classes.wide} ${classes.companyColumn}`}>
              {t('evacuation.columns.company')}
            </Table.Th>
            <Table.Th className={`${classes.wide} ${classes.hostColumn}`}>{t('evacuation.columns.host')}</Table.Th>
            <Table.Th className={`${classes.wide} ${classes.timeColumn}`}>{t('evacuation.columns.checkedIn')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {group.people.map((person) => {
            const name = evacuationName(person) || t('evacuation.unnamed');
            const mark = rollCall.marks.get(person.visitId);
            const hidden = running && !shownBy(filter, mark);
            return (
              <Table.Tr
                key={person.visitId}
                data-testid="evacuation-person"
                data-mark={mark?.status ?? 'none'}
                className={hidden ? classes.filteredOut : undefined}
              >
                <Table.Td className={markColumn}>
                  {running && <MarkButtons person={person} name={name} rollCall={rollCall} zone={zone} />}
                  {/* On paper, a box to tick by hand, or the mark already made. */}
                  <span className={`${classes.paperBox} ${classes.printOnly}`} aria-hidden="true">
                    {mark?.status === 'PRESENT' ? '✓' : mark?.status === 'ABSENT' ? '✗' : ''}
                  </span>
                </Table.Td>
                <Table.Td className={classes.name}>
                  {/* A small face beside the name: a warden recognises people by it. */}
                  <span className={classes.face}>
                    <VisitPhoto visitId={person.visitId} hasPhoto={person.hasPhoto} name={name} size={32} />
                  </span>
                  <span data-name="">{name}</span>
                  {/* On a phone the other columns are left out: the number and company come here. */}
                  <span className={classes.narrowOnly}>
                    <PhoneLink person={person} name={name} />
                    {person.companyName && <Text size="xs">{person.companyName}</Text>}
                  </span>
                </Table.Td>
                <Table.Td className={`${classes.wide} ${classes.phoneCell}`} data-phone="">
                  <PhoneLink person={person} name={name} />
                </Table.Td>
                <Table.Td className={classes.wide}>{person.companyName ?? ''}</Table.Td>
                <Table.Td className={classes.wide}>{person.host ?? t('evacuation.noHost')}</Table.Td>
                <Table.Td className={`${classes.wide} ${classes.timeColumn}`}>{time(person.checkedInAt)}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </section>
  );
}
