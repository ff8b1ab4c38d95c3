import { Code, Text } from '@mantine/core';
import { API_TOKEN_CALLS_PER_MINUTE, type ApiTokenCreated } from '@vestibule/shared';
import { useTranslation } from 'react-i18next';
import { ShownOnceDialog } from './ShownOnceDialog.tsx';

/**
 * A token just made, shown this once (only that answer carries it; the server keeps its SHA-256),
 * with a Copy button and how a system uses it (docs/api-tokens.md): in the `Authorization: Bearer`
 * header of each call, at most API_TOKEN_CALLS_PER_MINUTE calls a minute.
 */
export function ApiTokenCreatedDialog({ answer, onClose }: { answer: ApiTokenCreated; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <ShownOnceDialog
      keys="integrations.apiTokens.created"
      intro={t('integrations.apiTokens.created.intro', { name: answer.apiToken.name })}
      value={answer.token}
      testId="api-token-created"
      onClose={onClose}
    >
      <Text size="sm">{t('integrations.apiTokens.created.how')}</Text>
      <Code block>{`Authorization: Bearer ${t('integrations.apiTokens.created.placeholder')}`}</Code>
      <Text size="sm">{t('integrations.apiTokens.created.limit', { number: API_TOKEN_CALLS_PER_MINUTE })}</Text>
    </ShownOnceDialog>
  );
}
