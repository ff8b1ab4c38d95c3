import { ActionIcon, Anchor, Group, Table, Text } from '@mantine/core';
import type { Building } from '@vestibule/shared';
import { useTranslation } from 'react-i18next';
import { SortableHeading, sortDirection } from '../../components/SortableHeading.tsx';
import { useDateTimeFormat } from '../../format/useDateTimeFormat.ts';
import { IconPencil, IconTrash } from './BuildingIcons.tsx';
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
              <Table.Td>{building.externalId ?? ''}</Table.Td>
              <Table.Td>{format.dateTime(building.updatedAt)}</Table.Td>
              <Table.Td onClick={(event) => event.stopPropagation()}>
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('buildings.list.edit', { name: building.name })}
                    onClick={() => onOpen(building)}
                  >
                    <IconPencil />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('buildings.list.delete', { name: building.name })}
                    onClick={() => onDelete(building)}
                  >
                    <IconTrash />
                  </ActionIcon>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
          {buildings && buildings.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={columns.length + 1}>
                <Text size="sm" ta="center" py="md">
                  {emptyText}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
