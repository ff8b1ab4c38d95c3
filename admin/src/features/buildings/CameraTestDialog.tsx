import { Alert, Badge, Button, Image, List, Loader, Stack, Text, Title } from '@mantine/core';
import type { Camera, CameraInfo } from '@vestibule/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/apiClient.ts';
import { AppDialog, DialogActions } from '../../components/AppDialog.tsx';
import { type NoticeMessage, messageFromError, useNoticeText } from '../notifications/index.ts';
import { IconRefresh } from './BuildingIcons.tsx';
import { cameraPicture } from './buildingsApi.ts';

interface CameraTestDialogProps {
  camera: Camera | null;
  onClose: () => void;
}

/** Reads a camera once: its temperature entries and a fresh picture (or the 'no picture' note). */
export function CameraTestDialog({ camera, onClose }: CameraTestDialogProps) {
  const { t } = useTranslation();
  return (
    <AppDialog
      opened={camera !== null}
      onClose={onClose}
      title={t('buildings.cameras.testTitle', { name: camera?.name ?? '' })}
      size={600}
      data-testid="camera-test-dialog"
    >
      {camera && <CameraReading camera={camera} />}
    </AppDialog>
  );
}

type InfoState =
  { status: 'loading' } | { status: 'done'; info: CameraInfo } | { status: 'failed'; message: NoticeMessage };
type PictureState = { status: 'loading' } | { status: 'done'; url: string } | { status: 'failed' };

function CameraReading({ camera }: { camera: Camera }) {
  const { t, i18n } = useTranslation();
  const noticeText = useNoticeText();
  const [attempt, setAttempt] = useState(0);
  const [info, setInfo] = useState<InfoState>({ status: 'loading' });
  const [picture, setPicture] = useState<PictureState>({ status: 'loading' });

  useEffect(() => {
    let live = true;
    let url: string | null = null;
    api.call('GET /camera/info/:id', { params: { id: camera.id } }).then(
      (answer) => live && setInfo({ status: 'done', info: answer }),
      (error: unknown) => live && setInfo({ status: 'failed', message: messageFromError(error) }),
    );
    cameraPicture(camera.id).then(
      (blob) => {
        if (!live) return;
        url = URL.createObjectURL(blob);
        setPicture({ status: 'done', url });
      },
      () => live && setPicture({ status: 'failed' }),
    );
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [camera.id, attempt]);

  const again = () => {
    setInfo({ status: 'loading' });
    setPicture({ status: 'loading' });
    setAttempt((current) => current + 1);
  };
  const degrees = new Intl.NumberFormat(i18n.resolvedLanguage ?? 'en', {
    minimumFractionDigits: 1,
    maximumFractionDigits: 2,
  });

  return (
    <Stack gap="md">
      <Title order={3} size="h5">
        {t('buildings.cameras.reading')}
      </Title>
      {info.status === 'loading' && <Loader size="sm" aria-label={t('buildings.common.loading')} />}
      {info.status === 'failed' && (
        <Alert color="red" variant="light" role="alert">
          {noticeText(info.message)}
        </Alert>
      )}
      {info.status === 'done' && (
        <Stack gap="xs" data-testid="camera-reading">
          {info.info.simulated && (
            <div>
              <Badge variant="outline" color="gray">
                {t('buildings.cameras.simulatedReading')}
              </Badge>
            </div>
          )}
          {info.info.entries.length === 0 ? (
            <Text size="sm">{t('buildings.cameras.noEntries')}</Text>
          ) : (
            <List size="sm">
              {info.info.entries.map((entry, index) => (
                <List.Item key={index}>
                  {t('buildings.cameras.entry', {
                    number: index + 1,
                    temperature: `${degrees.format(entry.maxTemperature)} °C`,
                  })}
                </List.Item>
              ))}
            </List>
          )}
        </Stack>
      )}
      <Title order={3} size="h5">
        {t('buildings.cameras.picture')}
      </Title>
      {picture.status === 'loading' && <Loader size="sm" aria-label={t('buildings.common.loading')} />}
      {picture.status === 'failed' && (
        <Text size="sm" data-testid="camera-no-picture">
          {t('buildings.cameras.noPicture')}
        </Text>
      )}
      {picture.status === 'done' && (
        <Image
          src={picture.url}
          alt={t('buildings.cameras.pictureAlt', { name: camera.name })}
          fit="contain"
          mah={360}
          radius="sm"
        />
      )}
      <DialogActions>
        <Button variant="default" leftSection={<IconRefresh />} onClick={again}>
          {t('buildings.cameras.testAgain')}
        </Button>
      </DialogActions>
    </Stack>
  );
}
