import { ActionIcon, Anchor, Button, Table, Text } from '@mantine/core';
import type { VisitListItem, VisitSortColumn } from '@vestibule/shared';
import { useTranslation } from 'react-i18next';
import { EmptyRow } from '../../components/EmptyRow.tsx';
import { IconLogin, IconTrash } from '../../components/ListIcons.tsx';
import { RowActions } from '../../components/RowActions.tsx';
import { SortableHeading, sortDirection } from '../../components/SortableHeading.tsx';
import { useDateTimeFormat } from '../../format/useDateTimeFormat.ts';
import { IconBolt, IconCancel, IconCheckOut, IconUndo } from './EntryLogIcons.tsx';
import { useDurationText } from './useDurationText.ts';
import { VisitStatusBadge, badgeStateOf } from './VisitStatusBadge.tsx';
import { type RowAction, actionsFor, visitorName } from './visitActions.ts';

const COLUMNS = 10;

/** One page of visits; the visitor's name opens the visit, the row's buttons act on it. */
export function EntryLogTable(props: {
  visits: VisitListItem[] | null;
  sort: { column: VisitSortColumn; order: 1 | -1 };
  onSort: (column: VisitSortColumn) => void;
  role: string | undefined;
  onOpen: (visit: VisitListItem) => void;
  onAction: (action: RowAction, visit: VisitListItem) => void;
  emptyText: string;
}) {
  const { visits, sort, onSort, role, onOpen, onAction, emptyText } = props;
  const { t } = useTranslation();
  const format = useDateTimeFormat();
  const durationText = useDurationText();
  const heading = (column: VisitSortColumn) => (
    <SortableHeading
      label={t(`entryLog.list.columns.${column}` as 'entryLog.list.columns.lastName')}
      direction={sortDirection(sort, column)}
      onSort={() => onSort(column)}
    />
  );
  return (
    <Table.ScrollContainer minWidth={1180}>
      <Table highlightOnHover withTableBorder verticalSpacing="sm" data-testid="entry-log-table">
        <Table.Caption>{t('entryLog.list.caption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {heading('lastName')}
            {heading('visitorType')}
            {heading('companyName')}
            {heading('host')}
            <Table.Th scope="col">{t('entryLog.list.columns.building')}</Table.Th>
            {heading('scheduledAt')}
            {heading('checkedInAt')}
            {heading('checkedOutAt')}
            <Table.Th scope="col">{t('entryLog.list.columns.status')}</Table.Th>
            <Table.Th scope="col">{t('entryLog.list.columns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {visits?.map((visit) => {
            const name = visitorName(visit) ?? t('entryLog.list.unnamed');
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
                    <Text size="xs" c="dimmed">
                      {visit.email}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{t(`people.types.${visit.visitorType}`)}</Table.Td>
                <Table.Td>{visit.companyName ?? ''}</Table.Td>
                <Table.Td>{visit.host ?? ''}</Table.Td>
                <Table.Td>{visit.buildingName}</Table.Td>
                <Table.Td>
                  {visit.scheduledAt
                    ? t('entryLog.list.scheduledFor', {
                        when: format.dateTime(visit.scheduledAt),
                        duration: durationText(visit.scheduledDuration),
                      })
                    : ''}
                </Table.Td>
                <Table.Td>{visit.checkedInAt ? format.dateTime(visit.checkedInAt) : ''}</Table.Td>
                <Table.Td>{visit.checkedOutAt ? format.dateTime(visit.checkedOutAt) : ''}</Table.Td>
                <Table.Td>
                  <VisitStatusBadge state={badgeStateOf(visit)} flagged={visit.flagged} />
                </Table.Td>
                <Table.Td>
                  <VisitRowActions name={name} actions={actions} onAction={(action) => onAction(action, visit)} />
                </Table.Td>
              </Table.Tr>
            );
          })}
          {visits?.length === 0 && <EmptyRow colSpan={COLUMNS} text={emptyText} />}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The door's work as worded buttons; the rarer actions as icon buttons named after the visitor. */
function VisitRowActions(props: { name: string; actions: RowAction[]; onAction: (action: RowAction) => void }) {
  const { name, actions, onAction } = props;
  const { t } = useTranslation();
  const has = (action: RowAction) => actions.includes(action);
  return (
    <RowActions>
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
