import { ActionIcon, Button, Group, Table, Text, TextInput } from '@mantine/core';
import type { City } from '@vestibule/shared/contract';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { IconPencil, IconPlus, IconSearch, IconTrash } from '../../components/ListIcons.tsx';
import { ListPager } from '../../components/ListPager.tsx';
import { Page } from '../../components/Page.tsx';
import { SortableHeading, sortDirection } from '../../components/SortableHeading.tsx';
import { type PageRequest, usePagedList } from '../../components/usePagedList.ts';
import { messageFromError, notifications } from '../notifications/index.ts';
import { useCitiesApi } from './citiesApi.ts';
import { CityDialog } from './CityDialog.tsx';

/**
 * /admin/cities: the company's city names, which the address forms suggest: searched, sorted by
 * name and paged; supervisors and above add, rename and delete them.
 */
export function CitiesPage() {
  const { t } = useTranslation();
  const api = useCitiesApi();
  const load = useCallback(
    (request: PageRequest<'name', object>, signal: AbortSignal) =>
      api.list(
        { order: request.order, page: request.page, limit: request.limit, search: request.search || undefined },
        signal,
      ),
    [api],
  );
  const list = usePagedList<'name', object, City>({ sort: 'name', filters: {}, load });
  const [dialog, setDialog] = useState<{ city: City | null } | null>(null);
  const [deleting, setDeleting] = useState<City | null>(null);
  const cities = list.data?.docs ?? null;

  const remove = async (city: City) => {
    setDeleting(null);
    try {
      await api.remove(city.id);
      notifications.showSuccess({ key: 'common.DELETED_SUCCESSFULLY' });
      list.afterRemove();
    } catch (error) {
      notifications.showError(messageFromError(error));
    }
  };

  return (
    <Page title={t('cities.title')} size="md">
      <Text>{t('cities.intro')}</Text>
      <Group justify="space-between" align="flex-end" gap="sm">
        <TextInput
          id="cities-search"
          type="search"
          label={t('cities.search')}
          leftSection={<IconSearch />}
          value={list.search}
          onChange={(event) => list.setSearch(event.currentTarget.value)}
          w={{ base: '100%', sm: 280 }}
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
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('cities.rename', { name: city.name })}
                    onClick={() => setDialog({ city })}
                  >
                    <IconPencil />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('cities.delete', { name: city.name })}
                    onClick={() => setDeleting(city)}
                  >
                    <IconTrash />
                  </ActionIcon>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
          {cities && cities.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={2}>
                <Text size="sm" ta="center" py="md">
                  {list.appliedSearch ? t('cities.noMatch') : t('cities.empty')}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
      <ListPager
        name="cities"
        label={t('cities.pages')}
        total={list.data?.totalDocs ?? null}
        page={list.request.page}
        limit={list.request.limit}
        onPage={list.setPage}
        onLimit={list.setLimit}
      />
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
        opened={deleting !== null}
        title={t('cities.deleteTitle')}
        confirmLabel={t('cities.deleteConfirm')}
        cancelLabel={t('common.cancel')}
        danger
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(null)}
        data-testid="delete-city"
      >
        {t('cities.deleteText', { name: deleting?.name ?? '' })}
      </ConfirmDialog>
    </Page>
  );
}
