import { ActionIcon, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import type { WebhookEndpoint, WebhookEndpointWithSecret, WebhookEndpoints } from '@vestibule/shared';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/apiClient.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { IconPlus } from '../../components/ListIcons.tsx';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { DeleteAction, EditAction, RowActions } from '../../components/RowActions.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { useDeleteConfirm } from '../../components/useDeleteConfirm.ts';
import { useLoaded } from '../floors/index.ts';
import { messageFromError, notifications } from '../notifications/index.ts';
import { IconKey } from './IntegrationIcons.tsx';
import { WebhookDialog } from './WebhookDialog.tsx';
import { WebhookSecretDialog } from './WebhookSecretDialog.tsx';

/**
 * The company's webhook endpoints (docs/webhooks.md): each address with the events it is sent,
 * whether it is active, and the deliveries still tried or failed in the last day; added, changed,
 * its secret replaced (shown once) or removed with its deliveries. `onChanged` tells the page,
 * whose delivery log follows.
 */
export function WebhooksSection({ onChanged }: { onChanged: () => void }) {
  const { t } = useTranslation();
  const load = useCallback((signal: AbortSignal) => api.call('GET /webhooks', { signal }), []);
  const { state, reload } = useLoaded<WebhookEndpoints>(load);
  const [dialog, setDialog] = useState<{ endpoint: WebhookEndpoint | null } | null>(null);
  const [secret, setSecret] = useState<WebhookEndpointWithSecret | null>(null);
  const [replacing, setReplacing] = useState<WebhookEndpoint | null>(null);
  const changed = () => {
    reload();
    onChanged();
  };
  const deleting = useDeleteConfirm(
    (endpoint: WebhookEndpoint) => api.call('DELETE /webhooks/:id', { params: { id: endpoint.id } }),
    changed,
  );

  const replaceSecret = async (endpoint: WebhookEndpoint) => {
    setReplacing(null);
    try {
      setSecret(await api.call('POST /webhooks/:id/secret', { params: { id: endpoint.id } }));
    } catch (error) {
      notifications.showError(messageFromError(error));
    }
  };

  const add = (
    <Button leftSection={<IconPlus />} onClick={() => setDialog({ endpoint: null })}>
      {t('integrations.webhooks.add')}
    </Button>
  );

  return (
    <SectionCard title={t('integrations.webhooks.title')}>
      {state.kind === 'loading' && <Spinner />}
      {state.kind === 'failed' && (
        <LoadFailed title={t('integrations.webhooks.title')} error={state.error} onRetry={reload} />
      )}
      {state.kind === 'loaded' && state.data.endpoints.length === 0 && (
        <Stack gap="sm" align="flex-start">
          <Text>{t('integrations.webhooks.empty')}</Text>
          {add}
        </Stack>
      )}
      {state.kind === 'loaded' && state.data.endpoints.length > 0 && (
        <>
          <Group justify="space-between" align="flex-start">
            <Text style={{ flex: '1 1 24rem' }}>{t('integrations.webhooks.intro')}</Text>
            {add}
          </Group>
          <EndpointTable
            endpoints={state.data.endpoints}
            onEdit={(endpoint) => setDialog({ endpoint })}
            onReplaceSecret={setReplacing}
            onRemove={deleting.ask}
          />
        </>
      )}
      {dialog && (
        <WebhookDialog
          endpoint={dialog.endpoint}
          onClose={(saved) => {
            setDialog(null);
            if (saved === null) return;
            changed();
            if ('secret' in saved) setSecret(saved);
          }}
        />
      )}
      {secret && <WebhookSecretDialog answer={secret} onClose={() => setSecret(null)} />}
      <ConfirmDialog
        opened={replacing !== null}
        title={t('integrations.webhooks.replaceTitle')}
        confirmLabel={t('integrations.webhooks.replaceConfirm')}
        cancelLabel={t('common.cancel')}
        danger
        onConfirm={() => replacing && void replaceSecret(replacing)}
        onCancel={() => setReplacing(null)}
        data-testid="replace-webhook-secret"
      >
        {t('integrations.webhooks.replaceText', { url: replacing?.url ?? '' })}
      </ConfirmDialog>
      <ConfirmDialog
        {...deleting.dialog}
        title={t('integrations.webhooks.removeTitle')}
        confirmLabel={t('integrations.webhooks.removeConfirm')}
        data-testid="remove-webhook"
      >
        {t('integrations.webhooks.removeText', { url: deleting.item?.url ?? '' })}
      </ConfirmDialog>
    </SectionCard>
  );
}

function EndpointTable({
  endpoints,
  onEdit,
  onReplaceSecret,
  onRemove,
}: {
  endpoints: WebhookEndpoint[];
  onEdit: (endpoint: WebhookEndpoint) => void;
  onReplaceSecret: (endpoint: WebhookEndpoint) => void;
  onRemove: (endpoint: WebhookEndpoint) => void;
}) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table withTableBorder verticalSpacing="xs" data-testid="webhooks-table">
        <Table.Caption>{t('integrations.webhooks.caption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('integrations.webhooks.columns.address')}</Table.Th>
            <Table.Th scope="col">{t('integrations.webhooks.columns.events')}</Table.Th>
            <Table.Th scope="col">{t('integrations.webhooks.columns.state')}</Table.Th>
            <Table.Th scope="col">{t('integrations.webhooks.columns.deliveries')}</Table.Th>
            <Table.Th scope="col" w={130}>
              {t('integrations.webhooks.columns.actions')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {endpoints.map((endpoint) => (
            <Table.Tr key={endpoint.id}>
              <Table.Th scope="row" fw={500}>
                <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {endpoint.url}
                </Text>
                {endpoint.description && (
                  <Text size="xs" c="dimmed">
                    {endpoint.description}
                  </Text>
                )}
              </Table.Th>
              <Table.Td>
                <Text size="sm">{endpoint.events.map((event) => t(`integrations.events.${event}`)).join(', ')}</Text>
              </Table.Td>
              <Table.Td>
                <Badge color={endpoint.active ? 'teal.9' : 'gray.7'} variant="filled" miw="max-content">
                  {t(endpoint.active ? 'integrations.webhooks.states.active' : 'integrations.webhooks.states.paused')}
                </Badge>
              </Table.Td>
              <Table.Td>
                {endpoint.pending === 0 && endpoint.failedLastDay === 0 ? (
                  <Text size="sm" c="dimmed">
                    {t('integrations.webhooks.noTrouble')}
                  </Text>
                ) : (
                  <Stack gap={2}>
                    {endpoint.pending > 0 && (
                      <Text size="sm">{t('integrations.webhooks.pending', { number: endpoint.pending })}</Text>
                    )}
                    {endpoint.failedLastDay > 0 && (
                      <Text size="sm" c="red.9" fw={600}>
                        {t('integrations.webhooks.failed', { number: endpoint.failedLastDay })}
                      </Text>
                    )}
                  </Stack>
                )}
              </Table.Td>
              <Table.Td>
                <RowActions>
                  <EditAction
                    label={t('integrations.webhooks.edit', { url: endpoint.url })}
                    onClick={() => onEdit(endpoint)}
                  />
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('integrations.webhooks.replaceSecret', { url: endpoint.url })}
                    onClick={() => onReplaceSecret(endpoint)}
                  >
                    <IconKey />
                  </ActionIcon>
                  <DeleteAction
                    label={t('integrations.webhooks.remove', { url: endpoint.url })}
                    onClick={() => onRemove(endpoint)}
                  />
                </RowActions>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
