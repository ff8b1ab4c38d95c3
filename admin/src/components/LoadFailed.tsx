import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { messageFromError, useNoticeText } from '../features/notifications/index.ts';

/** A part of a screen that could not be loaded: why, and a way to try again. */
export function LoadFailed({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const noticeText = useNoticeText();
  return (
    <Alert color="red" title={title}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{noticeText(messageFromError(error))}</Text>
        <Button variant="default" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}
