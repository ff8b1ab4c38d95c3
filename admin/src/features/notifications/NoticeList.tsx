import { Alert, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconAlertCircle, IconCircleCheck } from '../../components/Icons.tsx';
import type { NoticeMessage } from './notification.store.ts';

/** The text of a notice: its catalogue message, or the server's text when the code has none. */
export function useNoticeText(): (message: NoticeMessage) => string {
  const { t, i18n } = useTranslation();
  return (message) =>
    i18n.exists(message.key) || !message.fallback ? t(message.key, message.params ?? {}) : message.fallback;
}

interface NoticeListProps {
  /** Error messages (one banner; a list when several), or null. */
  error: readonly NoticeMessage[] | null;
  success: NoticeMessage | null;
  onCloseError: () => void;
  onCloseSuccess: () => void;
  /** The banners' test ids: the page's and a dialog's differ. */
  testIds: { error: string; success: string };
  compact?: boolean;
}

/** The error banner (role alert) and the success banner (role status), each closable. */
export function NoticeList({
  error,
  success,
  onCloseError,
  onCloseSuccess,
  testIds,
  compact = false,
}: NoticeListProps) {
  const { t } = useTranslation();
  const text = useNoticeText();
  if (!error && !success) return null;
  return (
    <Stack gap={compact ? 'xs' : 'sm'} mb={compact ? 'sm' : 'md'}>
      {error && (
        <Alert
          role="alert"
          color="red"
          variant="light"
          icon={<IconAlertCircle />}
          withCloseButton
          closeButtonLabel={t('shell.banners.close')}
          onClose={onCloseError}
          data-testid={testIds.error}
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
          onClose={onCloseSuccess}
          data-testid={testIds.success}
        >
          <Text size="sm">{text(success)}</Text>
        </Alert>
      )}
    </Stack>
  );
}
