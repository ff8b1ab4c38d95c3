import { Group, Pagination, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const pageSizes = ['10', '25', '50'] as const;

/** Under a paged list: which rows are shown, the page size and the pages. */
export function ListPager(props: {
  /** Names the ids and test ids of the pager's parts, for example `buildings`. */
  name: string;
  /** The accessible name of the pages' navigation, for example "Pages of buildings". */
  label: string;
  /** Rows in all, or null before the first answer. */
  total: number | null;
  /** The server stopped counting at `total`: more rows match than the pager says. */
  capped?: boolean;
  page: number;
  limit: number;
  onPage: (page: number) => void;
  onLimit: (limit: number) => void;
}) {
  const { name, label, total, capped = false, page, limit, onPage, onLimit } = props;
  const { t } = useTranslation();
  const totalPages = total !== null ? Math.max(1, Math.ceil(total / limit)) : 1;
  const from = total ? (page - 1) * limit + 1 : 0;
  const to = total !== null ? Math.min(total, page * limit) : 0;
  return (
    <Group justify="space-between" gap="sm">
      <Text size="sm" aria-live="polite" data-testid={`${name}-range`}>
        {total !== null
          ? t(capped ? 'common.list.rangeMore' : 'common.list.range', { from, to, total: capped ? total - 1 : total })
          : ''}
      </Text>
      <Group gap="md">
        <Select
          id={`${name}-page-size`}
          label={t('common.list.pageSize')}
          data={[...pageSizes]}
          value={String(limit)}
          onChange={(value) => value && onLimit(Number(value))}
          allowDeselect={false}
          w={130}
        />
        <Stack gap={4} component="nav" aria-label={label}>
          <Pagination
            total={totalPages}
            value={page}
            onChange={onPage}
            withEdges
            getItemProps={(item) => ({
              'aria-label': t('common.list.page', { page: item }),
              'aria-current': item === page ? 'page' : undefined,
            })}
            getControlProps={(control) => ({ 'aria-label': t(`common.list.pageControls.${control}`) })}
          />
        </Stack>
      </Group>
    </Group>
  );
}
