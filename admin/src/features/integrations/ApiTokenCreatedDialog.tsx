import { Button, Code, Stack, Text, TextInput, Title } from '@mantine/core';
import { API_TOKEN_CALLS_PER_MINUTE, type ApiTokenCreated } from '@vestibule/shared';
import { useTranslation } from 'react-i18next';
import { AppDialog, DialogActions } from '../../components/AppDialog.tsx';
import { IconCopy } from '../../components/ListIcons.tsx';
import { notifications } from '../notifications/index.ts';

const clipboardAvailable = () =>
  typeof navigator !== 'undefined' && typeof navigator.clipboard?.writeText === 'function';

/**
 * A token just made, shown this once (only that answer carries it; the server keeps its SHA-256),
 * with a Copy button and how a system uses it (docs/api-tokens.md): in the `Authorization: Bearer`
 * header of each call, at most API_TOKEN_CALLS_PER_MINUTE calls a minute.
 */
export function ApiTokenCreatedDialog({ answer, onClose }: { answer: ApiTokenCreated; onClose: () => void }) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(answer.token);
      notifications.showSuccess({ key: 'common.SUCCESS_CLIPBOARD' });
    } catch {
      notifications.showError({ key: 'errors.FAILED_CLIPBOARD' });
    }
  };
  return (
    <AppDialog
      opened
      onClose={onClose}
      title={t('integrations.apiTokens.created.title')}
      size="lg"
      data-testid="api-token-created"
    >
      <Stack gap="md">
        <Text style={{ overflowWrap: 'anywhere' }}>
          {t('integrations.apiTokens.created.intro', { name: answer.apiToken.name })}
        </Text>
        <TextInput
          label={t('integrations.apiTokens.created.label')}
          value={answer.token}
          description={t('integrations.apiTokens.created.once')}
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
            aria-label={t('integrations.apiTokens.created.copyLabel')}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('integrations.apiTokens.created.copy')}
          </Button>
        )}
        <Stack gap="xs">
          <Title order={3} size="h5">
            {t('integrations.apiTokens.created.howTitle')}
          </Title>
          <Text size="sm">{t('integrations.apiTokens.created.how')}</Text>
          <Code block>{`Authorization: Bearer ${t('integrations.apiTokens.created.placeholder')}`}</Code>
          <Text size="sm">{t('integrations.apiTokens.created.limit', { number: API_TOKEN_CALLS_PER_MINUTE })}</Text>
        </Stack>
        <DialogActions>
          <Button onClick={onClose}>{t('integrations.apiTokens.created.done')}</Button>
        </DialogActions>
      </Stack>
    </AppDialog>
  );
}
