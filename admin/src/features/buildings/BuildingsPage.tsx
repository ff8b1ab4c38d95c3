import { Button, Group, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { Building } from '@vestibule/shared';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ListPager } from '../../components/ListPager.tsx';
import { Page } from '../../components/Page.tsx';
import { LoadingWhileMounted } from '../loading/index.ts';
import { messageFromError, notifications } from '../notifications/index.ts';
import { BuildingsTable } from './BuildingsTable.tsx';
import { IconPlus, IconSearch } from './BuildingIcons.tsx';
import type { BuildingList, BuildingListQuery, BuildingSortColumn } from './buildingsApi.ts';
import { useBuildingsApi } from './useBuildingsApi.ts';

const SEARCH_DELAY_MS = 300;

// The dialog (eight tabs, the phone-number rules, the QR code maker) is most of the screen's code
// and is not needed to show the list: it is fetched when first opened.
const BuildingDialog = lazy(() =>
  import('./BuildingDialog.tsx').then((module) => ({ default: module.BuildingDialog })),
);

/** /admin/buildings: the company's buildings, searchable, sortable and paged; each opens the dialog. */
export function BuildingsPage() {
  const { t } = useTranslation();
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
      <BuildingsTable
        buildings={data?.docs ?? null}
        sort={{ column: query.sort, order: query.order }}
        onSort={sortBy}
        onOpen={(building) => setDialog({ id: building.id })}
        onDelete={setDeleting}
        emptyText={appliedSearch ? t('buildings.list.noMatch') : t('buildings.list.empty')}
      />
      <ListPager
        name="buildings"
        label={t('buildings.list.pages')}
        total={data?.totalDocs ?? null}
        page={query.page}
        limit={query.limit}
        onPage={(page) => setQuery((current) => ({ ...current, page }))}
        onLimit={(limit) => setQuery((current) => ({ ...current, limit, page: 1 }))}
      />
      {dialog && (
        <Suspense fallback={<LoadingWhileMounted />}>
          <BuildingDialog buildingId={dialog.id} onClose={closeDialog} />
        </Suspense>
      )}
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
