import { Button, Code, Group, Image, Stack, Text, TextInput } from '@mantine/core';
import type { CreateEnrolmentResponse } from '@vestibule/shared';
import QRCode from 'qrcode';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../format/dateTime.ts';
import { AppDialog } from '../../components/AppDialog.tsx';
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
  const { t, i18n } = useTranslation();
  const { api, notices } = useBuildingDialog();
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const [created, setCreated] = useState<CreateEnrolmentResponse | null>(null);
  const [qr, setQr] = useState<string | null>(null);
  const problem = name.trim() === '' ? t('buildings.kiosks.enrolNameRequired') : null;

  useEffect(() => {
    if (!created) return;
    let live = true;
    QRCode.toString(created.url, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }).then(
      (svg) => live && setQr(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`),
      () => live && setQr(null),
    );
    return () => {
      live = false;
    };
  }, [created]);

  const close = () => {
    onClose(created !== null);
    setName('');
    setTouched(false);
    setCreated(null);
    setQr(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (problem || saving) return;
    setSaving(true);
    try {
      setCreated(await api.createKioskEnrolment(buildingId, name.trim()));
    } catch (error) {
      notices.showError(error);
    } finally {
      setSaving(false);
    }
  };

  const expiry = created ? formatTime(created.expiresAt, i18n.resolvedLanguage ?? i18n.language) : '';

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
          <Group justify="flex-end">
            <Button onClick={close} data-autofocus>
              {t('buildings.kiosks.enrolDone')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <form noValidate onSubmit={(event) => void submit(event)}>
          <Stack gap="sm">
            <Text size="sm">{t('buildings.kiosks.enrolIntro')}</Text>
            <TextInput
              label={t('buildings.kiosks.enrolName')}
              description={t('buildings.kiosks.enrolNameHint')}
              required
              maxLength={KIOSK_NAME_MAX}
              value={name}
              error={touched ? problem : null}
              onChange={(event) => setName(event.currentTarget.value)}
              onBlur={() => setTouched(true)}
              data-autofocus
              data-testid="kiosk-enrol-name"
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={saving} data-testid="kiosk-enrol-create">
                {t('buildings.kiosks.enrolCreate')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </AppDialog>
  );
}
