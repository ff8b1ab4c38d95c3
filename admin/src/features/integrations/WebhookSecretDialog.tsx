import { Text } from '@mantine/core';
import {
  WEBHOOK_EVENT_HEADER,
  WEBHOOK_ID_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  type WebhookEndpointWithSecret,
} from '@vestibule/shared';
import { useTranslation } from 'react-i18next';
import { ShownOnceDialog } from './ShownOnceDialog.tsx';

/**
 * An endpoint's signing secret, just made or replaced: shown this once (only that answer carries
 * it), with a Copy button and how a receiver checks a delivery's signature
 * (docs/webhooks.md): HMAC-SHA256 of "timestamp.body" with this secret, in the signature header.
 */
export function WebhookSecretDialog({ answer, onClose }: { answer: WebhookEndpointWithSecret; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <ShownOnceDialog
      keys="integrations.secret"
      intro={t('integrations.secret.intro', { url: answer.endpoint.url })}
      value={answer.secret}
      testId="webhook-secret"
      onClose={onClose}
    >
      <Text size="sm">{t('integrations.secret.how', { header: WEBHOOK_SIGNATURE_HEADER })}</Text>
      <Text size="sm">{t('integrations.secret.headers', { event: WEBHOOK_EVENT_HEADER, id: WEBHOOK_ID_HEADER })}</Text>
    </ShownOnceDialog>
  );
}
