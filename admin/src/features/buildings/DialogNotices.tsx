import { Alert, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconAlertCircle, IconCircleCheck } from '../../components/Icons.tsx';
import type { NoticeMessage } from '../notifications/notification.store.ts';
import type { DialogNotices as Notices } from './useDialogNotices.ts';

/** The text of a notice: its catalogue message, or the server's text when the code has none. */
export function useNoticeText(): (message: NoticeMessage) => string {
  const { t, i18n } = useTranslation();
  return (message) =>
    i18n.exists(message.key) || !message.fallback ? t(message.key, message.params ?? {}) : message.fallback;
}

/** The error and success banners at the top of a dialog. */
export function DialogNotices({ notices }: { notices: Notices }) {
  const { t } = useTranslation();
  const text = useNoticeText();
  const { error, success } = notices;
  if (!error && !success) return null;
  return (
    <Stack gap="xs" mb="sm">
      {error && (
        <Alert
          role="alert"
          color="red"
          variant="light"
          icon={<IconAlertCircle />}
          withCloseButton
          closeButtonLabel={t('shell.banners.close')}
          onClose={notices.clearError}
          data-testid="dialog-error-banner"
        >
          {error.length === 1 && error[0] ? (
            <Text size="sm">{text(error[0])}</Text>
          ) : (
            <List size="sm">
              {error.map((message, index) => (
                <List.Item key={`${index}-${message.key}`}>{text(message)}</List.Item>
              ))}
            </List>
          )}
        </Alert>
      )}
      {success && (
        <Alert
          role="status"
          color="green"
          variant="light"
          icon={<IconCircleCheck />}
          withCloseButton
          closeButtonLabel={t('shell.banners.close')}
          onClose={notices.clearSuccess}
          data-testid="dialog-success-banner"
        >
          <Text size="sm">{text(success.message)}</Text>
        </Alert>
      )}
    </Stack>
  );
}
