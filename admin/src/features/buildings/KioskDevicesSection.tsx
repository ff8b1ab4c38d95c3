import { Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { Building } from '@vestibule/shared';
import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/apiClient.ts';
import { IconRefresh } from './BuildingIcons.tsx';
import { KioskDeviceTable } from './KioskDeviceTable.tsx';
import { KioskEnrolDialog } from './KioskEnrolDialog.tsx';
import { KioskHeldEntries } from './KioskHeldEntries.tsx';
import { KioskRejectedEntries } from './KioskRejectedEntries.tsx';
import { useBuildingDialog } from './buildingDialogContext.ts';
import type { BuildingKiosks, RejectedKioskEntry } from './buildingsApi.ts';

export { formatRelative } from './kioskDeviceText.ts';

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
  const { t } = useTranslation();
  const { notices, busy } = useBuildingDialog();
  const { showError, showSuccess } = notices;
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [loading, setLoading] = useState(true);
  const [reloads, setReloads] = useState(0);
  const [resolving, setResolving] = useState<string | null>(null);
  const [enrolling, setEnrolling] = useState(false);
  const headingId = useId();

  useEffect(() => {
    let live = true;
    api.call('GET /building/:id/devices', { params: { id: building.id } }).then(
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
  }, [building.id, showError, reloads]);

  const refresh = useCallback(() => {
    setLoading(true);
    setReloads((count) => count + 1);
  }, []);

  const resolve = async (entry: RejectedKioskEntry) => {
    setResolving(entry.mutationId);
    try {
      await api.call('PATCH /sync/rejected/:mutationId/resolve', { params: { mutationId: entry.mutationId } });
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
  // The count is of kiosks enrolled now (not revoked), out of those the building has heard from.
  const enrolled = devices.filter((device) => device.enrolledAt && !device.revokedAt).length;

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
          {devices.length > 0 && (
            <Text size="sm" data-testid="kiosk-enrolled-count">
              {t('buildings.kiosks.count', { enrolled, total: devices.length })}
            </Text>
          )}
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
            <KioskDeviceTable buildingId={building.id} devices={devices} now={now} onChanged={refresh} />
          )}
        </Stack>
      </section>
      <KioskHeldEntries buildingId={building.id} reloads={reloads} onChanged={refresh} />
      {loaded !== null && (
        <KioskRejectedEntries
          rejected={rejected}
          busy={busy}
          resolving={resolving}
          onResolve={(entry) => void resolve(entry)}
        />
      )}
    </Stack>
  );
}
