import { Alert, Badge, Button, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import type { KioskSyncFilter } from '@vestibule/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconDownload } from '../../components/ListIcons.tsx';
import { saveTextFile } from '../../format/saveTextFile.ts';
import { useDateTimeFormat } from '../../format/useDateTimeFormat.ts';
import { messageFromError, notifications } from '../notifications/index.ts';
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
  const downloadCsv = async () => {
    try {
      saveTextFile(await kioskSyncCsv(filterOf(filters)), 'kioskSync.csv', 'text/csv');
    } catch (error) {
      notifications.showError(messageFromError(error));
    }
  };

  return (
    <Stack>
      <Text>{t('operations.kioskSync.description')}</Text>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Group align="flex-end" gap="sm">
          <TextInput
            id="sync-from"
            type="date"
            label={t('operations.period.from')}
            value={filters.from}
            max={filters.to || undefined}
            onChange={(event) => set('from', event.currentTarget.value)}
            w={170}
          />
          <TextInput
            id="sync-to"
            type="date"
            label={t('operations.period.to')}
            value={filters.to}
            min={filters.from || undefined}
            onChange={(event) => set('to', event.currentTarget.value)}
            w={170}
          />
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
        </Group>
        <Group gap="sm">
          <Button variant="outline" onClick={() => setReload((n) => n + 1)}>
            {t('operations.refresh')}
          </Button>
          <Button variant="default" leftSection={<IconDownload />} onClick={() => void downloadCsv()}>
            {t('operations.download')}
          </Button>
        </Group>
      </Group>
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
