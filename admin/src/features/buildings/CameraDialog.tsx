import { Button, PasswordInput, Select, Stack, Switch, TextInput } from '@mantine/core';
import { KIOSK_TEXT_MAX, cameraInputSchema, cameraPlaces, type Camera, type CameraInput } from '@vestibule/shared';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog, DialogActions } from '../../components/AppDialog.tsx';
import { useSchemaForm } from '../../form/useSchemaForm.ts';
import { SwitchWithHelp } from '../../components/SwitchWithHelp.tsx';

/** Camera texts share the kiosk texts' limit of 128 characters. */
const CAMERA_TEXT_MAX = KIOSK_TEXT_MAX;

interface CameraValues {
  name: string;
  ipAddress: string;
  authUser: string;
  authPassword: string;
  cameraPlace: string;
  active: boolean;
  simulated: boolean;
}

function cameraValues(camera: Camera | null): CameraValues {
  return {
    name: camera?.name ?? '',
    ipAddress: camera?.ipAddress ?? '',
    authUser: camera?.authUser ?? '',
    authPassword: '',
    cameraPlace: camera?.cameraPlace ?? 'ENTRY',
    active: camera?.active ?? true,
    simulated: camera?.simulated ?? false,
  };
}

interface CameraDialogProps {
  opened: boolean;
  /** The camera to edit; null adds one. */
  camera: Camera | null;
  /** Creates (no id) or updates; the dialog closes whatever the answer. */
  onSave: (camera: CameraInput, id: string | null) => Promise<void>;
  onClose: () => void;
}

/** Add or edit a camera (600 px wide); a second submit while saving is ignored. */
export function CameraDialog({ opened, camera, onSave, onClose }: CameraDialogProps) {
  const { t } = useTranslation();
  return (
    <AppDialog
      opened={opened}
      onClose={onClose}
      title={t(camera ? 'buildings.cameras.editTitle' : 'buildings.cameras.addTitle')}
      size={600}
      data-testid="camera-dialog"
    >
      {opened && <CameraForm camera={camera} onSave={onSave} onClose={onClose} />}
    </AppDialog>
  );
}

function CameraForm({ camera, onSave, onClose }: Omit<CameraDialogProps, 'opened'>) {
  const { t } = useTranslation();
  const form = useSchemaForm<CameraValues, CameraInput>(cameraInputSchema, cameraValues(camera));
  const saving = useRef(false);
  const [pending, setPending] = useState(false);
  const { values, setField } = form;

  const text = (key: 'name' | 'ipAddress' | 'authUser') => ({
    id: `camera-${key}`,
    value: values[key],
    maxLength: CAMERA_TEXT_MAX,
    onChange: (event: ChangeEvent<HTMLInputElement>) => setField(key, event.currentTarget.value),
    onBlur: () => form.touch(key),
    error: form.error(key),
  });

  // The guard is read when the form is submitted, never while rendering.
  const submit = (event: FormEvent<HTMLFormElement>) =>
    form.onSubmit(async (input) => {
      if (saving.current) return;
      saving.current = true;
      setPending(true);
      try {
        await onSave(input, camera?.id ?? null);
      } finally {
        saving.current = false;
        setPending(false);
        onClose();
      }
    })(event);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label={t('buildings.cameras.name')} withAsterisk aria-required data-autofocus {...text('name')} />
        <TextInput
          label={t('buildings.cameras.ipAddress')}
          description={t('buildings.cameras.ipAddressHelp')}
          withAsterisk
          aria-required
          {...text('ipAddress')}
        />
        <TextInput label={t('buildings.cameras.authUser')} autoComplete="off" {...text('authUser')} />
        <PasswordInput
          id="camera-authPassword"
          label={t('buildings.cameras.authPassword')}
          description={camera?.hasPassword ? t('buildings.cameras.keepPassword') : undefined}
          autoComplete="new-password"
          maxLength={CAMERA_TEXT_MAX}
          value={values.authPassword}
          onChange={(event) => setField('authPassword', event.currentTarget.value)}
          onBlur={() => form.touch('authPassword')}
          error={form.error('authPassword')}
          visibilityToggleButtonProps={{ 'aria-label': t('buildings.cameras.showPassword'), tabIndex: 0 }}
        />
        <Select
          id="camera-cameraPlace"
          label={t('buildings.cameras.place')}
          withAsterisk
          aria-required
          data={cameraPlaces.map((place) => ({ value: place, label: t(`buildings.cameras.places.${place}`) }))}
          value={values.cameraPlace || null}
          onChange={(value) => setField('cameraPlace', value ?? '')}
          allowDeselect={false}
          error={form.error('cameraPlace')}
        />
        <Switch
          id="camera-active"
          label={t('buildings.cameras.active')}
          checked={values.active}
          onChange={(event) => setField('active', event.currentTarget.checked)}
        />
        <SwitchWithHelp
          id="camera-simulated"
          label={t('buildings.cameras.simulated')}
          help={t('buildings.cameras.simulatedHelp')}
          checked={values.simulated}
          onChange={(event) => setField('simulated', event.currentTarget.checked)}
        />
        <DialogActions>
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={pending}>
            {t('common.save')}
          </Button>
        </DialogActions>
      </Stack>
    </form>
  );
}
