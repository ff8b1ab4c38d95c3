import { Alert, Button, FileInput, Group, Image, Progress, Stack, Text } from '@mantine/core';
import type { Floor } from '@vestibule/shared';
import { ApiError } from '@vestibule/shared/api';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/apiClient.ts';
import { upload } from '../../api/upload.ts';
import { AppDialog, DialogActions } from '../../components/AppDialog.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { messageFromError, notifications, useNoticeText } from '../notifications/index.ts';
import { planAccept, planProblems } from './floorsData.ts';

/**
 * A floor's plan image: the current one, a file chooser that says at once what the server would
 * refuse (5 MB or more, not GIF, PNG, JPEG or BMP), a preview of the chosen file, the upload with
 * its progress bar, and removing the plan (the spaces keep their places for the next one).
 */
export function PlanDialog({ floor, onClose }: { floor: Floor; onClose: (changed: boolean) => void }) {
  const { t } = useTranslation();
  const noticeText = useNoticeText();
  const [file, setFile] = useState<File | null>(null);
  const [read, setRead] = useState<{ file: File; url: string } | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);
  const problems = file ? planProblems(file) : [];
  const fileValid = file !== null && problems.length === 0;
  const preview = read !== null && read.file === file ? read.url : null;

  // The chosen file's preview, read in the browser before anything is sent.
  useEffect(() => {
    if (!fileValid) return undefined;
    const reader = new FileReader();
    reader.addEventListener('load', () => typeof reader.result === 'string' && setRead({ file, url: reader.result }));
    reader.readAsDataURL(file);
    return () => reader.abort();
  }, [file, fileValid]);

  const send = async () => {
    if (!fileValid) return;
    setRefusal(null);
    setProgress(0);
    try {
      await upload('PATCH /floor/:id/layoutImage', { params: { id: floor.id }, file, onProgress: setProgress });
      notifications.showSuccess({ key: 'floors.plan.uploaded' });
      onClose(true);
    } catch (error) {
      if (error instanceof ApiError) setRefusal(noticeText(messageFromError(error)));
      else notifications.showError(messageFromError(error));
    } finally {
      setProgress(null);
    }
  };

  const remove = async () => {
    setRemoving(false);
    try {
      await api.call('DELETE /floor/:id/layoutImage', { params: { id: floor.id } });
      notifications.showSuccess({ key: 'floors.plan.removed' });
      onClose(true);
    } catch (error) {
      notifications.showError(messageFromError(error));
    }
  };

  return (
    <AppDialog
      opened
      onClose={() => onClose(false)}
      title={t('floors.plan.title', { name: floor.name })}
      size="lg"
      data-testid="plan-dialog"
    >
      <Stack gap="md">
        {floor.image ? (
          <Stack gap={4}>
            <Text size="sm">{t('floors.plan.current', { width: floor.image.width, height: floor.image.height })}</Text>
            <Image src={floor.image.url} alt={t('floors.plan.alt', { name: floor.name })} fit="contain" mah={240} />
          </Stack>
        ) : (
          <Text size="sm">{t('floors.plan.none')}</Text>
        )}
        <FileInput
          label={floor.image ? t('floors.plan.replaceFile') : t('floors.plan.file')}
          description={t('floors.plan.help')}
          placeholder={t('floors.plan.choose')}
          accept={planAccept}
          value={file}
          onChange={(chosen) => {
            setFile(chosen);
            setRefusal(null);
          }}
          clearable
          clearButtonProps={{ 'aria-label': t('floors.plan.clear') }}
          error={problems.length > 0 ? problems.map((problem) => t(`errors.${problem}`)).join(' ') : undefined}
          disabled={progress !== null}
        />
        {preview && (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {t('floors.plan.preview')}
            </Text>
            <Image src={preview} alt={t('floors.plan.previewAlt')} fit="contain" mah={240} />
          </Stack>
        )}
        {progress !== null && (
          <Progress.Root size="lg" aria-hidden={false}>
            <Progress.Section value={progress} aria-label={t('floors.plan.progress')} />
          </Progress.Root>
        )}
        {refusal && (
          <Alert color="red" variant="light" role="alert" data-testid="plan-refusal">
            {refusal}
          </Alert>
        )}
        <DialogActions>
          {floor.image && (
            <Button variant="default" color="red" onClick={() => setRemoving(true)} disabled={progress !== null}>
              {t('floors.plan.remove')}
            </Button>
          )}
          <Group gap="sm">
            <Button variant="default" onClick={() => onClose(false)}>
              {t('common.close')}
            </Button>
            <Button onClick={() => void send()} disabled={!fileValid} loading={progress !== null}>
              {t('floors.plan.upload')}
            </Button>
          </Group>
        </DialogActions>
      </Stack>
      <ConfirmDialog
        opened={removing}
        title={t('floors.plan.removeTitle')}
        confirmLabel={t('floors.plan.remove')}
        cancelLabel={t('common.cancel')}
        danger
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(false)}
      >
        {t('floors.plan.removeText', { name: floor.name })}
      </ConfirmDialog>
    </AppDialog>
  );
}
