import { Button, Code, Image, Stack, Text, TextInput } from '@mantine/core';
import { type CreateEnrolmentResponse, createEnrolmentRequestSchema } from '@vestibule/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/apiClient.ts';
import { useDateTimeFormat } from '../../format/useDateTimeFormat.ts';
import { AppDialog, DialogActions } from '../../components/AppDialog.tsx';
import { useQrImage } from '../../components/useQrImage.ts';
import { useSchemaForm } from '../../form/useSchemaForm.ts';
import { useBuildingDialog } from './buildingDialogContext.ts';

/** As the enrolment schema allows (createEnrolmentRequestSchema). */
export const KIOSK_NAME_MAX = 64;

/**
 * Enrols a tablet as a kiosk of the building: a name, then a one-time code (15 minutes) with
 * the QR code of its link, to open on the tablet (or the code to type on its kiosk screen).
 */
export function KioskEnrolDialog({
  buildingId,
  opened,
  onClose,
}: {
  buildingId: string;
  opened: boolean;
  /** Closed; `created` when a code was made (the list may soon show a new kiosk). */
  onClose: (created: boolean) => void;
}) {
  const { t } = useTranslation();
  const format = useDateTimeFormat();
  const { notices } = useBuildingDialog();
  // The shared request schema decides; an empty name gets the dialog's own words.
  const form = useSchemaForm<{ name: string }, { name: string }>(
    createEnrolmentRequestSchema,
    { name: '' },
    { name: (issue) => (issue.code === 'too_small' ? t('buildings.kiosks.enrolNameRequired') : undefined) },
  );
  const [saving, setSaving] = useState(false);
  const [created, setCreated] = useState<CreateEnrolmentResponse | null>(null);
  const qr = useQrImage(created === null ? null : created.url);

  const close = () => {
    onClose(created !== null);
    form.reset({ name: '' });
    setCreated(null);
  };

  const submit = form.onSubmit(async ({ name }) => {
    if (saving) return;
    setSaving(true);
    try {
      setCreated(
        await api.call('POST /building/:id/devices/enrolments', { params: { id: buildingId }, body: { name } }),
      );
    } catch (error) {
      notices.showError(error);
    } finally {
      setSaving(false);
    }
  });

  const expiry = created ? format.time(created.expiresAt) : '';

  return (
    <AppDialog
      opened={opened}
      onClose={close}
      title={t('buildings.kiosks.enrolTitle')}
      data-testid="kiosk-enrol-dialog"
    >
      {created ? (
        <Stack gap="sm" data-testid="kiosk-enrolment">
          <Text size="sm">{t('buildings.kiosks.enrolIntro')}</Text>
          {qr && (
            <Image
              src={qr}
              alt={t('buildings.kiosks.enrolQrAlt', { name: created.name })}
              w={220}
              h={220}
              mx="auto"
              data-testid="kiosk-enrolment-qr"
            />
          )}
          <Text size="sm" fw={500}>
            {t('buildings.kiosks.enrolCode')}
          </Text>
          <Code fz="xl" ta="center" block data-testid="kiosk-enrolment-code">
            {created.code}
          </Code>
          <Text size="sm" fw={500}>
            {t('buildings.kiosks.enrolLink')}
          </Text>
          <Code block data-testid="kiosk-enrolment-link">
            {created.url}
          </Code>
          <Text size="sm">{t('buildings.kiosks.enrolExpires', { time: expiry })}</Text>
          <DialogActions>
            <Button onClick={close} data-autofocus>
              {t('buildings.kiosks.enrolDone')}
            </Button>
          </DialogActions>
        </Stack>
      ) : (
        <form noValidate onSubmit={submit}>
          <Stack gap="sm">
            <Text size="sm">{t('buildings.kiosks.enrolIntro')}</Text>
            <TextInput
              label={t('buildings.kiosks.enrolName')}
              description={t('buildings.kiosks.enrolNameHint')}
              required
              maxLength={KIOSK_NAME_MAX}
              value={form.values.name}
              error={form.error('name')}
              onChange={(event) => form.setField('name', event.currentTarget.value)}
              onBlur={() => form.touch('name')}
              data-autofocus
              data-testid="kiosk-enrol-name"
            />
            <DialogActions>
              <Button variant="default" onClick={close}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={saving} data-testid="kiosk-enrol-create">
                {t('buildings.kiosks.enrolCreate')}
              </Button>
            </DialogActions>
          </Stack>
        </form>
      )}
    </AppDialog>
  );
}
