import { Button, Group, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/apiClient.ts';
import { AppDialog, DialogActions } from '../../components/AppDialog.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { KIOSK_NAME_MAX } from './KioskEnrolDialog.tsx';
import { useBuildingDialog } from './buildingDialogContext.ts';
import type { KioskDevice } from './buildingsApi.ts';

/** Rename and Revoke for one kiosk of the list; `onChanged` reloads the list. */
export function KioskDeviceActions({
  buildingId,
  device,
  label,
  onChanged,
}: {
  buildingId: string;
  device: KioskDevice;
  /** How the kiosk is named on screen (its name, or its short id). */
  label: string;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const { notices, busy } = useBuildingDialog();
  const [renaming, setRenaming] = useState(false);
  const [revoking, setRevoking] = useState(false);
  const [working, setWorking] = useState(false);

  const revoke = async () => {
    setWorking(true);
    try {
      await api.call('POST /building/:id/devices/:deviceId/revoke', {
        params: { id: buildingId, deviceId: device.deviceId },
      });
      notices.showSuccess({ key: 'buildings.kiosks.revokedNotice' });
      setRevoking(false);
      onChanged();
    } catch (error) {
      notices.showError(error);
    } finally {
      setWorking(false);
    }
  };

  return (
    <Group gap="xs" wrap="nowrap">
      <Button
        size="xs"
        variant="default"
        disabled={busy || device.enrolledAt === null}
        onClick={() => setRenaming(true)}
        aria-label={t('buildings.kiosks.renameOf', { name: label })}
        data-testid="kiosk-device-rename"
      >
        {t('buildings.kiosks.rename')}
      </Button>
      <Button
        size="xs"
        variant="light"
        color="red.9"
        disabled={busy || device.enrolledAt === null || device.revokedAt !== null}
        onClick={() => setRevoking(true)}
        aria-label={t('buildings.kiosks.revokeOf', { name: label })}
        data-testid="kiosk-device-revoke"
      >
        {t('buildings.kiosks.revoke')}
      </Button>
      <RenameDialog
        opened={renaming}
        buildingId={buildingId}
        device={device}
        onClose={(renamed) => {
          setRenaming(false);
          if (renamed) onChanged();
        }}
      />
      <ConfirmDialog
        opened={revoking}
        title={t('buildings.kiosks.revokeTitle')}
        confirmLabel={t('buildings.kiosks.revoke')}
        cancelLabel={t('common.cancel')}
        danger
        busy={working}
        onConfirm={() => void revoke()}
        onCancel={() => setRevoking(false)}
        data-testid="kiosk-revoke-dialog"
      >
        {t('buildings.kiosks.revokeText', { name: label })}
      </ConfirmDialog>
    </Group>
  );
}

function RenameDialog({
  opened,
  buildingId,
  device,
  onClose,
}: {
  opened: boolean;
  buildingId: string;
  device: KioskDevice;
  onClose: (renamed: boolean) => void;
}) {
  const { t } = useTranslation();
  const { notices } = useBuildingDialog();
  const [name, setName] = useState(device.name ?? '');
  const [saving, setSaving] = useState(false);
  const problem = name.trim() === '' ? t('buildings.kiosks.enrolNameRequired') : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (problem || saving) return;
    setSaving(true);
    try {
      await api.call('PATCH /building/:id/devices/:deviceId', {
        params: { id: buildingId, deviceId: device.deviceId },
        body: { name: name.trim() },
      });
      notices.showSuccess({ key: 'buildings.kiosks.renamed' });
      onClose(true);
    } catch (error) {
      notices.showError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <AppDialog opened={opened} onClose={() => onClose(false)} title={t('buildings.kiosks.renameTitle')}>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Stack gap="sm">
          <TextInput
            label={t('buildings.kiosks.enrolName')}
            required
            maxLength={KIOSK_NAME_MAX}
            value={name}
            error={problem}
            onChange={(event) => setName(event.currentTarget.value)}
            data-autofocus
            data-testid="kiosk-rename-name"
          />
          <DialogActions>
            <Button variant="default" onClick={() => onClose(false)}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={saving} data-testid="kiosk-rename-save">
              {t('buildings.kiosks.renameSave')}
            </Button>
          </DialogActions>
        </Stack>
      </form>
    </AppDialog>
  );
}
