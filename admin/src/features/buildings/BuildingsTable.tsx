import { Anchor, Table, Text } from '@mantine/core';
import type { Building } from '@vestibule/shared';
import { useTranslation } from 'react-i18next';
import { EmptyRow } from '../../components/EmptyRow.tsx';
import { DeleteAction, EditAction, RowActions } from '../../components/RowActions.tsx';
import { SortableHeading, sortDirection } from '../../components/SortableHeading.tsx';
import { useDateTimeFormat } from '../../format/useDateTimeFormat.ts';
import type { BuildingSortColumn } from './buildingsApi.ts';

const columns: { key: BuildingSortColumn; label: 'name' | 'city' | 'externalId' | 'updatedAt' }[] = [
  { key: 'name', label: 'name' },
  { key: 'city', label: 'city' },
  { key: 'externalId', label: 'externalId' },
  { key: 'updatedAt', label: 'updatedAt' },
];

/** One page of the buildings list: a row opens its building; the actions edit or delete it. */
export function BuildingsTable(props: {
  buildings: Building[] | null;
  sort: { column: BuildingSortColumn; order: 1 | -1 };
  onSort: (column: BuildingSortColumn) => void;
  onOpen: (building: Building) => void;
  onDelete: (building: Building) => void;
  /** Shown when the page is empty. */
  emptyText: string;
}) {
  const { buildings, sort, onSort, onOpen, onDelete, emptyText } = props;
  const { t } = useTranslation();
  const format = useDateTimeFormat();
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table highlightOnHover withTableBorder verticalSpacing="sm" data-testid="buildings-table">
        <Table.Caption>{t('buildings.list.caption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <SortableHeading
                key={column.key}
                label={t(`buildings.list.columns.${column.label}`)}
                direction={sortDirection(sort, column.key)}
                onSort={() => onSort(column.key)}
              />
            ))}
            <Table.Th scope="col" w={110}>
              {t('buildings.common.actions')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {buildings?.map((building) => (
            <Table.Tr key={building.id} onClick={() => onOpen(building)} style={{ cursor: 'pointer' }}>
              <Table.Td>
                <Anchor
                  component="button"
                  type="button"
                  fw={600}
                  onClick={(event) => {
                    event.stopPropagation();
                    onOpen(building);
                  }}
                >
                  {building.name}
                </Anchor>
              </Table.Td>
              <Table.Td>{building.city ?? ''}</Table.Td>
              <Table.Td>
                {/* The Building Id a people file may name; without one, the id it takes as well. */}
                {building.externalId ?? (
                  <Text component="span" size="xs" ff="monospace">
                    {building.id}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{format.dateTime(building.updatedAt)}</Table.Td>
              <Table.Td onClick={(event) => event.stopPropagation()}>
                <RowActions>
                  <EditAction
                    label={t('buildings.list.edit', { name: building.name })}
                    onClick={() => onOpen(building)}
                  />
                  <DeleteAction
                    label={t('buildings.list.delete', { name: building.name })}
                    onClick={() => onDelete(building)}
                  />
                </RowActions>
              </Table.Td>
            </Table.Tr>
          ))}
          {buildings?.length === 0 && <EmptyRow colSpan={columns.length + 1} text={emptyText} />}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
