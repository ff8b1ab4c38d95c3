import { Checkbox, Group } from '@mantine/core';
import { type VisitorType, visitorTypes } from '@vestibule/shared';
import { useTranslation } from 'react-i18next';
import { ListFilterSelect } from '../../components/ListFilterSelect.tsx';
import { ListSearch } from '../../components/ListSearch.tsx';
import type { PagedList } from '../../components/usePagedList.ts';
import { useSession } from '../session/index.ts';
import type { PeopleSortColumn } from './peopleApi.ts';

/** The list's filters besides the search. */
export interface PeopleFilterValues {
  visitorType: VisitorType | undefined;
  buildingId: string | undefined;
  /** 'true': active people only; 'false': deactivated ones only. */
  active: 'true' | 'false' | undefined;
  validToday: 'true' | undefined;
}

export const noPeopleFilters: PeopleFilterValues = {
  visitorType: undefined,
  buildingId: undefined,
  active: undefined,
  validToday: undefined,
};

/** The search, the type, the building (of the session's company), active or not, and valid today. */
export function PeopleFilters({ list }: { list: PagedList<PeopleSortColumn, PeopleFilterValues, unknown> }) {
  const { t } = useTranslation();
  const buildings = useSession((state) => state.buildings);
  const { request } = list;
  return (
    <Group align="flex-end" gap="sm">
      <ListSearch
        id="people-search"
        label={t('people.list.search')}
        description={t('people.list.searchHelp')}
        value={list.search}
        onChange={list.setSearch}
        width={280}
      />
      <ListFilterSelect
        id="people-type"
        label={t('people.list.type')}
        placeholder={t('people.list.anyType')}
        options={visitorTypes.map((type) => ({ value: type, label: t(`people.types.${type}`) }))}
        value={request.visitorType}
        onChange={(value) => list.setFilter('visitorType', value)}
        width={160}
      />
      <ListFilterSelect
        id="people-building"
        label={t('people.list.building')}
        placeholder={t('people.list.anyBuilding')}
        options={buildings.map((building) => ({ value: building.id, label: building.name }))}
        value={request.buildingId}
        onChange={(value) => list.setFilter('buildingId', value)}
        searchable
        width={200}
      />
      <ListFilterSelect
        id="people-state"
        label={t('people.list.state')}
        placeholder={t('people.list.anyState')}
        options={[
          { value: 'true' as const, label: t('people.list.active') },
          { value: 'false' as const, label: t('people.list.deactivated') },
        ]}
        value={request.active}
        onChange={(value) => list.setFilter('active', value)}
        width={200}
      />
      <Checkbox
        id="people-valid-today"
        label={t('people.list.validToday')}
        checked={request.validToday === 'true'}
        onChange={(event) => list.setFilter('validToday', event.currentTarget.checked ? 'true' : undefined)}
        mb={8}
      />
    </Group>
  );
}
