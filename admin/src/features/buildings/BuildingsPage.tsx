import {
  ActionIcon,
  Anchor,
  Button,
  Group,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { Building } from '@vestibule/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/Page.tsx';
import { messageFromError, notifications } from '../notifications/index.ts';
import { BuildingDialog, formatStamp } from './BuildingDialog.tsx';
import {
  IconPencil,
  IconPlus,
  IconSearch,
  IconSortAscending,
  IconSortDescending,
  IconSortNone,
  IconTrash,
} from './BuildingIcons.tsx';
import type { BuildingList, BuildingListQuery, BuildingSortColumn } from './buildingsApi.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { useBuildingsApi } from './useBuildingsApi.ts';

const pageSizes = ['10', '25', '50'] as const;
const SEARCH_DELAY_MS = 300;

const columns: { key: BuildingSortColumn; label: 'name' | 'city' | 'externalId' | 'updatedAt' }[] = [
  { key: 'name', label: 'name' },
  { key: 'city', label: 'city' },
  { key: 'externalId', label: 'externalId' },
  { key: 'updatedAt', label: 'updatedAt' },
];

/** /admin/buildings: the company's buildings, searchable, sortable and paged; each opens the dialog. */
export function BuildingsPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const api = useBuildingsApi();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const [query, setQuery] = useState<Omit<BuildingListQuery, 'search'>>({ sort: 'name', order: 1, page: 1, limit: 10 });
  const [list, setList] = useState<{ key: string; data: BuildingList } | null>(null);
  const [reloads, setReloads] = useState(0);
  const [dialog, setDialog] = useState<{ id: string | null } | null>(null);
  const [deleting, setDeleting] = useState<Building | null>(null);
  const [appliedSearch, setAppliedSearch] = useState('');

  // A new search starts again from the first page.
  if (appliedSearch !== debouncedSearch) {
    setAppliedSearch(debouncedSearch);
    setQuery((current) => ({ ...current, page: 1 }));
  }

  const requestKey = JSON.stringify({ ...query, search: appliedSearch, reloads });
  useEffect(() => {
    let live = true;
    api.list({ ...query, search: appliedSearch }).then(
      (data) => live && setList({ key: requestKey, data }),
      (error: unknown) => live && notifications.showError(messageFromError(error)),
    );
    return () => {
      live = false;
    };
  }, [api, query, appliedSearch, requestKey]);

  const data = list?.data ?? null;
  const totalPages = data ? Math.max(1, Math.ceil(data.totalDocs / query.limit)) : 1;

  const sortBy = (column: BuildingSortColumn) =>
    setQuery((current) => ({
      ...current,
      sort: column,
      order: current.sort === column ? (current.order === 1 ? -1 : 1) : 1,
      page: 1,
    }));

  const remove = async (building: Building) => {
    setDeleting(null);
    try {
      await api.remove(building.id);
      notifications.showSuccess({ key: 'common.DELETED_SUCCESSFULLY' });
      const lastOnPage = data !== null && data.docs.length === 1 && query.page > 1;
      if (lastOnPage) setQuery((current) => ({ ...current, page: current.page - 1 }));
      else setReloads((count) => count + 1);
    } catch (error) {
      notifications.showError(messageFromError(error));
    }
  };

  const closeDialog = (changed: boolean) => {
    setDialog(null);
    if (changed) setReloads((count) => count + 1);
  };

  const from = data && data.totalDocs > 0 ? (query.page - 1) * query.limit + 1 : 0;
  const to = data ? Math.min(data.totalDocs, query.page * query.limit) : 0;

  return (
    <Page title={t('pages.buildings.title')} size="xl">
      <Group justify="space-between" align="flex-end" gap="sm">
        <TextInput
          id="buildings-search"
          type="search"
          label={t('buildings.list.search')}
          description={t('buildings.list.searchHelp')}
          leftSection={<IconSearch />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={{ base: '100%', sm: 360 }}
        />
        <Button leftSection={<IconPlus />} onClick={() => setDialog({ id: null })}>
          {t('buildings.list.add')}
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={720}>
        <Table highlightOnHover withTableBorder verticalSpacing="sm" data-testid="buildings-table">
          <Table.Caption>{t('buildings.list.caption')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => {
                const active = query.sort === column.key;
                const direction = active ? (query.order === 1 ? 'ascending' : 'descending') : 'none';
                const label = t(`buildings.list.columns.${column.label}`);
                return (
                  <Table.Th key={column.key} scope="col" aria-sort={direction}>
                    <UnstyledButton
                      onClick={() => sortBy(column.key)}
                      aria-label={t('buildings.list.sortBy', { column: label })}
                      fw={700}
                      fz="sm"
                    >
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
              })}
              <Table.Th scope="col" w={110}>
                {t('buildings.common.actions')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data?.docs.map((building) => (
              <Table.Tr key={building.id} onClick={() => setDialog({ id: building.id })} style={{ cursor: 'pointer' }}>
                <Table.Td>
                  <Anchor
                    component="button"
                    type="button"
                    fw={600}
                    onClick={(event) => {
                      event.stopPropagation();
                      setDialog({ id: building.id });
                    }}
                  >
                    {building.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>{building.city ?? ''}</Table.Td>
                <Table.Td>{building.externalId ?? ''}</Table.Td>
                <Table.Td>{formatStamp(building.updatedAt, language)}</Table.Td>
                <Table.Td onClick={(event) => event.stopPropagation()}>
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('buildings.list.edit', { name: building.name })}
                      onClick={() => setDialog({ id: building.id })}
                    >
                      <IconPencil />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('buildings.list.delete', { name: building.name })}
                      onClick={() => setDeleting(building)}
                    >
                      <IconTrash />
                    </ActionIcon>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
            {data && data.docs.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={columns.length + 1}>
                  <Text size="sm" ta="center" py="md">
                    {appliedSearch ? t('buildings.list.noMatch') : t('buildings.list.empty')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between" gap="sm">
        <Text size="sm" aria-live="polite" data-testid="buildings-range">
          {data ? t('buildings.list.range', { from, to, total: data.totalDocs }) : ''}
        </Text>
        <Group gap="md">
          <Select
            id="buildings-page-size"
            label={t('buildings.list.pageSize')}
            data={[...pageSizes]}
            value={String(query.limit)}
            onChange={(value) => value && setQuery((current) => ({ ...current, limit: Number(value), page: 1 }))}
            allowDeselect={false}
            w={130}
          />
          <Stack gap={4} component="nav" aria-label={t('buildings.list.pages')}>
            <Pagination
              total={totalPages}
              value={query.page}
              onChange={(page) => setQuery((current) => ({ ...current, page }))}
              withEdges
              getItemProps={(page) => ({
                'aria-label': t('buildings.list.page', { page }),
                'aria-current': page === query.page ? 'page' : undefined,
              })}
              getControlProps={(control) => ({ 'aria-label': t(`buildings.list.pageControls.${control}`) })}
            />
          </Stack>
        </Group>
      </Group>
      {dialog && <BuildingDialog buildingId={dialog.id} onClose={closeDialog} />}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('buildings.list.deleteTitle')}
        confirmLabel={t('buildings.common.delete')}
        cancelLabel={t('common.cancel')}
        danger
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(null)}
        data-testid="delete-building"
      >
        {t('buildings.list.deleteText', { name: deleting?.name ?? '' })}
      </ConfirmDialog>
    </Page>
  );
}
