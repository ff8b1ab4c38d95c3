import { Button, Group, Table, Text } from '@mantine/core';
import type { City } from '@vestibule/shared/contract';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/apiClient.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { EmptyRow } from '../../components/EmptyRow.tsx';
import { IconPlus } from '../../components/ListIcons.tsx';
import { ListPager } from '../../components/ListPager.tsx';
import { ListSearch } from '../../components/ListSearch.tsx';
import { Page } from '../../components/Page.tsx';
import { DeleteAction, EditAction, RowActions } from '../../components/RowActions.tsx';
import { SortableHeading, sortDirection } from '../../components/SortableHeading.tsx';
import { useDeleteConfirm } from '../../components/useDeleteConfirm.ts';
import { byNameQuery, type PageRequest, usePagedList } from '../../components/usePagedList.ts';
import { CityDialog } from './CityDialog.tsx';

/**
 * /admin/cities: the company's city names, which the address forms suggest: searched, sorted by
 * name and paged; supervisors and above add, rename and delete them.
 */
export function CitiesPage() {
  const { t } = useTranslation();
  const load = useCallback(
    (request: PageRequest<'name', object>, signal: AbortSignal) =>
      api.call('GET /city', { query: byNameQuery(request), signal }),
    [],
  );
  const list = usePagedList<'name', object, City>({ sort: 'name', filters: {}, load });
  const [dialog, setDialog] = useState<{ city: City | null } | null>(null);
  const deleting = useDeleteConfirm(
    (city: City) => api.call('DELETE /city/:id', { params: { id: city.id } }),
    list.afterRemove,
  );
  const cities = list.data?.docs ?? null;

  return (
    <Page title={t('cities.title')} size="md">
      <Text>{t('cities.intro')}</Text>
      <Group justify="space-between" align="flex-end" gap="sm">
        <ListSearch
          id="cities-search"
          label={t('cities.search')}
          value={list.search}
          onChange={list.setSearch}
          width={280}
        />
        <Button leftSection={<IconPlus />} onClick={() => setDialog({ city: null })}>
          {t('cities.add')}
        </Button>
      </Group>
      <Table highlightOnHover withTableBorder verticalSpacing="xs" data-testid="cities-table">
        <Table.Caption>{t('cities.caption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <SortableHeading
              label={t('cities.name')}
              direction={sortDirection({ column: list.request.sort, order: list.request.order }, 'name')}
              onSort={() => list.sortBy('name')}
            />
            <Table.Th scope="col" w={110}>
              {t('cities.actions')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {cities?.map((city) => (
            <Table.Tr key={city.id}>
              <Table.Td>{city.name}</Table.Td>
              <Table.Td>
                <RowActions>
                  <EditAction label={t('cities.rename', { name: city.name })} onClick={() => setDialog({ city })} />
                  <DeleteAction label={t('cities.delete', { name: city.name })} onClick={() => deleting.ask(city)} />
                </RowActions>
              </Table.Td>
            </Table.Tr>
          ))}
          {cities?.length === 0 && (
            <EmptyRow colSpan={2} text={list.appliedSearch ? t('cities.noMatch') : t('cities.empty')} />
          )}
        </Table.Tbody>
      </Table>
      <ListPager name="cities" label={t('cities.pages')} {...list.pager} />
      {dialog && (
        <CityDialog
          city={dialog.city}
          onClose={(saved) => {
            setDialog(null);
            if (saved) list.reload();
          }}
        />
      )}
      <ConfirmDialog
        {...deleting.dialog}
        title={t('cities.deleteTitle')}
        confirmLabel={t('cities.deleteConfirm')}
        data-testid="delete-city"
      >
        {t('cities.deleteText', { name: deleting.item?.name ?? '' })}
      </ConfirmDialog>
    </Page>
  );
}
