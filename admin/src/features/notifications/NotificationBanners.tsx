import { Alert, List, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { IconAlertCircle, IconCircleCheck } from '../../components/Icons.tsx';
import { useNotificationStore, type NoticeMessage } from './notification.store.ts';

function useNoticeText(): (message: NoticeMessage) => string {
  const { t, i18n } = useTranslation();
  return (message) =>
    i18n.exists(message.key) || !message.fallback ? t(message.key, message.params ?? {}) : message.fallback;
}

/**
 * The error banner (a list of messages, stays until closed) and the success banner
 * (hides after its timeout, 0 keeps it), at the top of the page.
 */
export function NotificationBanners() {
  const { t } = useTranslation();
  const text = useNoticeText();
  const error = useNotificationStore((state) => state.error);
  const success = useNotificationStore((state) => state.success);
  const clearError = useNotificationStore((state) => state.clearError);
  const clearSuccess = useNotificationStore((state) => state.clearSuccess);

  useEffect(() => {
    if (!success || success.timeout <= 0) return;
    const timer = setTimeout(clearSuccess, success.timeout);
    return () => clearTimeout(timer);
  }, [success, clearSuccess]);

  if (!error && !success) return null;
  return (
    <Stack gap="sm" mb="md">
      {error && (
        <Alert
          role="alert"
          color="red"
          variant="light"
          icon={<IconAlertCircle />}
          withCloseButton
          closeButtonLabel={t('shell.banners.close')}
          onClose={clearError}
          data-testid="error-banner"
        >
          {error.messages.length === 1 && error.messages[0] ? (
            <Text size="sm">{text(error.messages[0])}</Text>
          ) : (
            <List size="sm">
              {error.messages.map((message, index) => (
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
          onClose={clearSuccess}
          data-testid="success-banner"
        >
          <Text size="sm">{text(success.message)}</Text>
        </Alert>
      )}
    </Stack>
  );
}
