import { Group, Table, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Icon, type IconProps } from './Icons.tsx';

const IconSortAscending = (props: IconProps) => (
  <Icon {...props}>
    <path d="m6 15 6-6 6 6" />
  </Icon>
);

const IconSortDescending = (props: IconProps) => (
  <Icon {...props}>
    <path d="m6 9 6 6 6-6" />
  </Icon>
);

const IconSortNone = (props: IconProps) => (
  <Icon {...props}>
    <path d="m8 9 4-4 4 4M16 15l-4 4-4-4" />
  </Icon>
);

/** How a list is sorted by one column, as `aria-sort` says it. */
export type SortDirection = 'ascending' | 'descending' | 'none';

/** The direction a column heading shows, from the list's sort (order 1 ascending, -1 descending). */
export function sortDirection<C extends string>(sort: { column: C; order: 1 | -1 }, column: C): SortDirection {
  if (sort.column !== column) return 'none';
  return sort.order === 1 ? 'ascending' : 'descending';
}

/** A column heading that sorts by its column, and says how the list is sorted. */
export function SortableHeading(props: { label: string; direction: SortDirection; onSort: () => void }) {
  const { label, direction, onSort } = props;
  const { t } = useTranslation();
  return (
    <Table.Th scope="col" aria-sort={direction}>
      <UnstyledButton onClick={onSort} aria-label={t('common.list.sortBy', { column: label })} fw={700} fz="sm">
        <Group gap={4} wrap="nowrap">
          <span>{label}</span>
          {direction === 'ascending' ? (
            <IconSortAscending size={14} />
          ) : direction === 'descending' ? (
            <IconSortDescending size={14} />
          ) : (
            <IconSortNone size={14} />
          )}
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
