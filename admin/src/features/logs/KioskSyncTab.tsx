import { Alert, Badge, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import type { KioskSyncFilter } from '@vestibule/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LogToolbar } from './LogToolbar.tsx';
import { useDateTimeFormat } from '../../format/useDateTimeFormat.ts';
import { HistoryButton } from './HistoryTab.tsx';
import { type KioskSyncEntry, kioskSync, kioskSyncCsv, periodOf } from './operations.api.ts';

interface Filters {
  from: string;
  to: string;
  buildingId: string | null;
  deviceId: string;
}

const noFilters: Filters = { from: '', to: '', buildingId: null, deviceId: '' };
const COLUMNS = 9;
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function filterOf(filters: Filters): KioskSyncFilter {
  const deviceId = filters.deviceId.trim();
  return {
    ...periodOf(filters),
    buildingId: filters.buildingId ?? undefined,
    deviceId: uuid.test(deviceId) ? deviceId : undefined,
  };
}

/**
 * Each kiosk of the company over a period: its pushes, the entries applied, rejected (with their
 * codes) and held for review, and when it was last seen; by building, device and days. The same
 * figures download as CSV; a kiosk's row opens its history.
 */
export function KioskSyncTab({ onHistory }: { onHistory: (id: string) => void }) {
  const { t } = useTranslation();
  const format = useDateTimeFormat();
  const [filters, setFilters] = useState<Filters>(noFilters);
  const [rows, setRows] = useState<KioskSyncEntry[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [buildings, setBuildings] = useState<{ value: string; label: string }[]>([]);
  const [reload, setReload] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    kioskSync(filterOf(filters), controller.signal).then(
      (answer) => {
        if (controller.signal.aborted) return;
        setRows(answer.docs);
        setFailed(false);
        // The building filter offers the buildings the unfiltered list shows.
        if (filters.buildingId === null) {
          const seen = new Map(answer.docs.map((row) => [row.buildingId, row.buildingName]));
          setBuildings([...seen].map(([value, label]) => ({ value, label })));
        }
      },
      () => !controller.signal.aborted && setFailed(true),
    );
    return () => controller.abort();
  }, [filters, reload]);

  const set = <K extends keyof Filters>(key: K, value: Filters[K]) => setFilters((now) => ({ ...now, [key]: value }));

  return (
    <Stack>
      <Text>{t('operations.kioskSync.description')}</Text>
      <LogToolbar
        idPrefix="sync"
        from={filters.from}
        to={filters.to}
        onFrom={(day) => set('from', day)}
        onTo={(day) => set('to', day)}
        onRefresh={() => setReload((n) => n + 1)}
        csvFileName="kioskSync.csv"
        csv={() => kioskSyncCsv(filterOf(filters))}
      >
        <Select
          id="sync-building"
          label={t('operations.kioskSync.building')}
          placeholder={t('operations.kioskSync.anyBuilding')}
          data={buildings}
          value={filters.buildingId}
          onChange={(value) => set('buildingId', value)}
          clearable
          w={220}
        />
        <TextInput
          id="sync-device"
          label={t('operations.kioskSync.deviceId')}
          value={filters.deviceId}
          onChange={(event) => set('deviceId', event.currentTarget.value)}
          maxLength={36}
          w={320}
        />
      </LogToolbar>
      {failed && <Alert color="red">{t('operations.loadFailed')}</Alert>}
      <Table.ScrollContainer minWidth={900}>
        <Table striped aria-label={t('operations.kioskSync.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('operations.kioskSync.building')}</Table.Th>
              <Table.Th>{t('operations.kioskSync.device')}</Table.Th>
              <Table.Th>{t('operations.kioskSync.pushes')}</Table.Th>
              <Table.Th>{t('operations.kioskSync.applied')}</Table.Th>
              <Table.Th>{t('operations.kioskSync.rejected')}</Table.Th>
              <Table.Th>{t('operations.kioskSync.codes')}</Table.Th>
              <Table.Th>{t('operations.kioskSync.held')}</Table.Th>
              <Table.Th>{t('operations.kioskSync.lastSeen')}</Table.Th>
              <Table.Th>{t('operations.history.title')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows?.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={COLUMNS}>{t('operations.kioskSync.empty')}</Table.Td>
              </Table.Tr>
            )}
            {rows?.map((row) => (
              <Table.Tr key={row.deviceId}>
                <Table.Td>{row.buildingName}</Table.Td>
                <Table.Td>
                  {row.name ?? t('operations.kioskSync.unnamed')}
                  <Text span size="xs" c="dimmed" display="block" ff="monospace">
                    {row.deviceId}
                  </Text>
                  {row.revokedAt && (
                    <Badge color="red.9" variant="filled" size="sm">
                      {t('operations.kioskSync.revoked')}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>{row.pushes}</Table.Td>
                <Table.Td>{row.applied}</Table.Td>
                <Table.Td>{row.rejected}</Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {row.rejectedCodes.map((code) => `${code.code} ×${code.count}`).join(', ')}
                  </Text>
                </Table.Td>
                <Table.Td>{row.held}</Table.Td>
                <Table.Td>{format.dateTime(row.lastSeenAt)}</Table.Td>
                <Table.Td>
                  <HistoryButton label={row.name ?? row.deviceId} onClick={() => onHistory(row.deviceId)} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
