import { Group, Pagination, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const pageSizes = ['10', '25', '50'] as const;

/** Under the buildings list: which rows are shown, the page size and the pages. */
export function BuildingsPager(props: {
  /** Rows in all, or null before the first answer. */
  total: number | null;
  page: number;
  limit: number;
  onPage: (page: number) => void;
  onLimit: (limit: number) => void;
}) {
  const { total, page, limit, onPage, onLimit } = props;
  const { t } = useTranslation();
  const totalPages = total !== null ? Math.max(1, Math.ceil(total / limit)) : 1;
  const from = total ? (page - 1) * limit + 1 : 0;
  const to = total !== null ? Math.min(total, page * limit) : 0;
  return (
    <Group justify="space-between" gap="sm">
      <Text size="sm" aria-live="polite" data-testid="buildings-range">
        {total !== null ? t('buildings.list.range', { from, to, total }) : ''}
      </Text>
      <Group gap="md">
        <Select
          id="buildings-page-size"
          label={t('buildings.list.pageSize')}
          data={[...pageSizes]}
          value={String(limit)}
          onChange={(value) => value && onLimit(Number(value))}
          allowDeselect={false}
          w={130}
        />
        <Stack gap={4} component="nav" aria-label={t('buildings.list.pages')}>
          <Pagination
            total={totalPages}
            value={page}
            onChange={onPage}
            withEdges
            getItemProps={(item) => ({
              'aria-label': t('buildings.list.page', { page: item }),
              'aria-current': item === page ? 'page' : undefined,
            })}
            getControlProps={(control) => ({ 'aria-label': t(`buildings.list.pageControls.${control}`) })}
          />
        </Stack>
      </Group>
    </Group>
  );
}
