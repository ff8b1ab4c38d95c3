import { Badge, List, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { KioskDevice } from './buildingsApi.ts';
import { KioskDeviceActions } from './KioskDeviceActions.tsx';
import { useDateTimeFormat } from '../../format/useDateTimeFormat.ts';
import { formatRelative, shortId } from './kioskDeviceText.ts';

/** A kiosk's clock: in step, or how far ahead or behind the server it is. */
function DeviceClock({ device }: { device: KioskDevice }) {
  const { t } = useTranslation();
  if (!device.clockSkewFlagged) return <Text size="sm">{t('buildings.kiosks.clockOk')}</Text>;
  const minutes = Math.max(1, Math.round(Math.abs(device.clockSkewMs) / 60_000));
  // The skew is the server's receipt time minus the kiosk's send time: positive when the kiosk is behind.
  const key = device.clockSkewMs > 0 ? 'buildings.kiosks.clockBehind' : 'buildings.kiosks.clockAhead';
  return (
    <Badge color="orange" variant="light" tt="none" data-testid="kiosk-device-skew">
      {t(key, { minutes })}
    </Badge>
  );
}

function DeviceAlerts({ device }: { device: KioskDevice }) {
  const { t } = useTranslation();
  const format = useDateTimeFormat();
  if (device.alerts.length === 0) return <Text size="sm">{t('buildings.kiosks.noAlerts')}</Text>;
  return (
    <List size="sm" spacing={2} data-testid="kiosk-device-alerts">
      {device.alerts.map((alert) => (
        <List.Item key={`${alert.kind}-${alert.details}-${alert.createdAt}`}>
          <Text size="sm" span fw={500}>
            {t(`buildings.kiosks.alertKinds.${alert.kind}`)}
          </Text>{' '}
          <Text size="sm" span>
            {alert.details} {t('buildings.kiosks.alertAt', { date: format.dateTime(alert.createdAt) })}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}

/** Enrolled, revoked (when) or never enrolled (a tablet that synced before enrolment existed). */
function DeviceStatus({ device }: { device: KioskDevice }) {
  const { t } = useTranslation();
  const format = useDateTimeFormat();
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
      {since && (
        // A date and time never break at their hyphens ("2026-" / "11-27").
        <Text size="xs" style={{ whiteSpace: 'nowrap' }}>
          {t('buildings.kiosks.statusSince', { date: format.dateTime(since) })}
        </Text>
      )}
    </>
  );
}

const columns = [
  'device',
  'status',
  'lastContact',
  'appVersion',
  'configVersion',
  'pending',
  'rejected',
  'clock',
  'alerts',
  'actions',
] as const;

/** The building's kiosks as the server last heard from them; `now` is when the list was loaded. */
export function KioskDeviceTable(props: {
  buildingId: string;
  devices: KioskDevice[];
  now: number;
  onChanged: () => void;
}) {
  const { buildingId, devices, now, onChanged } = props;
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const format = useDateTimeFormat();
  const unknown = t('buildings.kiosks.unknown');
  return (
    <Table.ScrollContainer minWidth={1040}>
      <Table withTableBorder verticalSpacing="xs" data-testid="kiosk-devices-table">
        <Table.Caption>{t('buildings.kiosks.caption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column} scope="col">
                {t(`buildings.kiosks.${column}`)}
              </Table.Th>
            ))}
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
                {device.lastIp && <Text size="xs">{t('buildings.kiosks.deviceAddress', { ip: device.lastIp })}</Text>}
              </Table.Th>
              <Table.Td>
                <DeviceStatus device={device} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  <time dateTime={device.lastSeenAt}>{formatRelative(device.lastSeenAt, now, language)}</time>
                </Text>
                <Text size="xs" style={{ whiteSpace: 'nowrap' }}>
                  {format.dateTime(device.lastSeenAt)}
                </Text>
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
              <Table.Td>
                <DeviceClock device={device} />
              </Table.Td>
              <Table.Td>
                <DeviceAlerts device={device} />
              </Table.Td>
              <Table.Td>
                <KioskDeviceActions
                  buildingId={buildingId}
                  device={device}
                  label={device.name ?? shortId(device.deviceId)}
                  onChanged={onChanged}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
