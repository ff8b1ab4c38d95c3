import { Badge, Button, Group, List, Loader, Stack, Table, Text, Title } from '@mantine/core';
import type { Building } from '@vestibule/shared';
import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconRefresh } from './BuildingIcons.tsx';
import { KioskDeviceActions } from './KioskDeviceActions.tsx';
import { KioskEnrolDialog } from './KioskEnrolDialog.tsx';
import { useBuildingDialog } from './buildingDialogContext.ts';
import type { BuildingKiosks, KioskDevice, RejectedKioskEntry } from './buildingsApi.ts';

/** Device ids are UUIDs: their first group tells kiosks apart on screen; the title keeps the whole id. */
function shortId(id: string): string {
  return id.slice(0, 8);
}

function formatDateTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

const relativeSteps: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
];

/** "5 minutes ago" in the user's language, counted from when the list was loaded. */
export function formatRelative(iso: string, now: number, language: string): string {
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return iso;
  let amount = (time - now) / 1000;
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  for (const [unit, size] of relativeSteps) {
    if (Math.abs(amount) < size) return format.format(Math.round(amount), unit);
    amount /= size;
  }
  return format.format(Math.round(amount), 'year');
}

interface Loaded {
  kiosks: BuildingKiosks;
  /** When the answer came: relative times count from here, so they match the shown list. */
  at: number;
}

/**
 * The building's kiosks as the server last heard from them (last contact, versions, pending
 * and rejected counts, clock and alerts), and the refused offline entries staff resolve.
 */
export function KioskDevicesSection({ building }: { building: Building }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const { api, notices, busy } = useBuildingDialog();
  const { showError, showSuccess } = notices;
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [loading, setLoading] = useState(true);
  const [reloads, setReloads] = useState(0);
  const [resolving, setResolving] = useState<string | null>(null);
  const [enrolling, setEnrolling] = useState(false);
  const headingId = useId();
  const rejectedHeadingId = useId();

  useEffect(() => {
    let live = true;
    api.kiosks(building.id).then(
      (kiosks) => {
        if (!live) return;
        setLoaded({ kiosks, at: Date.now() });
        setLoading(false);
      },
      (error: unknown) => {
        if (!live) return;
        setLoading(false);
        showError(error);
      },
    );
    return () => {
      live = false;
    };
  }, [api, building.id, showError, reloads]);

  const refresh = useCallback(() => {
    setLoading(true);
    setReloads((count) => count + 1);
  }, []);

  const resolve = async (entry: RejectedKioskEntry) => {
    setResolving(entry.mutationId);
    try {
      await api.resolveRejectedEntry(entry.mutationId);
      showSuccess({ key: 'buildings.kiosks.resolved' });
      refresh();
    } catch (error) {
      showError(error);
    } finally {
      setResolving(null);
    }
  };

  const devices = loaded?.kiosks.devices ?? [];
  const rejected = (loaded?.kiosks.rejected ?? []).filter((entry) => entry.resolvedAt === null);
  const now = loaded?.at ?? 0;

  const clock = (device: KioskDevice) => {
    if (!device.clockSkewFlagged) return <Text size="sm">{t('buildings.kiosks.clockOk')}</Text>;
    const minutes = Math.max(1, Math.round(Math.abs(device.clockSkewMs) / 60_000));
    // The skew is the server's receipt time minus the kiosk's send time: positive when the kiosk is behind.
    const key = device.clockSkewMs > 0 ? 'buildings.kiosks.clockBehind' : 'buildings.kiosks.clockAhead';
    return (
      <Badge color="orange" variant="light" tt="none" data-testid="kiosk-device-skew">
        {t(key, { minutes })}
      </Badge>
    );
  };

  const alerts = (device: KioskDevice) =>
    device.alerts.length === 0 ? (
      <Text size="sm">{t('buildings.kiosks.noAlerts')}</Text>
    ) : (
      <List size="sm" spacing={2} data-testid="kiosk-device-alerts">
        {device.alerts.map((alert) => (
          <List.Item key={`${alert.kind}-${alert.details}-${alert.createdAt}`}>
            <Text size="sm" span fw={500}>
              {t(`buildings.kiosks.alertKinds.${alert.kind}`)}
            </Text>{' '}
            <Text size="sm" span>
              {alert.details} {t('buildings.kiosks.alertAt', { date: formatDateTime(alert.createdAt, language) })}
            </Text>
          </List.Item>
        ))}
      </List>
    );

  const unknown = t('buildings.kiosks.unknown');

  /** Enrolled, revoked (when) or never enrolled (a tablet that synced before enrolment existed). */
  const status = (device: KioskDevice) => {
    const [key, color, since] = device.revokedAt
      ? (['statusRevoked', 'red', device.revokedAt] as const)
      : device.enrolledAt
        ? (['statusEnrolled', 'green', device.enrolledAt] as const)
        : (['statusNotEnrolled', 'gray', null] as const);
    return (
      <>
        <Badge color={color} variant="light" tt="none" data-testid="kiosk-device-status">
          {t(`buildings.kiosks.${key}`)}
        </Badge>
        {since && <Text size="xs">{t('buildings.kiosks.statusSince', { date: formatDateTime(since, language) })}</Text>}
      </>
    );
  };

  return (
    <Stack gap="lg" data-testid="kiosk-devices">
      <section aria-labelledby={headingId}>
        <Stack gap="sm">
          <Group justify="space-between" align="center">
            <Title order={3} size="h5" id={headingId}>
              {t('buildings.kiosks.section')}
            </Title>
            <Group gap="xs">
              <Button size="xs" onClick={() => setEnrolling(true)} disabled={busy} data-testid="kiosk-enrol-open">
                {t('buildings.kiosks.enrol')}
              </Button>
              <Button
                variant="default"
                size="xs"
                leftSection={<IconRefresh />}
                onClick={refresh}
                loading={loading && loaded !== null}
                disabled={busy || loading}
                aria-label={t('buildings.kiosks.refreshLabel')}
                data-testid="kiosk-devices-refresh"
              >
                {t('buildings.kiosks.refresh')}
              </Button>
            </Group>
          </Group>
          <KioskEnrolDialog
            buildingId={building.id}
            opened={enrolling}
            onClose={(created) => {
              setEnrolling(false);
              if (created) refresh();
            }}
          />
          <Text size="sm">{t('buildings.kiosks.intro')}</Text>
          {loaded === null ? (
            loading && (
              <Group justify="center" p="md">
                <Loader size="sm" aria-label={t('buildings.common.loading')} />
              </Group>
            )
          ) : devices.length === 0 ? (
            <Text size="sm" data-testid="kiosk-devices-empty">
              {t('buildings.kiosks.none')}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={1040}>
              <Table withTableBorder verticalSpacing="xs" data-testid="kiosk-devices-table">
                <Table.Caption>{t('buildings.kiosks.caption')}</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('buildings.kiosks.device')}</Table.Th>
                    <Table.Th scope="col">{t('buildings.kiosks.status')}</Table.Th>
                    <Table.Th scope="col">{t('buildings.kiosks.lastContact')}</Table.Th>
                    <Table.Th scope="col">{t('buildings.kiosks.appVersion')}</Table.Th>
                    <Table.Th scope="col">{t('buildings.kiosks.configVersion')}</Table.Th>
                    <Table.Th scope="col">{t('buildings.kiosks.pending')}</Table.Th>
                    <Table.Th scope="col">{t('buildings.kiosks.rejected')}</Table.Th>
                    <Table.Th scope="col">{t('buildings.kiosks.clock')}</Table.Th>
                    <Table.Th scope="col">{t('buildings.kiosks.alerts')}</Table.Th>
                    <Table.Th scope="col">{t('buildings.kiosks.actions')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {devices.map((device) => (
                    <Table.Tr key={device.deviceId} data-testid="kiosk-device-row" data-device-id={device.deviceId}>
                      <Table.Th scope="row" fw={500}>
                        <Text size="sm" data-testid="kiosk-device-name">
                          {device.name ?? t('buildings.kiosks.unnamed')}
                        </Text>
                        <Text size="xs" span ff="monospace" title={device.deviceId}>
                          {shortId(device.deviceId)}
                        </Text>
                        {device.lastIp && (
                          <Text size="xs">{t('buildings.kiosks.deviceAddress', { ip: device.lastIp })}</Text>
                        )}
                      </Table.Th>
                      <Table.Td>{status(device)}</Table.Td>
                      <Table.Td>
                        <Text size="sm">
                          <time dateTime={device.lastSeenAt}>{formatRelative(device.lastSeenAt, now, language)}</time>
                        </Text>
                        <Text size="xs">{formatDateTime(device.lastSeenAt, language)}</Text>
                      </Table.Td>
                      <Table.Td>{device.appVersion ?? unknown}</Table.Td>
                      <Table.Td>
                        {device.configVersion ? (
                          <Text size="sm" span ff="monospace" title={device.configVersion}>
                            {shortId(device.configVersion)}
                          </Text>
                        ) : (
                          unknown
                        )}
                      </Table.Td>
                      <Table.Td>{device.pendingCount}</Table.Td>
                      <Table.Td>
                        {device.rejectedCount > 0 ? (
                          <Badge color="red" variant="light">
                            {device.rejectedCount}
                          </Badge>
                        ) : (
                          device.rejectedCount
                        )}
                      </Table.Td>
                      <Table.Td>{clock(device)}</Table.Td>
                      <Table.Td>{alerts(device)}</Table.Td>
                      <Table.Td>
                        <KioskDeviceActions
                          buildingId={building.id}
                          device={device}
                          label={device.name ?? shortId(device.deviceId)}
                          onChanged={refresh}
                        />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      </section>
      {loaded !== null && (
        <section aria-labelledby={rejectedHeadingId}>
          <Stack gap="sm">
            <Title order={3} size="h5" id={rejectedHeadingId}>
              {t('buildings.kiosks.toResolve')}
            </Title>
            {rejected.length === 0 ? (
              <Text size="sm" data-testid="kiosk-rejected-empty">
                {t('buildings.kiosks.nothingToResolve')}
              </Text>
            ) : (
              <>
                <Text size="sm">{t('buildings.kiosks.toResolveIntro')}</Text>
                <Table.ScrollContainer minWidth={720}>
                  <Table withTableBorder verticalSpacing="xs" data-testid="kiosk-rejected-table">
                    <Table.Caption>{t('buildings.kiosks.rejectedCaption')}</Table.Caption>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th scope="col">{t('buildings.kiosks.person')}</Table.Th>
                        <Table.Th scope="col">{t('buildings.kiosks.type')}</Table.Th>
                        <Table.Th scope="col">{t('buildings.kiosks.reason')}</Table.Th>
                        <Table.Th scope="col">{t('buildings.kiosks.occurredAt')}</Table.Th>
                        <Table.Th scope="col">{t('buildings.kiosks.device')}</Table.Th>
                        <Table.Th scope="col" w={120}>
                          {t('buildings.common.actions')}
                        </Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {rejected.map((entry) => {
                        const occurred = formatDateTime(entry.occurredAt, language);
                        return (
                          <Table.Tr
                            key={entry.mutationId}
                            data-testid="kiosk-rejected-row"
                            data-mutation-id={entry.mutationId}
                          >
                            <Table.Td>{entry.personName ?? '—'}</Table.Td>
                            <Table.Td>{t(`buildings.kiosks.types.${entry.type}`)}</Table.Td>
                            <Table.Td>{t(`errors.${entry.errorCode}`)}</Table.Td>
                            <Table.Td>
                              <time dateTime={entry.occurredAt}>{occurred}</time>
                            </Table.Td>
                            <Table.Td>
                              <Text size="sm" span ff="monospace" title={entry.deviceId}>
                                {shortId(entry.deviceId)}
                              </Text>
                            </Table.Td>
                            <Table.Td>
                              <Button
                                size="xs"
                                variant="light"
                                onClick={() => void resolve(entry)}
                                loading={resolving === entry.mutationId}
                                disabled={busy || resolving !== null}
                                aria-label={
                                  entry.personName
                                    ? t('buildings.kiosks.resolveOf', { name: entry.personName })
                                    : t('buildings.kiosks.resolveUnnamed', { date: occurred })
                                }
                                data-testid="kiosk-rejected-resolve"
                              >
                                {t('buildings.kiosks.resolve')}
                              </Button>
                            </Table.Td>
                          </Table.Tr>
                        );
                      })}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              </>
            )}
          </Stack>
        </section>
      )}
    </Stack>
  );
}
