import { Button, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  WEBHOOK_EVENT_HEADER,
  WEBHOOK_ID_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  type WebhookEndpointWithSecret,
} from '@vestibule/shared';
import { useTranslation } from 'react-i18next';
import { AppDialog, DialogActions } from '../../components/AppDialog.tsx';
import { IconCopy } from '../../components/ListIcons.tsx';
import { notifications } from '../notifications/index.ts';

const clipboardAvailable = () =>
  typeof navigator !== 'undefined' && typeof navigator.clipboard?.writeText === 'function';

/**
 * An endpoint's signing secret, just made or replaced: shown this once (only that answer carries
 * it), with a Copy button and how a receiver checks a delivery's signature
 * (docs/webhooks.md): HMAC-SHA256 of "timestamp.body" with this secret, in the signature header.
 */
export function WebhookSecretDialog({ answer, onClose }: { answer: WebhookEndpointWithSecret; onClose: () => void }) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(answer.secret);
      notifications.showSuccess({ key: 'common.SUCCESS_CLIPBOARD' });
    } catch {
      notifications.showError({ key: 'errors.FAILED_CLIPBOARD' });
    }
  };
  return (
    <AppDialog opened onClose={onClose} title={t('integrations.secret.title')} size="lg" data-testid="webhook-secret">
      <Stack gap="md">
        <Text style={{ overflowWrap: 'anywhere' }}>{t('integrations.secret.intro', { url: answer.endpoint.url })}</Text>
        <TextInput
          label={t('integrations.secret.label')}
          value={answer.secret}
          description={t('integrations.secret.once')}
          readOnly
          ff="monospace"
          styles={{ description: { fontWeight: 600 } }}
          onFocus={(event) => event.currentTarget.select()}
        />
        {clipboardAvailable() && (
          <Button
            variant="default"
            leftSection={<IconCopy />}
            onClick={() => void copy()}
            aria-label={t('integrations.secret.copyLabel')}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('integrations.secret.copy')}
          </Button>
        )}
        <Stack gap="xs">
          <Title order={3} size="h5">
            {t('integrations.secret.howTitle')}
          </Title>
          <Text size="sm">{t('integrations.secret.how', { header: WEBHOOK_SIGNATURE_HEADER })}</Text>
          <Text size="sm">
            {t('integrations.secret.headers', { event: WEBHOOK_EVENT_HEADER, id: WEBHOOK_ID_HEADER })}
          </Text>
        </Stack>
        <DialogActions>
          <Button onClick={onClose}>{t('integrations.secret.done')}</Button>
        </DialogActions>
      </Stack>
    </AppDialog>
  );
}
