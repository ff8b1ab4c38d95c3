import { Group, Select, TextInput } from '@mantine/core';
import {
  VISIT_RANGE_MAX_DAYS,
  type VisitSortColumn,
  maySelectTenant,
  visitStatusFilters,
  visitorTypes,
} from '@vestibule/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListFilterSelect } from '../../components/ListFilterSelect.tsx';
import { ListSearch } from '../../components/ListSearch.tsx';
import type { PagedList } from '../../components/usePagedList.ts';
import { useSession } from '../session/index.ts';
import { type EntryLogFilterValues, dateFilters, rangeProblem } from './entryLogFilters.ts';
import classes from './EntryLog.module.css';

type EntryLogList = PagedList<VisitSortColumn, EntryLogFilterValues, unknown>;

/**
 * The company (administrators work in one company per tab: choosing another here is the toolbar's
 * company choice) and the building, which the counters follow too.
 */
export function EntryLogScope({ list }: { list: EntryLogList }) {
  const { t } = useTranslation();
  const role = useSession((state) => state.user?.role);
  const tenants = useSession((state) => state.tenants);
  const tenant = useSession((state) => state.tenant);
  const selectTenant = useSession((state) => state.selectTenant);
  const buildings = useSession((state) => state.buildings);
  return (
    <Group align="flex-end" gap="sm">
      {maySelectTenant(role) && tenants.length > 1 && (
        <Select
          id="entry-log-company"
          label={t('entryLog.company')}
          data={tenants.map((option) => ({ value: option.id, label: option.name }))}
          value={tenant?.id ?? null}
          onChange={(id) => id && id !== tenant?.id && void selectTenant(id)}
          allowDeselect={false}
          searchable
          w={220}
        />
      )}
      <Select
        id="entry-log-building"
        label={t('entryLog.building')}
        placeholder={t('entryLog.anyBuilding')}
        data={buildings.map((building) => ({ value: building.id, label: building.name }))}
        value={list.request.buildingId ?? null}
        // The tiles are a building's: all buildings have none.
        onChange={(value) =>
          list.setFilters(value ? { buildingId: value } : { buildingId: undefined, counter: undefined })
        }
        searchable
        clearable={buildings.length > 1}
        allowDeselect={buildings.length > 1}
        w={240}
      />
    </Group>
  );
}

/** Search, type, status, the visitor's company and a range of days of one of the visit's times. */
export function EntryLogFilters({ list }: { list: EntryLogList }) {
  const { t } = useTranslation();
  const { request } = list;
  // The days as typed: the list follows them only while they make an allowed range.
  const [days, setDays] = useState({ from: request.from, to: request.to });
  const problem = rangeProblem(days.from, days.to);
  const setDay = (key: 'from' | 'to', value: string) => {
    const next = { ...days, [key]: value };
    setDays(next);
    if (rangeProblem(next.from, next.to) === null) {
      list.setFilter('from', next.from);
      list.setFilter('to', next.to);
    }
  };
  const rangeError =
    problem === 'TOO_LONG'
      ? t('entryLog.filters.rangeTooLong', { max: VISIT_RANGE_MAX_DAYS })
      : problem === 'ORDER'
        ? t('entryLog.filters.rangeOrder')
        : undefined;

  // One row at 1440 px: the search says what it searches in its placeholder.
  return (
    <Group align="flex-start" gap="sm" className={classes.filters}>
      <ListSearch
        id="entry-log-search"
        label={t('entryLog.filters.search')}
        placeholder={t('entryLog.filters.searchHelp')}
        value={list.search}
        onChange={list.setSearch}
        width={220}
        grow
      />
      <TextInput
        id="entry-log-company-name"
        label={t('entryLog.filters.visitorCompany')}
        value={request.companyName}
        onChange={(event) => list.setFilter('companyName', event.currentTarget.value)}
        maxLength={100}
        w={170}
      />
      <ListFilterSelect
        id="entry-log-type"
        label={t('entryLog.filters.type')}
        placeholder={t('entryLog.filters.anyType')}
        options={visitorTypes.map((type) => ({ value: type, label: t(`people.types.${type}`) }))}
        value={request.visitorType}
        onChange={(value) => list.setFilter('visitorType', value)}
        width={150}
      />
      <ListFilterSelect
        id="entry-log-status"
        label={t('entryLog.filters.status')}
        placeholder={t('entryLog.filters.anyStatus')}
        options={visitStatusFilters.map((status) => ({
          value: status,
          label: t(`entryLog.filters.statuses.${status}`),
        }))}
        value={request.status}
        onChange={(value) => list.setFilter('status', value)}
        width={170}
      />
      <Select
        id="entry-log-date-filter"
        label={t('entryLog.filters.dateFilter')}
        data={dateFilters.map((filter) => ({ value: filter, label: t(`entryLog.filters.dateFilters.${filter}`) }))}
        value={request.dateFilter}
        onChange={(value) => {
          const chosen = dateFilters.find((filter) => filter === value);
          if (chosen) list.setFilter('dateFilter', chosen);
        }}
        allowDeselect={false}
        w={130}
      />
      <TextInput
        id="entry-log-from"
        type="date"
        label={t('entryLog.filters.from')}
        value={days.from}
        max={days.to || undefined}
        onChange={(event) => setDay('from', event.currentTarget.value)}
        w={140}
      />
      <TextInput
        id="entry-log-to"
        type="date"
        label={t('entryLog.filters.to')}
        value={days.to}
        min={days.from || undefined}
        error={rangeError}
        onChange={(event) => setDay('to', event.currentTarget.value)}
        w={140}
      />
    </Group>
  );
}
