import { Button, Group } from '@mantine/core';
import type { Building } from '@vestibule/shared';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/apiClient.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ListPager } from '../../components/ListPager.tsx';
import { ListSearch } from '../../components/ListSearch.tsx';
import { Page } from '../../components/Page.tsx';
import { useDeleteConfirm } from '../../components/useDeleteConfirm.ts';
import { type PageRequest, usePagedList } from '../../components/usePagedList.ts';
import { LoadingWhileMounted } from '../loading/index.ts';
import { BuildingsTable } from './BuildingsTable.tsx';
import { IconPlus } from './BuildingIcons.tsx';
import type { BuildingSortColumn } from './buildingsApi.ts';

// The dialog (eight tabs, the phone-number rules, the QR code maker) is most of the screen's code
// and is not needed to show the list: it is fetched when first opened.
const BuildingDialog = lazy(() =>
  import('./BuildingDialog.tsx').then((module) => ({ default: module.BuildingDialog })),
);

/** /admin/buildings: the company's buildings, searchable, sortable and paged; each opens the dialog. */
export function BuildingsPage() {
  const { t } = useTranslation();
  const load = useCallback(
    (request: PageRequest<BuildingSortColumn, object>) => api.call('GET /building', { query: request }),
    [],
  );
  const list = usePagedList<BuildingSortColumn, object, Building>({ sort: 'name', filters: {}, load });
  const [dialog, setDialog] = useState<{ id: string | null } | null>(null);
  const deleting = useDeleteConfirm(
    (building: Building) => api.call('DELETE /building/:id', { params: { id: building.id } }),
    list.afterRemove,
  );

  const closeDialog = (changed: boolean) => {
    setDialog(null);
    if (changed) list.reload();
  };

  return (
    <Page title={t('pages.buildings.title')} size="xl">
      <Group justify="space-between" align="flex-end" gap="sm">
        <ListSearch
          id="buildings-search"
          label={t('buildings.list.search')}
          description={t('buildings.list.searchHelp')}
          value={list.search}
          onChange={list.setSearch}
          width={360}
        />
        <Button leftSection={<IconPlus />} onClick={() => setDialog({ id: null })}>
          {t('buildings.list.add')}
        </Button>
      </Group>
      <BuildingsTable
        buildings={list.data?.docs ?? null}
        sort={{ column: list.request.sort, order: list.request.order }}
        onSort={list.sortBy}
        onOpen={(building) => setDialog({ id: building.id })}
        onDelete={deleting.ask}
        emptyText={list.appliedSearch ? t('buildings.list.noMatch') : t('buildings.list.empty')}
      />
      <ListPager name="buildings" label={t('buildings.list.pages')} {...list.pager} />
      {dialog && (
        <Suspense fallback={<LoadingWhileMounted />}>
          <BuildingDialog buildingId={dialog.id} onClose={closeDialog} />
        </Suspense>
      )}
      <ConfirmDialog
        {...deleting.dialog}
        title={t('buildings.list.deleteTitle')}
        confirmLabel={t('buildings.common.delete')}
        data-testid="delete-building"
      >
        {t('buildings.list.deleteText', { name: deleting.item?.name ?? '' })}
      </ConfirmDialog>
    </Page>
  );
}
