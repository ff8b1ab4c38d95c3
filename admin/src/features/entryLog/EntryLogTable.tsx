import { ActionIcon, Anchor, Button, Table, Text } from '@mantine/core';
import type { VisitListItem, VisitSortColumn } from '@vestibule/shared';
import { useTranslation } from 'react-i18next';
import { EmptyRow } from '../../components/EmptyRow.tsx';
import { IconLogin, IconTrash } from '../../components/ListIcons.tsx';
import { RowActions } from '../../components/RowActions.tsx';
import { SortableHeading, sortDirection } from '../../components/SortableHeading.tsx';
import { useDateTimeFormat } from '../../format/useDateTimeFormat.ts';
import { badgePagePath } from '../badge/index.ts';
import { IconBolt, IconCancel, IconCheckOut, IconPrinter, IconRefuse, IconUndo } from './EntryLogIcons.tsx';
import { useDurationText } from './useDurationText.ts';
import { VisitStatusBadge, badgeStateOf } from './VisitStatusBadge.tsx';
import classes from './EntryLog.module.css';
import { type RowAction, actionsFor, hasBadge, shownName } from './visitActions.ts';

/**
 * One page of visits; the visitor's name opens the visit, the row's buttons act on it. Times are
 * on the building's clock (its zone named when it is not the viewer's): the time alone today, a
 * short date on another day, the full moment on hover. The building column shows only when the
 * list is of several buildings.
 */
export function EntryLogTable(props: {
  visits: VisitListItem[] | null;
  /** Whether the list is of one building (its column is then left out). */
  oneBuilding: boolean;
  sort: { column: VisitSortColumn; order: 1 | -1 };
  onSort: (column: VisitSortColumn) => void;
  role: string | undefined;
  onOpen: (visit: VisitListItem) => void;
  onAction: (action: RowAction, visit: VisitListItem) => void;
  emptyText: string;
}) {
  const { visits, oneBuilding, sort, onSort, role, onOpen, onAction, emptyText } = props;
  const { t } = useTranslation();
  const format = useDateTimeFormat();
  const durationText = useDurationText();
  const columns = oneBuilding ? 9 : 10;
  const moment = (value: string | null, zone: string) =>
    value ? (
      <time dateTime={value} title={format.dateTimeIn(value, zone)} className={classes.nowrap}>
        {format.brief(value, zone)}
      </time>
    ) : null;
  const heading = (column: VisitSortColumn) => (
    <SortableHeading
      label={t(`entryLog.list.columns.${column}` as 'entryLog.list.columns.lastName')}
      direction={sortDirection(sort, column)}
      onSort={() => onSort(column)}
    />
  );
  return (
    <Table.ScrollContainer minWidth={oneBuilding ? 1000 : 1100}>
      <Table highlightOnHover withTableBorder verticalSpacing="sm" data-testid="entry-log-table">
        <Table.Caption>{t('entryLog.list.caption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {heading('lastName')}
            {heading('visitorType')}
            {heading('companyName')}
            {heading('host')}
            {!oneBuilding && <Table.Th scope="col">{t('entryLog.list.columns.building')}</Table.Th>}
            {heading('scheduledAt')}
            {heading('checkedInAt')}
            {heading('checkedOutAt')}
            <Table.Th scope="col">{t('entryLog.list.columns.status')}</Table.Th>
            <Table.Th scope="col">{t('entryLog.list.columns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {visits?.map((visit) => {
            const name = shownName(visit, t);
            const actions = actionsFor(role, visit);
            return (
              <Table.Tr key={visit.id} data-testid={`visit-row-${visit.id}`}>
                <Table.Td>
                  <Anchor
                    component="button"
                    type="button"
                    fw={600}
                    onClick={() => onOpen(visit)}
                    aria-label={t('entryLog.rowActions.details', { name })}
                  >
                    {name}
                  </Anchor>
                  {visit.email && (
                    <Text size="xs" c="dimmed" className={classes.email}>
                      {visit.email}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{t(`people.types.${visit.visitorType}`)}</Table.Td>
                <Table.Td>{visit.companyName ?? ''}</Table.Td>
                <Table.Td>{visit.host ?? ''}</Table.Td>
                {!oneBuilding && <Table.Td>{visit.buildingName}</Table.Td>}
                <Table.Td>
                  {moment(visit.scheduledAt, visit.timeZoneId)}
                  {visit.scheduledAt && visit.scheduledDuration && (
                    <Text size="xs" c="dimmed" className={classes.nowrap}>
                      {t('entryLog.list.forDuration', { duration: durationText(visit.scheduledDuration) })}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{moment(visit.checkedInAt, visit.timeZoneId)}</Table.Td>
                <Table.Td>{moment(visit.checkedOutAt, visit.timeZoneId)}</Table.Td>
                <Table.Td className={classes.statusCell}>
                  <VisitStatusBadge state={badgeStateOf(visit)} flagged={visit.flagged} held={visit.held} />
                </Table.Td>
                <Table.Td>
                  <VisitRowActions
                    name={name}
                    actions={actions}
                    // A visitor held at the door gets a badge once let in.
                    badgeHref={hasBadge(visit) && !visit.held ? badgePagePath(visit.id) : null}
                    onAction={(action) => onAction(action, visit)}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
          {visits?.length === 0 && <EmptyRow colSpan={columns} text={emptyText} />}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The door's work as worded buttons; the rarer actions as icon buttons named after the visitor. */
function VisitRowActions(props: {
  name: string;
  actions: RowAction[];
  /** The visit's badge page, opened in a tab of its own; null: no badge to print. */
  badgeHref: string | null;
  onAction: (action: RowAction) => void;
}) {
  const { name, actions, badgeHref, onAction } = props;
  const { t } = useTranslation();
  const has = (action: RowAction) => actions.includes(action);
  return (
    <RowActions>
      {/* Icons, as the row's other rarer actions: the row's "held" badge says a decision is due. */}
      {has('approveHeld') && (
        <ActionIcon
          variant="filled"
          aria-label={t('entryLog.rowActions.approveHeldOf', { name })}
          title={t('entryLog.rowActions.approveHeldOf', { name })}
          onClick={() => onAction('approveHeld')}
        >
          <IconLogin size={18} />
        </ActionIcon>
      )}
      {has('refuseHeld') && (
        <ActionIcon
          variant="subtle"
          color="red.9"
          aria-label={t('entryLog.rowActions.refuseHeldOf', { name })}
          title={t('entryLog.rowActions.refuseHeldOf', { name })}
          onClick={() => onAction('refuseHeld')}
        >
          <IconRefuse />
        </ActionIcon>
      )}
      {has('checkIn') && (
        <Button
          size="compact-sm"
          leftSection={<IconLogin size={16} />}
          aria-label={t('entryLog.rowActions.checkInOf', { name })}
          onClick={() => onAction('checkIn')}
        >
          {t('entryLog.rowActions.checkIn')}
        </Button>
      )}
      {has('checkOut') && (
        <Button
          size="compact-sm"
          variant="default"
          leftSection={<IconCheckOut size={16} />}
          aria-label={t('entryLog.rowActions.checkOutOf', { name })}
          onClick={() => onAction('checkOut')}
        >
          {t('entryLog.rowActions.checkOut')}
        </Button>
      )}
      {badgeHref && (
        <ActionIcon
          component="a"
          href={badgeHref}
          target="_blank"
          rel="noopener"
          variant="subtle"
          aria-label={t('entryLog.rowActions.printBadge', { name })}
          title={t('entryLog.rowActions.printBadge', { name })}
        >
          <IconPrinter />
        </ActionIcon>
      )}
      {has('checkInBack') && (
        <ActionIcon
          variant="subtle"
          aria-label={t('entryLog.rowActions.checkInBack', { name })}
          title={t('entryLog.rowActions.checkInBack', { name })}
          onClick={() => onAction('checkInBack')}
        >
          <IconUndo />
        </ActionIcon>
      )}
      {has('checkInAgain') && (
        <ActionIcon
          variant="subtle"
          aria-label={t('entryLog.rowActions.checkInAgain', { name })}
          title={t('entryLog.rowActions.checkInAgain', { name })}
          onClick={() => onAction('checkInAgain')}
        >
          <IconBolt />
        </ActionIcon>
      )}
      {has('cancel') && (
        <ActionIcon
          variant="subtle"
          color="gray.8"
          aria-label={t('entryLog.rowActions.cancel', { name })}
          title={t('entryLog.rowActions.cancel', { name })}
          onClick={() => onAction('cancel')}
        >
          <IconCancel />
        </ActionIcon>
      )}
      {has('remove') && (
        <ActionIcon
          variant="subtle"
          color="red.9"
          aria-label={t('entryLog.rowActions.remove', { name })}
          title={t('entryLog.rowActions.remove', { name })}
          onClick={() => onAction('remove')}
        >
          <IconTrash />
        </ActionIcon>
      )}
    </RowActions>
  );
}
